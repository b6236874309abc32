import {
  createMember,
  expect,
  expectAccessible,
  type Page,
  registerCustomer,
  screenshot,
  test,
} from '../fixtures.ts';
import { ADMIN, logIn, nav } from './staff.ts';

// Erasing a customer's personal data (issue 36 item 6, decision 073): an administrator opens the customer, the modal
// says what goes and what stays and asks for the customer number; a customer with unpaid fees is refused with the
// reason; one with nothing outstanding is erased and their record reads 'Erased customer'.

async function openCustomer(page: Page, reference: string) {
  await nav(page).getByRole('link', { name: 'Front desk' }).click();
  const search = page.getByLabel('Name, email, customer number or postcode');
  await search.fill(reference);
  await search.press('Enter');
  await page.getByRole('link', { name: new RegExp(reference) }).click();
}

test('an administrator erases a customer’s personal data, typing their number; fees outstanding refuse it', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = info.project.name;
  // One with unpaid fees (the 'payments' demo member) and one registered online with nothing outstanding.
  const owing = await createMember(page, baseURL!, 'payments');
  const memberContext = await browser.newContext();
  const leaving = await registerCustomer(await memberContext.newPage(), baseURL!, { firstName: 'Quinn' });
  await memberContext.close();

  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: `Hello, ${ADMIN.name}` })).toBeVisible();

  await openCustomer(page, owing.reference);
  const record = page.getByRole('region', { name: 'Record and notes' });
  await record.getByRole('button', { name: 'Erase personal data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
  await expect(dialog).toBeVisible();
  const confirmation = dialog.getByLabel(`Type the customer number (${owing.reference}) to confirm`);
  await expect(confirmation).toBeVisible();
  // A number that is not theirs: said under the field, focused.
  await confirmation.fill('C-0000');
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(dialog.getByText('The customer number typed is not this customer’s.')).toBeVisible();
  await expect(confirmation).toBeFocused();
  // Theirs, with fees unpaid: refused with the reason.
  await confirmation.fill(owing.reference);
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This customer’s data cannot be erased yet');
  await expect(dialog.getByRole('alert')).toContainText('unpaid fees');
  await expectAccessible(page);
  await screenshot(page, 'admin-member-erasure-refused', tag);
  await dialog.getByRole('button', { name: 'Keep the record' }).click();
  await expect(dialog).toBeHidden();
  await expect(record.getByRole('button', { name: 'Erase personal data…' })).toBeFocused();

  // Nothing outstanding: erased, and the record says so.
  await openCustomer(page, leaving.reference);
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Tester' })).toBeVisible();
  await record.getByRole('button', { name: 'Erase personal data…' }).click();
  await dialog
    .getByLabel(`Type the customer number (${leaving.reference}) to confirm`)
    .fill(leaving.reference);
  await dialog.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Customer ${leaving.reference}’s personal data has been erased.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Erased customer' })).toBeVisible();
  await expect(page.getByText(leaving.email)).toHaveCount(0);
  // Nothing more to erase, and no invitation to an address that is never delivered.
  await expect(record.getByText('This customer’s personal data has been erased.')).toBeVisible();
  await expect(record.getByRole('button', { name: 'Erase personal data…' })).toHaveCount(0);
  await expect(record.getByRole('button', { name: /Email an invitation/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'admin-member-erased', tag);
});
