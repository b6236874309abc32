import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, test } from '../fixtures.ts';

// Sales at the desk (issue 36 item 3, decision 076): the walk-in sale of a membership. The demo's front desk
// (Jo Walker) works at one venue; the demo's Swim Only is on sale everywhere, monthly by direct debit with a
// joining fee, and asks one question.
const DESK = { email: 'desk@fieldhouse.test', password: 'Fieldhouse1!', name: 'Jo Walker' };

async function logInAtTheDesk(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(DESK.email);
  await page.getByLabel('Password').fill(DESK.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${DESK.name}` })).toBeVisible();
}

test('a walk-in made at the desk buys a monthly membership with a direct debit, paid in cash', async ({
  page,
}, info) => {
  // A walk-in, a form with its refusals, a basket and a payment, each checked by axe: longer than the default.
  test.setTimeout(120_000);
  await logInAtTheDesk(page);
  await page.goto('/admin/desk');
  const surname = `Seller${Date.now().toString(36)}`;
  await page.getByLabel('Name, email, customer number or postcode').fill(surname);
  await page.getByLabel('Name, email, customer number or postcode').press('Enter');
  await page.getByRole('link', { name: 'New customer' }).click();
  await page.getByLabel('First name').fill('Sally');
  await page.getByLabel('Last name').fill(surname);
  await page.getByLabel('Email address').fill(`sally.${surname.toLowerCase()}@example.test`);
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sally ${surname}` })).toBeVisible();

  // Sell: the venue's memberships with what they cost today, the joining fee and pro-rata named.
  const sell = page.getByRole('region', { name: 'Sell' });
  const swim = sell.getByRole('listitem').filter({ hasText: 'Swim Only – Monthly' });
  await expect(swim).toContainText(/£\d+\.\d{2} today \(joining fee £10\.00/);
  await expect(swim).toContainText(/then £24\.99 a month by direct debit from/);
  await swim.getByRole('button', { name: 'Sell: Swim Only – Monthly' }).click();
  const form = sell.getByRole('form', { name: 'Sell Swim Only – Monthly' });
  await expect(form.getByRole('heading', { name: 'Sell Swim Only – Monthly' })).toBeFocused();

  // The online purchase's checks: bank details and the account holder's confirmation first.
  await form.getByRole('button', { name: 'Add to basket' }).click();
  await expect(form.getByText('Account number must be at least 8 digits.')).toBeVisible();
  await expect(
    form.getByText(
      'Please confirm you are the account holder and the only person required to authorise debits.',
    ),
  ).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Account holder', { exact: true }).fill(`Sally ${surname}`);
  await form.getByLabel('Account number', { exact: true }).fill('55779911');
  await form.getByLabel('Sort code', { exact: true }).fill('20-00-00');
  await form.getByLabel('Billing address line 1', { exact: true }).fill('1 Elland Road');
  await form.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await form.getByLabel('Postcode', { exact: true }).fill('LS11 0ES');
  await form
    .getByLabel('The customer is the account holder and the only person needed to authorise debits')
    .check();
  await form.getByLabel('The customer accepts the direct debit terms').check();
  await form.getByLabel('How did you hear about us?').selectOption('A friend');
  await form.getByLabel('The customer accepts the membership terms').check();
  await form.getByLabel('The customer accepts the health commitment').check();
  await form.getByRole('button', { name: 'Add to basket' }).click();
  await expect(sell.getByRole('status')).toContainText('Swim Only – Monthly is in the basket');

  // The basket: the membership with its joining fee and pro-rata, paid in cash.
  const basket = page.getByRole('region', { name: 'Basket' });
  await expect(basket.getByText('Swim Only - Monthly')).toBeVisible();
  await expect(basket.getByText(/Setup fee £10\.00/)).toBeVisible();
  const total = (await basket.getByTestId('desk-basket-total').textContent())!;
  await expect(basket.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expectAccessible(page);
  await screenshot(page, 'admin-desk-sale', info.project.name);
  await basket.getByRole('button', { name: `Take ${total} by cash` }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeFocused();
  await expect(page.getByText(`Sold to Sally ${surname}.`)).toBeVisible();

  // The customer now holds it: active, and the desk no longer offers it.
  const memberships = page.getByRole('region', { name: 'Memberships', exact: true });
  await expect(memberships.getByText('Swim Only')).toBeVisible();
  await expect(memberships.getByText('Active')).toBeVisible();
  await expect(swim).toContainText('You already have this membership.');
  await expect(swim.getByRole('button', { name: 'Sell: Swim Only – Monthly' })).toHaveCount(0);
  await expectAccessible(page);
});
