import {
  apiLogin,
  createMember,
  csrfHeader,
  expect,
  expectAccessible,
  type Page,
  screenshot,
  type TestCustomer,
  test,
} from '../fixtures.ts';
import { ADMIN, DESK, logIn, nav } from './staff.ts';

// The staff console at a desk tablet (768 px, project 'tablet') and a desktop (1280 px, 'desktop'). The demo staff
// are seeded; each test makes its own member with requests waiting, so the two widths never decide the same item.

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

type AccountMembership = {
  id: number;
  slug: string;
  freezable: boolean;
  membership_type: {
    name: string;
    eligibility_criterion: { id: number; document_types: { id: number }[] } | null;
  };
  document: unknown;
};

/**
 * A fresh member who, through the member API, asked to freeze a membership (with a doctor's note) and uploaded a
 * student ID card: two items waiting in the approvals queue. The browser's cookies are cleared afterwards.
 */
async function memberWithRequests(page: Page, baseURL: string): Promise<TestCustomer> {
  const member = await createMember(page, baseURL, 'management');
  await apiLogin(page, baseURL, member.email, member.password);
  const { request } = page.context();
  const headers = () => csrfHeader(page.context(), request, baseURL);
  const list: AccountMembership[] = (await (await request.get(`${baseURL}/api/user/memberships`)).json())
    .data;

  const student = list.find((m) => m.membership_type.eligibility_criterion && !m.document);
  const criterion = student?.membership_type.eligibility_criterion;
  if (!student || !criterion?.document_types[0])
    throw new Error('The member has no membership needing a document');
  const upload = await request.post(`${baseURL}/api/eligibility/document`, {
    headers: await headers(),
    multipart: {
      eligibility_document_type_id: String(criterion.document_types[0].id),
      membership_id: String(student.id),
      eligibility_criterion_id: String(criterion.id),
      document: pdf('student-card.pdf'),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  const freezable = list.find((m) => m.freezable);
  if (!freezable) throw new Error('The member has no freezable membership');
  const types = (
    await (await request.get(`${baseURL}/api/user/memberships/${freezable.id}/freezetypes`)).json()
  ).data;
  const medical = types.freeze_types.find((t: { reason: string }) => t.reason === 'Medical');
  const freeze = await request.post(`${baseURL}/api/user/memberships/${freezable.id}/freeze`, {
    headers: await headers(),
    multipart: {
      freeze_type_id: String(medical.id),
      active_from: types.min_freeze_start_date.raw,
      months: String(medical.time_periods[0]),
      file: pdf('doctors-note.pdf'),
    },
  });
  expect(freeze.status(), await freeze.text()).toBe(201);
  await page.context().clearCookies();
  return member;
}

test('an administrator approves a freeze, rejects a document with a reason and reads the audit log', async ({
  page,
  browser,
  baseURL,
}, info) => {
  // The longest of the console's journeys (a member's requests made, two decisions, the audit log, a new staff
  // account): 36 s on a quiet machine and 47-53 s on a loaded one, past the 45 s default.
  test.setTimeout(90_000);
  const member = await memberWithRequests(page, baseURL!);
  const reason = `The card has expired (${member.reference})`;

  await page.goto('/admin/approvals');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fapprovals$/);
  await expect(page.getByRole('heading', { name: 'Staff log in', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-login', info.project.name);

  // A wrong password is said under the email address, in place.
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The email address or password is incorrect')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await logIn(page, ADMIN.email);

  // Straight on to the page asked for, with the staff member, the role and every section in the header.
  await expect(page).toHaveURL(/\/admin\/approvals$/);
  const header = page.getByRole('banner');
  await expect(header.getByText(ADMIN.name)).toBeVisible();
  await expect(header.getByText('Administrator')).toBeVisible();
  await expect(nav(page).getByRole('link')).toHaveText([
    'Home',
    'Front desk',
    'Registers',
    'Programme',
    'Approvals',
    'Reports',
    'Audit log',
    'Staff accounts',
  ]);

  const cards = page.getByRole('listitem').filter({ hasText: member.reference });
  const freezeCard = cards.filter({ has: page.getByRole('heading', { name: /^Freeze request:/ }) });
  const documentCard = cards.filter({ has: page.getByRole('heading', { name: /^Eligibility document:/ }) });
  await expect(freezeCard).toHaveCount(1);
  await expect(documentCard).toHaveCount(1);
  await expect(freezeCard.getByText(/^Medical/)).toBeVisible();
  // Submitted today, in venue time.
  const today = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date());
  await expect(documentCard.getByText(new RegExp(`^${today} at \\d\\d:\\d\\d$`))).toBeVisible();
  const file = documentCard.getByRole('link', { name: 'View student-card.pdf (opens in a new tab)' });
  await expect(file).toHaveAttribute('target', '_blank');
  const fileReply = await page.request.get((await file.getAttribute('href'))!);
  expect(fileReply.status()).toBe(200);
  expect(fileReply.headers()['content-type']).toBe('application/pdf');
  await expectAccessible(page);
  await screenshot(page, 'admin-approvals', info.project.name);

  await freezeCard.getByRole('button', { name: 'Approve' }).click();
  await expect(freezeCard).toHaveCount(0);
  await expect(page.getByText(/^Freeze request of .+ approved$/)).toBeVisible();

  // Reject asks for a reason in a dialog that takes focus; an empty reason is refused in place.
  await documentCard.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject eligibility document' });
  const reasonField = dialog.getByLabel('Reason for the rejection');
  await expect(reasonField).toBeFocused();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please give a reason for the rejection')).toBeVisible();
  await expect(reasonField).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'admin-reject', info.project.name);
  // Escape closes it and focus goes back to the card's Reject button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(documentCard.getByRole('button', { name: 'Reject' })).toBeFocused();
  await documentCard.getByRole('button', { name: 'Reject' }).click();
  await reasonField.fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(documentCard).toHaveCount(0);
  await expect(page.getByText(/^Eligibility document of .+ rejected$/)).toBeVisible();

  // The audit log says who did what, when, and what changed.
  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const rejected = page.getByRole('row').filter({ hasText: reason });
  await expect(rejected).toHaveCount(1);
  await expect(rejected.getByText('Eligibility document rejected')).toBeVisible();
  await expect(rejected.getByText(ADMIN.name)).toBeVisible();
  await expect(rejected.getByText('pending', { exact: true })).toBeVisible();
  await expect(rejected.getByText('rejected', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Freeze request approved' }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-audit', info.project.name);

  // A new front-desk account for one venue joins the list.
  await nav(page).getByRole('link', { name: 'Staff accounts' }).click();
  await expect(page.getByRole('table', { name: 'Staff accounts' }).getByText(DESK.name)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-accounts', info.project.name);
  const email = `desk.${member.reference.toLowerCase()}@fieldhouse.test`;
  const form = page.getByRole('region', { name: 'New staff account' });
  await form.getByLabel('Name').fill('Riley Desk');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('First password').fill('short');
  await form.getByRole('button', { name: 'Create staff account' }).click();
  await expect(form.getByText(/^Staff passwords have at least 12 characters/).last()).toBeVisible();
  await expect(form.getByText('Choose at least one venue for this role')).toHaveCount(0);
  await form.getByLabel('First password').fill('Desk-Tablet-2026!');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Create staff account' }).click();
  await expect(page.getByText('Staff account created for Riley Desk')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff accounts' }).getByText(email)).toBeVisible();

  // The member's account shows both decisions: the rejection in the spec's words, the freeze no longer awaiting
  // approval (pending until its first day, or frozen once it has come).
  const memberContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  try {
    const memberPage = await memberContext.newPage();
    await apiLogin(memberPage, baseURL!, member.email, member.password);
    await memberPage.goto('/account/memberships');
    await expect(
      memberPage.getByText(`Latest document upload was rejected: ${reason}. Please try upload again`),
    ).toBeVisible();
    const mine = await (await memberContext.request.get(`${baseURL}/api/user/memberships`)).json();
    const frozenOrPending = mine.data.filter(
      (m: { status: string; status_info: string | null }) =>
        m.status_info === 'freeze pending' || m.status === 'frozen',
    );
    expect(frozenOrPending).toHaveLength(1);
    expect(
      mine.data.some((m: { status_info: string | null }) => m.status_info === 'freeze pending approval'),
    ).toBe(false);
    await expectAccessible(memberPage);
    await screenshot(memberPage, 'admin-member-sees-decisions', info.project.name);
  } finally {
    await memberContext.close();
  }
});

test('front desk sees the desk home and is refused the approvals page', async ({ page }, info) => {
  await page.goto('/admin/');
  await logIn(page, DESK.email);
  await expect(page.getByRole('heading', { name: `Hello, ${DESK.name}`, level: 1 })).toBeVisible();
  // The role beside the name, and the desk's own areas (not approvals, the audit log or staff accounts).
  await expect(page.locator('.admin-header__role')).toHaveText('Front desk');
  await expect(nav(page).getByRole('link')).toHaveText(['Home', 'Front desk', 'Registers']);
  await expect(page.getByRole('link', { name: /Guest passes/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-desk-home', info.project.name);

  await page.goto('/admin/approvals');
  await expect(page.getByRole('heading', { name: 'Not allowed', level: 1 })).toBeVisible();
  await expect(page.getByText('Your staff role does not allow this')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-not-allowed', info.project.name);
  // The server refuses it too.
  expect((await page.request.get('/api/staff/approvals')).status()).toBe(403);

  // Logging out leads to the login page itself, not back to this page for whoever logs in next.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('You have logged out.')).toBeVisible();
  await expect(nav(page)).toHaveCount(0);
});

test('a staff session that ends mid-visit goes back to the login page and says why', async ({ page }) => {
  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: `Hello, ${ADMIN.name}`, level: 1 })).toBeVisible();
  // The session ends on the server's side (as after 30 idle minutes): the next call answers 401.
  await page.context().clearCookies({ name: 'fh_staff_session' });
  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Faudit$/);
  await expect(page.getByText('Your staff session has ended. Please log in again')).toBeVisible();
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
});
