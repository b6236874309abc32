import {
  apiLogin,
  bookViaApi,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  latestMailTo,
  registerCustomer,
  screenshot,
  test,
} from '../fixtures.ts';
import { ADMIN, logIn } from './staff.ts';

// Staff cancel a booked class from its register (issue 35, item 1): the member's session page then says
// 'Cancelled' with the reason, and their mail says the card payment is going back.
test('staff cancel a booked class; the member sees it cancelled and their refund', async ({
  page,
  browser,
  baseURL,
}, info) => {
  // A member of their own, in a browser of their own, books a paid class by card.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await registerCustomer(memberPage, baseURL!, { firstName: 'Casey' });
  await apiLogin(memberPage, baseURL!, member.email, member.password);
  // One run, at 768 px (the console on a tablet, as the issue asks): each run cancels a real demo class for everyone.
  test.skip(info.project.name !== 'tablet', 'cancels a demo class: run once, on the tablet');
  // As late in the demo's 7-day booking window as there is one; a retry a day earlier (the first try cancelled its own).
  const category = 'Cycling';
  let session: Awaited<ReturnType<typeof findSession>> | undefined;
  for (let day = 6 - info.retry; !session && day >= 1; day--)
    session = await findSession(memberPage, baseURL!, { date: dayFromToday(day).iso, category }).catch(
      () => undefined,
    );
  if (!session) throw new Error(`No bookable ${category} class in the demo's next 6 days`);
  await bookViaApi(memberPage, baseURL!, session.id);

  await page.goto(`/admin/registers/${session.id}`);
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { level: 1, name: `${session.name} register` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel session…' }).click();
  await page.getByLabel('Reason').fill('The instructor is ill.');
  await page.getByRole('button', { name: 'Cancel session and refund everyone' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Cancelled.' });
  // Other browser tests may have booked the same class: this member's booking is one of those cancelled.
  await expect(done).toContainText(/\d+ bookings? cancelled/);
  await expect(done).toContainText('back to cards');
  await expect(page.getByText('Cancelled: The instructor is ill.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-session-cancelled', info.project.name);

  // The member: the session page says Cancelled and why; the mail says what comes back.
  await memberPage.goto(
    `/venues/${encodeURIComponent('john-charles-centre-for-sport')}/sessions/${session.id}`,
  );
  await expect(memberPage.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(memberPage.getByText('The instructor is ill.')).toBeVisible();
  const mail = await latestMailTo(memberPage.context().request, baseURL!, member.email);
  expect(mail.subject).toMatch(/^Cancelled: /);
  expect(mail.text).toMatch(/£\d+\.\d\d back to your card/);
  await memberContext.close();
});
