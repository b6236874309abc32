import type { Browser, Page } from '@playwright/test';
import {
  apiLogin,
  CARDS,
  createMember,
  DEMO,
  expect,
  expectAccessible,
  screenshot,
  type TestCustomer,
  test,
} from '../fixtures.ts';

// The demo's front desk (Jo Walker) works at the demo member's home venue.
const DESK = { email: 'desk@fieldhouse.test', password: 'Fieldhouse1!', name: 'Jo Walker' };
const VENUE = 'John Charles Centre for Sport';

async function logInAtTheDesk(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(DESK.email);
  await page.getByLabel('Password').fill(DESK.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${DESK.name}` })).toBeVisible();
}

/**
 * A fresh member of this test's own in another browser (logged in there through the API): `desk` members have a
 * guest-pass bundle and are booked on the home venue's first session of today.
 */
async function memberInOwnBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await createMember(page, baseURL, 'desk');
  await apiLogin(page, baseURL, member.email, member.password);
  return { page, member, close: () => context.close() };
}

async function memberApi(page: Page, baseURL: string, method: 'get' | 'post', path: string, data?: unknown) {
  const csrf = (await page.context().cookies(baseURL)).find((c) => c.name === 'fh_csrf')?.value ?? '';
  const response = await page.context().request[method](`${baseURL}/api/${path}`, {
    data,
    headers: { 'x-csrf-token': csrf },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data;
}

type MemberBooking = { id: number; name: string; date: string; attended: boolean | null; status: string };
const bookingsOf = async (page: Page, baseURL: string): Promise<MemberBooking[]> => [
  ...(await memberApi(page, baseURL, 'get', 'bookings?filter=past')),
  ...(await memberApi(page, baseURL, 'get', 'bookings?filter=future')),
];

const searchField = (page: Page) => page.getByLabel('Name, email, customer number or postcode');

async function openCustomer(page: Page, member: TestCustomer) {
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Front desk' })
    .click();
  await searchField(page).fill(member.reference);
  await searchField(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '1 customer found' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(member.reference) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${member.firstName} Tester` })).toBeVisible();
}

