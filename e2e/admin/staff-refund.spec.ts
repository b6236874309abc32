import {
  apiLogin,
  bookViaApi,
  createMember,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  latestMailTo,
  screenshot,
  test,
} from '../fixtures.ts';
import { ADMIN, logIn } from './staff.ts';

// Refunds by staff on any order (issue 35 item 4, decision 074): staff refund part of a line from the member's record
// on a desk tablet (768 px), and the member's order history on their phone (390 px) shows the refund and its credit
// note.
test('staff refund part of a paid class from the member record; the member sees it in their order history', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.skip(
    info.project.name !== 'tablet',
    'the console at 768 px, the member at 390 px: run once, on the tablet',
  );
  test.setTimeout(120_000);
  // The member, in a phone-sized browser of their own, books a paid class by card.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const memberPage = await memberContext.newPage();
  const member = await createMember(memberPage, baseURL!, 'desk');
  await apiLogin(memberPage, baseURL!, member.email, member.password);
  let order: { id: number; total: { raw: number } } | undefined;
  // Not a Cycling class (the session-cancel spec cancels one, refunding everyone) nor one needing a waiver.
  for (const category of ['Mind & Body', 'Aquatics'])
    for (let day = 3; !order && day <= 6; day++) {
      const session = await findSession(memberPage, baseURL!, {
        date: dayFromToday(day).iso,
        category,
      }).catch(() => undefined);
      if (!session) continue;
      const booked = await bookViaApi(memberPage, baseURL!, session.id);
      const res = await memberPage.context().request.get(`${baseURL}/api/orders/${booked.order_id}`);
      const data = (await res.json()).data;
      if (data.total.raw > 0) order = data;
    }
  if (!order) throw new Error('No paid class to book in the demo’s next days');

  // Staff: the member's record, 'Orders and refunds', refund £2.00 of the class with a reason.
  await page.goto(`/admin/desk/customers/${member.id}`);
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(member.firstName) })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders and refunds' });
  await orders.getByRole('button', { name: `Refund… order ${order.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.id}` });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel(/amount to refund/);
  await amount.fill('2.00');
  await dialog.getByRole('radio', { name: /Account credit/ }).check();
  await dialog.getByLabel('Reason').fill('The class ran 20 minutes short.');
  await expectAccessible(page);
  await screenshot(page, 'admin-refund-dialog', info.project.name);
  // Nothing more than is left on the line.
  await amount.fill('999.00');
  await dialog.getByRole('button', { name: /^Refund/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('That is more than is left to refund');
  await amount.fill('2.00');
  await dialog.getByRole('button', { name: 'Refund £2.00' }).click();
  await expect(page.getByText(/Refunded £2\.00 to account credit\. Credit note CN-\d+\./)).toBeVisible();
  await expect(dialog).toBeHidden();
  const refunds = orders.getByRole('list', { name: `Refunds on order ${order.id}` });
  await expect(refunds).toContainText('£2.00 to account credit');
  await expect(refunds).toContainText('The class ran 20 minutes short.');
  await expectAccessible(page);
  await screenshot(page, 'admin-refund-given', info.project.name);

  // The member: the history shows what was refunded, the order page the refund and its credit note.
  const mail = await latestMailTo(memberPage.context().request, baseURL!, member.email);
  expect(mail.subject).toBe(`Refund on order ${order.id}`);
  await memberPage.goto('/account/payments/order-history');
  const history = memberPage.getByRole('table', { name: 'Order history' });
  const row = history
    .getByRole('row')
    .filter({ has: memberPage.getByRole('cell', { name: String(order.id), exact: true }) });
  await expect(row).toContainText('£2.00 refunded');
  await expectAccessible(memberPage);
  await row.getByRole('link', { name: `View order ${order.id}` }).click();
  const section = memberPage.getByRole('region', { name: 'Refunds' });
  await expect(section).toContainText('£2.00 refunded to your account credit');
  await expect(section).toContainText('The class ran 20 minutes short.');
  const download = memberPage.waitForEvent('download');
  await section.getByRole('button', { name: /Download credit note/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^credit-note-CN-\d+\.pdf$/);
  await expectAccessible(memberPage);
  await screenshot(memberPage, 'account-order-refund', 'phone-390');
  await memberContext.close();
});
