import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, type Page, registerCustomer, screenshot, test } from '../fixtures.ts';
import { ADMIN, logIn, nav } from './staff.ts';

// A subject access request at the desk (decision 077): an administrator opens the customer and downloads everything
// held about them from 'Record and notes', as JSON; the file is theirs and nobody else's.

async function openCustomer(page: Page, reference: string) {
  await nav(page).getByRole('link', { name: 'Front desk' }).click();
  const search = page.getByLabel('Name, email, customer number or postcode');
  await search.fill(reference);
  await search.press('Enter');
  await page.getByRole('link', { name: new RegExp(reference) }).click();
}

test('an administrator downloads a customer’s data for a subject access request', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const memberContext = await browser.newContext();
  const member = await registerCustomer(await memberContext.newPage(), baseURL!, { firstName: 'Sasha' });
  await memberContext.close();

  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: `Hello, ${ADMIN.name}` })).toBeVisible();
  await openCustomer(page, member.reference);
  const record = page.getByRole('region', { name: 'Record and notes' });
  await expect(record.getByRole('heading', { name: 'Subject access request' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-member-data-export', info.project.name);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    record.getByRole('link', { name: 'Download data (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^data-${member.reference}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.customer_reference).toBe(member.reference);
  expect(data.sections.profile).toEqual([
    expect.objectContaining({ email: member.email, first_name: 'Sasha' }),
  ]);
});