test('the front desk finds the demo member by name, or by customer number with the keyboard, and sees their record', async ({
  page,
}, info) => {
  await logInAtTheDesk(page);
  const nav = page.getByRole('navigation', { name: 'Staff console' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Front desk', 'Registers']);
  // Home points the front desk to its tools.
  await expect(page.getByRole('link', { name: 'Guest passes' })).toBeVisible();
  await expect(page.getByText('Desk tools are coming')).toHaveCount(0);
  await expectAccessible(page);

  // Find a customer: too short, nobody, then the demo member by name and by customer number with the keyboard.
  await nav.getByRole('link', { name: 'Front desk' }).click();
  await expect(page.getByRole('heading', { name: 'Find a customer' })).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await expectAccessible(page);
  await searchField(page).fill('A');
  await searchField(page).press('Enter');
  await expect(page.getByText('Please enter at least 2 characters to search')).toBeVisible();
  await searchField(page).fill('Nobody Zzyzx');
  await searchField(page).press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'No customers match “Nobody Zzyzx”' }),
  ).toBeVisible();
  await searchField(page).fill(DEMO.firstName);
  await searchField(page).press('Enter');
  await expect(page.getByRole('link', { name: /Alex Morgan.*FH100001/ })).toBeVisible();
  await expectAccessible(page);
  await searchField(page).fill('FH100001');
  await searchField(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '1 customer found' })).toBeVisible();
  await searchField(page).press('ArrowDown');
  await expect(page.getByRole('link', { name: /Alex Morgan/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeVisible();
  for (const section of [
    'Memberships',
    'Upcoming bookings',
    'Recent bookings',
    'Orders and refunds',
    'Credit',
    'Unpaid fees',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Gym & Swim').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Alex Morgan/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'desk-customer', info.project.name);
  // Back returns to the search as it was.
  await page.getByRole('link', { name: 'Find a customer' }).first().click();
  await expect(searchField(page)).toHaveValue('FH100001');
});

test('the front desk checks a member in, books them on a session, takes cash; the member sees the booking', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const tag = info.project.name;
  const own = await memberInOwnBrowser(browser, baseURL!);
  await logInAtTheDesk(page);

  // Checked in at the desk's venue, with confirmation. A desk member has no membership: the desk lets them in only
  // from 30 minutes before their class of today to its end, else with an override (check-in-override.spec.ts).
  await openCustomer(page, own.member);
  const verdict = page.getByTestId('check-in-verdict');
  await expect(verdict).toHaveText(/^✓ May enterBooked: |^✕ Cannot enter:They have no membership$/);
  if ((await verdict.textContent())!.includes('May enter')) {
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(page.getByText(`Check ${own.member.firstName} in at ${VENUE} now?`)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm check-in' }).click();
  } else {
    await page.getByRole('button', { name: 'Override and check in' }).click();
    await page.getByLabel('Reason for letting them in').fill('Paying for a class at the desk');
    await page.getByRole('button', { name: 'Check in with override' }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: `Checked in at ${VENUE}` })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Recent check-ins' })
      .getByText(new RegExp(`at ${VENUE} · by ${DESK.name}`)),
  ).toBeVisible();

  // Book tomorrow's first session at the venue, pay cash.
  const book = page.getByRole('region', { name: 'Book a session' });
  const tomorrow = await page.evaluate(() => {
    const day = new Date(Date.now() + 86_400_000);
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(day);
  });
  await book.getByLabel('Day').fill(tomorrow);
  const add = book.getByRole('button', { name: /^Add to basket: / }).first();
  const label = (await add.getAttribute('aria-label'))!;
  const sessionName = label.replace(/^Add to basket: (.*) at \d{2}:\d{2}$/, '$1');
  await add.click();
  const basket = page.getByRole('region', { name: 'Basket' });
  await expect(basket.getByText(sessionName)).toBeVisible();
  await expect(basket.getByTestId('desk-basket-total')).toHaveText(/^£\d+\.\d{2}$/);
  const total = await basket.getByTestId('desk-basket-total').textContent();
  await expect(basket.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expectAccessible(page);
  await basket.getByRole('button', { name: `Take ${total} by cash and book` }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeFocused();
  await expect(page.getByText(`${own.member.firstName} Tester is booked. Order`)).toContainText(
    `${total} paid by cash`,
  );

  // The member's account lists the booking.
  const booked = await bookingsOf(own.page, baseURL!);
  expect(booked).toContainEqual(
    expect.objectContaining({ name: sessionName, date: tomorrow, status: 'booked' }),
  );

  // Booking the same session again is refused in the server's words.
  await book.getByRole('button', { name: label }).click();
  await expect(book.getByRole('alert')).toHaveText('You are already booked on this session.');
  await expect(
    page.getByRole('region', { name: 'Upcoming bookings' }).getByText(sessionName).first(),
  ).toBeVisible();
  await screenshot(page, 'desk-booked', tag);
  await own.close();
});

test('the front desk takes a card: a declined card books nothing, a card the bank checks books once approved', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const own = await memberInOwnBrowser(browser, baseURL!);
  await logInAtTheDesk(page);
  await openCustomer(page, own.member);

  // Two days ahead, the venue's first session, into the customer's basket.
  const book = page.getByRole('region', { name: 'Book a session' });
  const day = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() + 2 * 86_400_000),
    ),
  );
  await book.getByLabel('Day').fill(day);
  const add = book.getByRole('button', { name: /^Add to basket: / }).first();
  const sessionName = (await add.getAttribute('aria-label'))!.replace(
    /^Add to basket: (.*) at \d{2}:\d{2}$/,
    '$1',
  );
  await add.click();
  const basket = page.getByRole('region', { name: 'Basket' });
  await expect(basket.getByText(sessionName)).toBeVisible();
  const total = (await basket.getByTestId('desk-basket-total').textContent())!;

  // Card: the card form appears (demo: the test cards beside it); an empty form is checked before anything is sent.
  await basket.getByRole('radio', { name: 'Card' }).check();
  await expect(basket.getByRole('group', { name: 'Card details' })).toBeVisible();
  await expect(basket.getByRole('checkbox', { name: 'Save this card for next time' })).toHaveCount(0);
  const charge = basket.getByRole('button', { name: `Charge ${total} to the card and book` });
  await charge.click();
  await expect(basket.getByText('Please enter the name on the card')).toBeVisible();
  await expectAccessible(page);

  const fillCard = async (number: string) => {
    await basket.getByLabel('Cardholder name', { exact: true }).fill(`${own.member.firstName} Tester`);
    await basket.getByLabel('Card number', { exact: true }).fill(number);
    await basket.getByLabel('Expiry date', { exact: true }).fill('12/30');
    await basket.getByLabel('Security code', { exact: true }).fill('123');
    await basket.getByLabel('First name', { exact: true }).fill(own.member.firstName);
    await basket.getByLabel('Last name', { exact: true }).fill('Tester');
    await basket.getByLabel('Address line 1', { exact: true }).fill('1 Fullerton Park');
    await basket.getByLabel('Town or city', { exact: true }).fill('Leeds');
    await basket.getByLabel('Postcode', { exact: true }).fill('LS11 5DJ');
  };

  // Declined: the provider's reason, the basket kept, nothing booked.
  await fillCard(CARDS.declined);
  await charge.click();
  await expect(basket.getByRole('alert').getByText(/Your card was declined/)).toBeVisible();
  await expect(basket.getByText(sessionName)).toBeVisible();
  expect(
    (await bookingsOf(own.page, baseURL!)).filter((b) => b.name === sessionName && b.date === day),
  ).toEqual([]);

  // A card the bank checks: the check takes focus; approved, the booking completes, paid by card.
  await basket.getByLabel('Card number', { exact: true }).fill(CARDS.furtherCheck);
  await charge.click();
  const check = basket.getByRole('region', { name: "The customer's bank needs to confirm this payment" });
  await expect(check.getByRole('heading')).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'desk-card-check', info.project.name);
  await check.getByRole('button', { name: 'The customer approved it' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeFocused();
  await expect(page.getByText(`${own.member.firstName} Tester is booked. Order`)).toContainText(
    `${total} paid by card`,
  );
  expect(await bookingsOf(own.page, baseURL!)).toContainEqual(
    expect.objectContaining({ name: sessionName, date: day, status: 'booked' }),
  );
  // The member's order shows the card it was paid with.
  const { orders } = await memberApi(own.page, baseURL!, 'get', 'orders');
  const newest = await memberApi(own.page, baseURL!, 'get', `orders/${orders[0].id}`);
  expect(newest.payments).toEqual([
    expect.objectContaining({ tender_type: 'card', card: expect.stringMatching(/ending in 3184$/) }),
  ]);
  await own.close();
});

test('the front desk redeems a guest pass once; a second try and an unknown code are refused', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const own = await memberInOwnBrowser(browser, baseURL!);
  // The venue list is paged (decision 069): the venue by its name.
  const { venues } = (await memberApi(
    own.page,
    baseURL!,
    'get',
    `venues?name=${encodeURIComponent(VENUE)}`,
  )) as {
    venues: { id: number; name: string }[];
  };
  const venueId = venues.find((v) => v.name === VENUE)!.id;
  const guest = `Robin ${info.project.name === 'desktop' ? 'Ashby' : 'Barnes'}`;
  const pass = (await memberApi(own.page, baseURL!, 'post', `v1/users/${own.member.id}/guestPasses`, {
    data: { guest_name: guest, guest_email: `robin.${Date.now()}@example.org`, venue_id: [venueId] },
  })) as { code: string };
  await own.close();

  await logInAtTheDesk(page);
  await page.getByRole('link', { name: 'Guest passes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest passes' })).toBeVisible();
  await expect(page.getByText('Desk venue')).toBeVisible();
  await expect(page.getByText(VENUE)).toBeVisible();
  await expectAccessible(page);
  const code = page.getByLabel('Guest pass code');
  const result = page.locator('.desk-pass-result[role="status"]');

  await page.getByRole('button', { name: 'Redeem guest pass' }).click();
  await expect(page.getByText('Please enter the guest pass code')).toBeVisible();
  await code.fill(pass.code);
  await code.press('Enter');
  await expect(result).toContainText(`Guest pass ${pass.code} redeemed`);
  await expect(result).toContainText(`${guest} is the guest of ${own.member.firstName} Tester`);
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'desk-guest-pass', info.project.name);

  await code.fill(pass.code);
  await code.press('Enter');
  await expect(result).toContainText('Guest pass not redeemed');
  await expect(result).toContainText(/This guest pass was already redeemed on \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await code.fill('NOSUCHCODE');
  await code.press('Enter');
  await expect(result).toContainText('No guest pass with that code was found at your venues');
  await expectAccessible(page);
});

