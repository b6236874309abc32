import { apiLogin, DEMO, expect, expectAccessible, registerCustomer, screenshot, test } from '../fixtures.ts';

// Sending a pass uses one from the bundle: each run sends as a fresh member of its own (a full bundle).
test.use({ memberKind: 'payments' });

test('a member sends a guest pass to a friend at a venue and opens it', async ({
  page,
  hasTouch,
  member: _member,
}, info) => {
  const tag = info.project.name;
  await page.goto('/account/guest-passes');
  await expect(page.getByRole('heading', { name: 'Guest Passes', level: 1 })).toBeVisible();
  await expect(page.getByText('5 Guest Pass Bundle').first()).toBeVisible();
  await page.getByRole('link', { name: 'Send a guest pass' }).click();
  await expect(page).toHaveURL(/\/guest-passes\/available-passes$/);

  const guest = `Robin ${tag === 'desktop' ? 'Ashby' : 'Barnes'}`;
  await page.getByLabel('Guest name').fill(guest);
  await page.getByLabel('Guest email').fill(`robin.${tag}@example.org`);
  await page.getByRole('button', { name: 'Send guest pass' }).click();
  await expect(page.getByText('Please select a venue').first()).toBeVisible();

  const venue = page.getByRole('combobox', { name: 'Venue' });
  await venue.scrollIntoViewIfNeeded();
  await venue.pressSequentially('Po');
  await expect(page.getByRole('option')).toHaveCount(0); // results only after more than 2 characters
  await venue.pressSequentially('n');
  const suggestion = page.getByRole('option', { name: /Ponds Forge/ });
  await expect(suggestion).toBeVisible();
  // The open list leaves the rest of the page readable and usable (no aria-hidden around focusable content).
  await expect(venue).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await screenshot(page, 'guest-pass-venues', tag);
  // On a phone a suggestion is tapped at once, while the on-screen keyboard would still be opening: the tap must
  // land on the suggestion, not go through to what lies under the list.
  if (hasTouch) {
    // In view first (as a tap would be): elementFromPoint sees only the viewport.
    await suggestion.scrollIntoViewIfNeeded();
    const isOnTop = await suggestion.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(isOnTop).toBe(true);
    await suggestion.tap();
  } else await suggestion.click();
  await expect(venue).toHaveValue(/Ponds Forge/);
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.getByText('Please select a venue')).toHaveCount(0);

  // Chosen with the keyboard: Escape closes the list, the down arrow highlights a suggestion, Enter chooses it.
  await venue.fill('');
  await venue.pressSequentially('Pon');
  await expect(suggestion).toBeVisible();
  await venue.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  await venue.press('ArrowDown');
  await expect(suggestion).toBeVisible();
  await venue.press('ArrowDown');
  await venue.press('Enter');
  await expect(venue).toHaveValue(/Ponds Forge/);
  await expect(page.getByRole('option')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send guest pass' }).click();
  await expect(page.getByText('Guest pass sent successfully')).toBeVisible();

  await page.goto('/account/guest-passes');
  await page.getByRole('link', { name: `View guest pass for ${guest}` }).click();
  await expect(page.getByRole('heading', { name: 'Guest pass details' })).toBeVisible();
  await expect(page.getByText('Issued').first()).toBeVisible();
  await expect(page.getByText(/Ponds Forge/).first()).toBeVisible();
  await expect(page.getByText(/\d{1,2} [A-Z][a-z]{2} \d{4} at \d{2}:\d{2}/).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'guest-pass', tag);
});

test('sent guest passes page through ten at a time', async ({ page, baseURL }, info) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/account/guest-passes');
  await expect(page.getByText(/Showing 1–10 of \d+/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(page.getByRole('link', { name: /^View guest pass for / })).toHaveCount(10);
  await expectAccessible(page);
  await screenshot(page, 'guest-passes', info.project.name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/Showing 11–\d+ of \d+/)).toBeVisible();
  await expect(page.getByText('Expired').first()).toBeVisible();
});

test('a guest pass that is not there says so, with a way back and no retry that cannot work', async ({
  page,
  baseURL,
}) => {
  await registerCustomer(page, baseURL!);
  await page.goto('/account/guest-passes/pass-details/987654');
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to complete request, item not found.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go back to Guest passes' })).toBeVisible();
  await expectAccessible(page);
});
