import { CARDS, dayFromToday, expect, expectAccessible, HOME_VENUE, screenshot, test } from '../fixtures.ts';

// Each test books as a fresh member like the demo customer (home venue, Gym & Swim by direct debit, a saved
// Visa), made for it alone: the two widths run at once, in their own projects.
test.use({ memberKind: 'demo' });

test('a member like the demo customer books a class and pays by card', async ({
  page,
  member: _member,
}, info) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 900 });
  const tag = info.project.name;

  // 'Book an activity' opens the member's home venue timetable (no venue chooser).
  await page.goto('/redirect-to-selected-venue');
  await expect(page).toHaveURL(new RegExp(`/venues/${HOME_VENUE.slug}`));
  await expect(page.getByRole('heading', { name: HOME_VENUE.name, level: 1 })).toBeVisible();

  const day = dayFromToday(tag === 'phone' ? 4 : 3);
  await page
    .getByRole('navigation', { name: 'Choose a day' })
    .getByRole('button', { name: day.button })
    .click();
  await page.getByLabel('Category').selectOption('Cycling');
  const bookable = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to basket' }) })
    .first();
  const name = (await bookable.getByRole('heading').textContent())!.trim();
  const times = (await bookable.textContent())!.match(/\d\d:\d\d - \d\d:\d\d/)![0];
  // The same card, found by what it says rather than by its button (which changes once added).
  const session = page.getByRole('article').filter({ hasText: name }).filter({ hasText: times });
  await expectAccessible(page);
  await screenshot(page, 'timetable', tag);

  await session.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await expect(session.getByText('In basket')).toBeVisible();

  await page.goto('/basket');
  const items = page.getByRole('list', { name: 'Items in your basket' });
  await expect(items.getByText(name).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'basket', tag);

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const payButton = page.getByRole('button', { name: /^Pay £/ });
  // Terms are required: paying without them shows the error state and charges nothing.
  await page.getByRole('radio', { name: 'Use a new card' }).check();
  await page.getByLabel('Cardholder name', { exact: true }).fill('Alex Morgan');
  await page.getByLabel('Card number', { exact: true }).fill(CARDS.success);
  await page.getByLabel('Expiry date', { exact: true }).fill('12/30');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('First name', { exact: true }).fill('Alex');
  await page.getByLabel('Last name', { exact: true }).fill('Morgan');
  await page.getByLabel('Address line 1', { exact: true }).fill('Middleton Grove');
  await page.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await page.getByLabel('Postcode', { exact: true }).fill('LS11 5DJ');
  await payButton.click();
  await expect(page.getByText('You must agree to the Terms and Conditions.').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'checkout', tag);

  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await payButton.click();
  await expect(page.getByText('Order completed Successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/);
  await expect(page.getByText(name).first()).toBeVisible();
  const calendar = page.getByRole('link', { name: 'Add to calendar' });
  const ics = await page.request.get(new URL((await calendar.getAttribute('href'))!, page.url()).toString());
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  await expectAccessible(page);
  await screenshot(page, 'booking-confirmed', tag);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('a member like the demo customer buys a second membership: no direct-debit step, paid with the saved card', async ({
  page,
  member: _member,
}, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 900 });
  await page.goto(`/join/centre/${HOME_VENUE.slug}`);
  await expect(page.getByRole('heading', { name: 'Choose your membership' })).toBeVisible();
  await page.getByRole('button', { name: /Choose this membership.*Swim Only/ }).click();
  await expect(page).toHaveURL(/\/membership\/swim-only\/recurring$/);

  // A logged-in member's details are already known.
  await expect(page.getByText("These details can't be edited right now")).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('form', { name: 'Additional details' })
    .getByLabel('How did you hear about us?')
    .selectOption('Leaflet');
  await page
    .getByRole('form', { name: 'Additional details' })
    .getByRole('button', { name: 'Continue' })
    .click();

  // The demo customer already pays by direct debit: no billing day to pick, no bank details.
  const review = page.locator('[aria-current="step"]');
  await expect(review.getByRole('heading', { name: /Review & select dates/ })).toBeVisible();
  await expect(review.getByText('Starting next month on your usual payment date')).toBeVisible();
  await expect(review.getByLabel('Billing day')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Monthly payment/ })).toHaveCount(0);
  await review.getByRole('checkbox', { name: 'I agree to the health commitment' }).check();
  await review.getByRole('checkbox', { name: 'I agree to the membership terms and conditions' }).check();
  await expectAccessible(page);
  await screenshot(page, 'join-review-dates-member', info.project.name);
  await review.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout/);
  await expect(page.getByText('Swim Only').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/, { timeout: 15_000 });
  await page.getByRole('link', { name: 'View my memberships' }).click();
  const card = page.getByRole('article').filter({ hasText: 'Swim Only' });
  await expect(card.getByText('Active')).toBeVisible();
  await expectAccessible(page);
});
