import {
  apiLogin,
  apiLogout,
  bookViaApi,
  createMember,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  HOME_VENUE,
  type Page,
  test,
} from '../fixtures.ts';

// 'Add to basket' tapped before logging in is not lost (issue 42, item 2): after creating an account on the account
// site, or logging in in the modal, the visitor is back on the timetable on the day they chose, with the session
// added. On the phone (behaviour only: PHONE_ONLY in playwright.config.ts).

const strip = (page: Page) => page.getByRole('navigation', { name: 'Choose a day' });

/** A guest opens the home venue's timetable and chooses a day in the strip (the day goes into the URL). */
async function chooseDay(page: Page, days: number) {
  const day = dayFromToday(days);
  await page.goto(`/venues/${HOME_VENUE.slug}`);
  await strip(page).getByRole('button', { name: day.button }).click();
  await expect(page).toHaveURL(new RegExp(`\\?date=${day.iso}$`));
  return day;
}

/** The card of a session, found by what it says rather than by its button (which changes once added). */
async function bookableCard(page: Page) {
  const bookable = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to basket' }) })
    .first();
  const name = (await bookable.getByRole('heading').textContent())!.trim();
  const times = (await bookable.textContent())!.match(/\d\d:\d\d - \d\d:\d\d/)![0];
  return { name, card: page.getByRole('article').filter({ hasText: name }).filter({ hasText: times }) };
}

test('a new person who taps Add to basket and creates an account finds the session in the basket', async ({
  page,
}) => {
  const day = await chooseDay(page, 3);
  const { name, card } = await bookableCard(page);
  await card.getByRole('button', { name: 'Add to basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email', { exact: true }).fill(`robin.${Date.now().toString(36)}@example.org`);
  await page.getByLabel('Password', { exact: true }).fill('Swim-Lane-7!');
  await page.getByLabel('Repeat password').fill('Swim-Lane-7!');
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Back on the timetable, on the chosen day, the session added and focus on the next step.
  await expect(page).toHaveURL(new RegExp(`/venues/${HOME_VENUE.slug}\\?date=${day.iso}$`));
  await expect(page.getByText('Your account has been created.')).toBeVisible();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await expect(strip(page).getByRole('button', { name: day.button })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('In basket')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View basket' })).toBeFocused();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectAccessible(page);

  await card.getByRole('link', { name: 'View basket' }).click();
  const items = page.getByRole('list', { name: 'Items in your basket' });
  await expect(items.getByText(name).first()).toBeVisible();
  await expectAccessible(page);

  // Done once: the timetable opened again adds nothing more.
  await page.goBack();
  await expect(card.getByText('In basket')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('a member who taps Add to basket and logs in in the modal stays on the chosen day with the session added', async ({
  page,
  baseURL,
}) => {
  const member = await createMember(page, baseURL!, 'payments');
  const day = await chooseDay(page, 4);
  const { card } = await bookableCard(page);
  await card.getByRole('button', { name: 'Add to basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' });
  await dialog.getByLabel('Email or customer ID').fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await expect(card.getByText('In basket')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View basket' })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/venues/${HOME_VENUE.slug}\\?date=${day.iso}$`));
  await expect(strip(page).getByRole('button', { name: day.button })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectAccessible(page);
});

test("an add that fails after logging in shows the server's message", async ({ page, baseURL }) => {
  // A member already booked on the session (booked through the API, then logged out).
  const member = await createMember(page, baseURL!, 'payments');
  const day = dayFromToday(5);
  await apiLogin(page, baseURL!, member.email, member.password);
  const booked = await findSession(page, baseURL!, { date: day.iso });
  await bookViaApi(page, baseURL!, booked.id);
  await apiLogout(page, baseURL!);

  await chooseDay(page, 5);
  const card = page
    .getByRole('article')
    .filter({ hasText: booked.name })
    .filter({ hasText: booked.starts_at.time });
  await card.getByRole('button', { name: 'Add to basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' });
  await dialog.getByLabel('Email or customer ID').fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You are already booked on this session.')).toBeVisible();
  await expect(card.getByText('Booked', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expectAccessible(page);
});

test('closing the login modal drops the add: logging in later adds nothing', async ({ page, baseURL }) => {
  const member = await createMember(page, baseURL!, 'payments');
  await chooseDay(page, 4);
  const { card } = await bookableCard(page);
  await card.getByRole('button', { name: 'Add to basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  await dialog.getByLabel('Email or customer ID').fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  const mine = page.waitForResponse((res) => res.url().includes('/sessions/mine'));
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The member's own facts have loaded (the cards show again) and nothing was added.
  await mine;
  await expect(card.getByRole('button', { name: 'Add to basket' })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(card.getByText('In basket')).toHaveCount(0);
});
