import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
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

// Reports (issue 37 items 1 and 6, decision 081) at a desk tablet (768 px) and a desktop (1280 px): a member pays for
// a class by card today; an administrator opens Reports, sees the takings chart and its table, filters by venue and
// downloads the CSV, which opens as a spreadsheet would read it: numbers as numbers, pounds with two decimals, ISO
// dates.
test('an administrator reads the takings, filters by venue and downloads the CSV', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // Today's card takings at the home venue: a member books a paid class through the API.
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

  await page.goto('/admin/');
  await logIn(page, ADMIN.email);
  // The home page's dashboard: today's figures at every venue, today's class among the takings.
  const todayFigures = page.getByRole('region', { name: 'Today' });
  await expect(todayFigures.getByText('Net takings')).toBeVisible();
  await expect(todayFigures.getByText('Places sold')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reports-home-today', info.project.name);
  await nav(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Takings' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Takings' }),
  ).toHaveAttribute('aria-current', 'page');

  // The chart (a picture, described) and its table, today's row holding the class's card payment.
  const chart = page.getByRole('figure', { name: 'Net takings by day' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const today = dayFromToday(0);
  const byDay = page.getByRole('table', { name: 'Net takings by day and tender' });
  const todayRow = byDay.getByRole('row', { name: new RegExp(`^${today.button}`) });
  await expect(todayRow).toBeVisible();
  const cardCell = todayRow.getByRole('cell').first();
  expect(Number((await cardCell.textContent())!.replace(/[£,]/g, '')) * 100).toBeGreaterThanOrEqual(paid);
  await expectAccessible(page);
  await screenshot(page, 'reports-takings', info.project.name);

  // One venue: the address keeps it, the figures are that venue's.
  await page.getByLabel('Venue', { exact: true }).selectOption({ label: HOME_VENUE.name });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/venue_id=\d+/);
  await expect(page.getByText(`, ${HOME_VENUE.name}.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'By venue' }).getByRole('row')).toHaveCount(2);

  // The CSV: a download named after the period; days × tenders as numbers a spreadsheet reads.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^takings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = parse(text, { bom: true });
  expect(rows[0]).toEqual([
    'Date',
    'Card (£)',
    'Direct debit (£)',
    'Cash (£)',
    'Cheque (£)',
    'Voucher (£)',
    'Account credit (£)',
    'Gross (£)',
    'Refunds (£)',
    'Net (£)',
  ]);
  const body = rows.slice(1, -1);
  for (const row of body) {
    expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const cell of row.slice(1)) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
  }
  expect(rows.at(-1)![0]).toBe('Total');
  const todayCsv = body.find((row) => row[0] === today.iso)!;
  expect(Math.round(Number(todayCsv[1]) * 100)).toBeGreaterThanOrEqual(paid);
  await screenshot(page, 'reports-takings-venue', info.project.name);

  // Memberships, for the same venue (the sub-navigation keeps the filter): by month, chart and table.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Memberships' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Memberships' })).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/memberships\?.*venue_id=\d+/);
  await expect(page.getByRole('table', { name: 'Memberships by month' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Monthly recurring revenue' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'reports-memberships', info.project.name);
});