test('a register of today: the desk marks a booked member Attended, and the member’s booking shows it', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const own = await memberInOwnBrowser(browser, baseURL!);
  const today = (await bookingsOf(own.page, baseURL!)).find((b) => b.status === 'booked')!;
  expect(today.attended).toBeNull();

  await logInAtTheDesk(page);
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Registers' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${VENUE}, today`) })).toBeVisible();
  await expectAccessible(page);
  // The member's session is the venue's first of today: the first register in the list.
  const first = page
    .getByRole('link', { name: new RegExp(`^${today.name} at \\d{2}:\\d{2} register$`) })
    .first();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: `${today.name} register` })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: own.member.reference });
  const attended = row.getByRole('button', { name: 'Attended', exact: true });
  await expect(attended).toHaveAttribute('aria-pressed', 'false');
  await expect(row.getByRole('status')).toHaveText('Not marked yet');
  await attended.click();
  await expect(row.getByRole('status')).toHaveText('Saved: attended');
  await expect(attended).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await screenshot(page, 'desk-register', info.project.name);

  const after = (await bookingsOf(own.page, baseURL!)).find((b) => b.id === today.id)!;
  expect(after).toMatchObject({ attended: true });
  // Once the session is over it is among the member's previous bookings, marked Attended (most recent first).
  const past = (await memberApi(own.page, baseURL!, 'get', 'bookings?filter=past')) as MemberBooking[];
  if (past.some((b) => b.id === today.id)) {
    await own.page.goto('/account/bookings/previous');
    const card = own.page.getByRole('article', { name: today.name }).first();
    await expect(card.getByText('Attended', { exact: true })).toBeVisible();
  }
  await own.close();
});
