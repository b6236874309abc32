import { expect, expectAccessible, screenshot, test } from '../fixtures.ts';
import { ADMIN, logIn } from './staff.ts';

// The attendance report (issue 37 item 5, decision 084): a manager opens it for this month, sees the figures, the
// chart's table and the CSV link, and groups it by hour; at 1280 px and 768 px, accessible.
test('the attendance report shows the period by activity and by hour, with its CSV', async ({
  page,
}, info) => {
  const today = new Date().toISOString().slice(0, 10);
  const from = `${today.slice(0, 8)}01`;
  await page.goto(`/admin/reports/attendance?from=${from}&to=${today}`);
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { level: 2, name: 'Attendance and utilisation' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By activity' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toBeVisible();
  const csv = page.getByRole('link', { name: 'Download CSV' });
  await expect(csv).toHaveAttribute(
    'href',
    new RegExp(`attendance\\.csv\\?from=${from}&to=${today}&group=activity`),
  );

  await page.getByLabel('Group by').selectOption('hour');
  const hours = page.getByRole('table', { name: 'By hour of the day' });
  await expect(hours).toBeVisible();
  // Every hour of the day is a row, with the totals row at the foot.
  await expect(hours.getByRole('rowheader', { name: '06:00–07:00' })).toBeVisible();
  await expect(hours.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  await expect(csv).toHaveAttribute('href', /group=hour/);
  await expectAccessible(page);
  await screenshot(page, 'admin-reports-attendance', info.project.name);
});
