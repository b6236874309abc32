import { readFileSync } from 'node:fs';
import { CARD_DECLINED_MESSAGE } from '@fieldhouse/contract/payments';
import {
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  type Page,
  registerCustomer,
  screenshot,
  test,
} from '../fixtures.ts';
import { STRIPE_CONTROL_PORT } from '../playwright.config.ts';

// The member checkout with Stripe as the card provider (project 'stripe': its own server, e2e/stripe/server.ts).
// Stripe.js is the stand-in e2e/stripe/stripe-js.js, served where the loader asks for it; its one call to Stripe's
// servers (the 3-D Secure page's answer) is routed to the Stripe stand-in. Nothing reaches the internet.
const STRIPE_JS = readFileSync(new URL('./stripe-js.js', import.meta.url), 'utf8');

test.beforeEach(async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS }),
  );
  await page.route('https://api.stripe.com/_stand_in/authenticate', async (route) => {
    const reply = await fetch(`http://127.0.0.1:${STRIPE_CONTROL_PORT}/authenticate`, {
      method: 'POST',
      body: route.request().postData() ?? '',
    });
    await route.fulfill({
      status: reply.status,
      body: await reply.text(),
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
    });
  });
});

async function openCheckout(page: Page, baseURL: string, days: number) {
  await registerCustomer(page, baseURL);
  const session = await findSession(page, baseURL, { date: dayFromToday(days).iso, category: 'Cycling' });
  await page.goto(`/venues/john-charles-centre-for-sport/sessions/${session.id}`);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await page.goto('/basket/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Cardholder name', { exact: true }).fill('Sam Lee');
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiration date', { exact: true }).fill('12 / 30');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('First name', { exact: true }).fill('Sam');
  await page.getByLabel('Last name', { exact: true }).fill('Lee');
  await page.getByLabel('Address line 1', { exact: true }).fill('2 Booth Street East');
  await page.getByLabel('Town or city', { exact: true }).fill('Manchester');
  await page.getByLabel('Postcode', { exact: true }).fill('M13 9SS');
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
}

test('a card through Stripe.js pays for a booking; the sandbox’s test cards are not offered', async ({
  page,
  baseURL,
}) => {
  await openCheckout(page, baseURL!, 5);
  await expect(page.getByRole('group', { name: 'Card number, expiry date and security code' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test cards' })).toHaveCount(0);
  await fillCard(page, '4242 4242 4242 4242');
  await expectAccessible(page);
  await screenshot(page, 'checkout-stripe', 'phone');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  const orders = await (await page.request.get('/api/orders')).json();
  const order = await (await page.request.get(`/api/orders/${orders.data.orders[0].id}`)).json();
  expect(order.data.payments).toEqual([
    expect.objectContaining({ tender_type: 'card', card: expect.stringMatching(/4242$/) }),
  ]);
});

test('a declined card through Stripe keeps the basket, with the reason', async ({ page, baseURL }) => {
  await openCheckout(page, baseURL!, 6);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByText(CARD_DECLINED_MESSAGE).first()).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  const cart = await (await page.request.get('/api/cart')).json();
  expect(cart.data.items).toHaveLength(1);
});

test('3-D Secure in Stripe.js: failed, nothing is booked; completed, the booking is confirmed', async ({
  page,
  baseURL,
}) => {
  // Four days ahead: a session seven days ahead is not released until its time of day (booking window 7 days).
  await openCheckout(page, baseURL!, 4);
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  const check = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await check.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByText(CARD_DECLINED_MESSAGE).first()).toBeVisible();
  expect((await (await page.request.get('/api/orders')).json()).data.orders).toEqual([]);

  await page.getByRole('button', { name: /^Pay £/ }).click();
  await check.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  expect((await (await page.request.get('/api/orders')).json()).data.orders).toHaveLength(1);
});
