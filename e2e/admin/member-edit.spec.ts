import type { Page } from '@playwright/test';
import { createMember, expect, expectAccessible, screenshot, test } from '../fixtures.ts';

// The demo's front desk (Jo Walker) works at the home venue of the members the demo API makes.
const DESK = { email: 'desk@fieldhouse.test', password: 'Fieldhouse1!', name: 'Jo Walker' };

async function logInAtTheDesk(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(DESK.email);
  await page.getByLabel('Password').fill(DESK.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${DESK.name}` })).toBeVisible();
}

const searchField = (page: Page) => page.getByLabel('Name, email, customer number or postcode');

test('the front desk corrects a member’s details, adds a note and marks photo ID seen', async ({
  page,
  baseURL,
}, info) => {
  // Three pages, two refusals, a save, a note and a flag, each checked by axe: longer than one journey's default.
  test.setTimeout(90_000);
  const member = await createMember(page, baseURL!, 'desk');
  await logInAtTheDesk(page);
  await page.goto('/admin/desk');
  await searchField(page).fill(member.reference);
  await searchField(page).press('Enter');
  await page.getByRole('link', { name: new RegExp(member.reference) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${member.firstName} Tester` })).toBeVisible();
  const record = page.getByRole('region', { name: 'Record and notes' });
  await expect(record.getByText('None recorded').first()).toBeVisible();

  await record.getByRole('link', { name: 'Edit details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Edit details/ })).toBeFocused();
  await expectAccessible(page);
  // The contract's rules in the browser: a postcode that is not one, an email that is not one.
  await page.getByLabel('Postcode').fill('NOT A CODE');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Please enter a valid postcode')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshot(page, 'admin-member-edit-errors', info.project.name);

  // The server's word: another account's email, under the field.
  await page.getByLabel('Email address').fill('demo@fieldhouse.test');
  await page.getByLabel('Postcode').fill('ls6 3aa');
  await page.getByLabel('Address line 1').fill('12 Otley Road');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Emergency contact name').fill('Priya Tester');
  await page.getByLabel('Emergency contact phone').fill('0113 496 0000');
  await page.getByLabel('Medical information').fill('Asthma: carries an inhaler.');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(/This email address is used by another account/)).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();

  await page.getByLabel('Email address').fill(member.email);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${member.firstName} Tester` })).toBeVisible();
  await expect(page.getByText('Details saved')).toBeVisible();
  await expect(record.getByText('12 Otley Road, Leeds, LS6 3AA')).toBeVisible();
  await expect(record.getByText('Asthma: carries an inhaler.')).toBeVisible();

  // A note and a flag, with who and when.
  await record.getByLabel('New note').fill('Prefers the early swim.');
  await record.getByRole('button', { name: 'Add note' }).click();
  await expect(record.getByText('Prefers the early swim.')).toBeVisible();
  await expect(record.getByLabel('New note')).toHaveValue('');
  await record.getByLabel('Photo ID seen').check();
  await expect(record.getByText(new RegExp(`\\(${DESK.name}, `))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-member-record', info.project.name);
});

test('the front desk makes a walk-in customer from the search and serves them at once', async ({
  page,
}, info) => {
  await logInAtTheDesk(page);
  await page.goto('/admin/desk');
  const surname = `Walkin${Date.now().toString(36)}`;
  await searchField(page).fill(surname);
  await searchField(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No customers match' })).toBeVisible();
  await page.getByRole('link', { name: 'New customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New customer' })).toBeFocused();
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Please enter an email address or a phone number.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('First name').fill('Wendy');
  await page.getByLabel('Last name').fill(surname);
  await page.getByLabel('Phone number').fill('07700 900222');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Wendy ${surname}` })).toBeVisible();
  const record = page.getByRole('region', { name: 'Record and notes' });
  await expect(record.getByText(`Made at the desk by ${DESK.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /check in/i }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-walk-in', info.project.name);
});
