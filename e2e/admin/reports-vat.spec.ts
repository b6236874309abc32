import { readFile } from 'node:fs/promises';
import {
  apiLogin,
  bookViaApi,
  createMember,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  HOME_VENUE,
  screenshot,
  test,
} from '../fixtures.ts';
import { ADMIN, logIn, nav } from './staff.ts';

// The VAT summary (issue 37 item 2, decision 082) at a desk tablet (768 px) and a desktop (1280 px): a member pays
// for a class today; an administrator opens Reports › VAT, sees the sales by rate (the demo's swimming lessons are
// exempt), filters by venue and downloads the CSV: pounds as plain numbers with two decimals, a total row.
test('an administrator reads the VAT summary by rate, filters by venue and downloads the CSV', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await createMember(memberPage, baseURL!, 'desk');
  await apiLogin(memberPage, baseURL!, member.email, member.password);
  let paid = 0;
  for (const category of ['Mind & Body', 'Aquatics'])
    for (let day = 2; !paid && day <= 6; day++) {
      const session = await findSession(memberPage, baseURL!, {
        date: dayFromToday(day).iso,
        category,
      }).catch(() => undefined);
      if (!session) continue;
      const booked = await bookViaApi(memberPage, baseURL!, session.id);
      const res = await memberPage.context().request.get(`${baseURL}/api/orders/${booked.order_id}`);
      paid = (await res.json()).data.total.raw;
    }
  await memberContext.close();
  expect(paid).toBeGreaterThan(0);

  const today = dayFromToday(0).iso;
  await page.goto('/admin/');
  await logIn(page, ADMIN.email);
  await expect(nav(page)).toBeVisible();
  await page.goto(`/admin/reports/vat?from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { level: 2, name: 'VAT' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'VAT' }),
  ).toHaveAttribute('aria-current', 'page');
  const sales = page.getByRole('table', { name: 'Sales by VAT rate' });
  await expect(sales.getByRole('row', { name: /^Standard 20%/ })).toBeVisible();
  await expect(sales.getByRole('row', { name: /^Total/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Sales after refunds by VAT rate' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reports-vat', info.project.name);

  await page.getByLabel('Venue', { exact: true }).selectOption({ label: HOME_VENUE.name });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/venue_id=\d+/);
  await expect(page.getByText(`, ${HOME_VENUE.name}.`)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^vat-summary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-venue-\d+\.csv$/,
  );
  const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    'VAT rate,Treatment,Rate %,Lines sold,Sales gross,Sales VAT,Sales net,Refunds,Refunds gross,Refunds VAT,Refunds net,Gross after refunds,VAT after refunds,Net after refunds',
  );
  const standard = lines.find((line) => line.startsWith('Standard 20%,'))!.split(',');
  expect(standard.slice(1, 3)).toEqual(['standard', '20.0']);
  // Lines sold and refunds are counts; every other figure is pounds with two decimals.
  expect(standard[3]).toMatch(/^\d+$/);
  expect(standard[7]).toMatch(/^\d+$/);
  for (const cell of [...standard.slice(4, 7), ...standard.slice(8)]) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
  expect(lines.some((line) => line.startsWith('Total,'))).toBe(true);
});
