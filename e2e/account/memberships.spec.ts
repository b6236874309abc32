import { getCustomQuestions } from '@fieldhouse/contract/routes/joining';
import { CARDS, expect, expectAccessible, type Page, screenshot, slowDown, test } from '../fixtures.ts';

// Each test manages the memberships of a fresh member of its own (five memberships, a No-show fee): no test
// depends on another, and the two widths run at once.
test.use({ memberKind: 'management' });

const UPLOAD_WARNING = 'A document upload is required for this membership';
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function openManage(page: Page, name: string) {
  await page.goto('/account/memberships');
  await card(page, name)
    .getByRole('button', { name: `Manage membership: ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Manage membership' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function payByCard(page: Page) {
  const newCard = page.getByRole('radio', { name: 'Use a new card' });
  if (await newCard.isVisible()) await newCard.check();
  await page.getByLabel('Cardholder name', { exact: true }).fill('Member Tester');
  await page.getByLabel('Card number', { exact: true }).fill(CARDS.success);
  await page.getByLabel('Expiry date', { exact: true }).fill('12/30');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('First name', { exact: true }).fill('Member');
  await page.getByLabel('Last name', { exact: true }).fill('Tester');
  await page.getByLabel('Address line 1', { exact: true }).fill('1 Kirkstall Road');
  await page.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await page.getByLabel('Postcode', { exact: true }).fill('LS3 1LH');
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByText('Order completed Successfully.')).toBeVisible({ timeout: 15_000 });
}

/** Answers the membership's required questions when the Additional details section opens. */
async function answerQuestionsIfAsked(page: Page, reviewed: ReturnType<Page['getByText']>) {
  const additional = page.getByRole('region', { name: /Additional details/ });
  await expect(reviewed.or(additional).first()).toBeVisible();
  if (!(await additional.isVisible())) return;
  // The section's form loads when the section first opens: wait for it before looking for questions.
  await expect(additional.getByRole('button', { name: 'Continue' })).toBeVisible();
  const heard = additional.getByLabel('How did you hear about us?');
  if (await heard.count()) await heard.selectOption('A friend');
  const college = additional.getByLabel('College or university');
  if (await college.count()) await college.fill('Leeds Beckett University');
  await additional.getByRole('button', { name: 'Continue' }).click();
}

test('the list marks the upload needed and the manage modal offers what each membership allows', async ({
  page,
  member: _member,
}, info) => {
  await page.goto('/account/memberships');
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  await expect(page.getByText('View and manage all the memberships linked to your account')).toBeVisible();
  // The server's order: pending, active, frozen, then the rest.
  await expect(page.getByRole('article')).toHaveCount(5);
  const student = card(page, 'Student');
  await expect(student.getByRole('img', { name: UPLOAD_WARNING })).toBeVisible();
  await expect(
    student.getByText('Proof of eligibility is required for this membership. Please upload here.'),
  ).toBeVisible();
  await expect(card(page, 'Gym & Swim').getByRole('img', { name: UPLOAD_WARNING })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'memberships', info.project.name);

  // A fixed membership: no online change (the server's reason), renewable.
  const saver = await openManage(page, '12 Month Saver');
  await expect(saver.getByRole('button', { name: 'Change membership' })).toBeDisabled();
  await expect(saver.getByText('Only active monthly memberships can be changed online.')).toBeVisible();
  await expect(saver.getByRole('link', { name: 'Renew membership' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saver).toBeHidden();

  const manage = await openManage(page, 'Gym & Swim');
  await expect(manage.getByRole('link', { name: 'Change membership' })).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Freeze membership' })).toBeEnabled();
  await expect(manage.getByRole('button', { name: 'Cancel membership' })).toBeVisible();
  await expect(manage.getByRole('link', { name: 'Renew membership' })).toHaveCount(0);
  await expect(manage.getByRole('button', { name: 'Upload document' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'memberships-manage', info.project.name);
});

test('uploads a student document', async ({ page, member: _member }) => {
  const manage = await openManage(page, 'Student');
  await manage.getByRole('button', { name: 'Upload document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload document' });
  await dialog.getByLabel('Document type').selectOption('Student ID card');
  // Other types are refused before anything is sent.
  await dialog.getByLabel('Document', { exact: true }).setInputFiles({
    name: 'card.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('Please choose a JPEG, PNG or PDF file.')).toBeVisible();
  await dialog.getByLabel('Document', { exact: true }).setInputFiles(pdf('student-card.pdf'));
  await expect(dialog.getByText('Chosen: student-card.pdf')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Upload document' }).click();
  await expect(dialog.getByText('Your document has been submitted')).toBeVisible();
  await expect(dialog.getByText(/up to 5 working days/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Back to my memberships' }).click();
  // Focus goes back to the card's button, although the manage modal opened the upload modal.
  await expect(card(page, 'Student').getByRole('button', { name: /^Manage membership/ })).toBeFocused();
  // The document is pending now: no upload is asked for.
  await expect(card(page, 'Student').getByRole('img', { name: UPLOAD_WARNING })).toHaveCount(0);
  await expect(card(page, 'Student').getByText('Student ID card (pending)')).toBeVisible();
});

test('asks to freeze with a doctor’s note, showing the payments first', async ({
  page,
  member: _member,
}, info) => {
  const manage = await openManage(page, 'Gym & Swim');
  await manage.getByRole('button', { name: 'Freeze membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Freeze membership' });
  const submit = dialog.getByRole('button', { name: 'Request freeze' });
  await dialog.getByLabel('Reason').selectOption('Medical');
  await dialog.getByLabel('Time period').selectOption('2 months');
  await dialog.getByRole('button', { name: 'Open calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a freeze start date' });
  await expect(calendar.locator('[title="Can only freeze from this date"]')).toBeVisible();
  await calendar.locator('[title="Can only freeze from this date"]').click();
  await expect(calendar).toBeHidden();
  // Medical needs proof: submit waits for the file.
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Proof: Doctor's note").setInputFiles(pdf('doctors-note.pdf'));
  await expect(submit).toBeEnabled();
  await expect(dialog.getByRole('region', { name: 'Your next payments' })).toBeVisible();
  await expect(dialog.getByText(/frozen until/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'memberships-freeze', info.project.name);

  // Changing the reason clears the period and the document.
  await dialog.getByLabel('Reason').selectOption('Holiday');
  await expect(dialog.getByLabel('Time period')).toHaveValue('');
  await dialog.getByLabel('Reason').selectOption('Medical');
  await dialog.getByLabel('Time period').selectOption('2 months');
  await dialog.getByLabel("Proof: Doctor's note").setInputFiles(pdf('doctors-note.pdf'));
  await submit.click();

  await expect(dialog.getByText('Freeze requested')).toBeVisible();
  await expect(dialog.getByText('Medical')).toBeVisible();
  await expect(dialog.getByText('2 months')).toBeVisible();
  await expect(dialog.getByText(/up to 5 working days/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'memberships-freeze-done', info.project.name);
  // Focus stays in the dialog, so Escape closes it (issue 43: it did nothing after the request).
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const again = await openManage(page, 'Gym & Swim');
  await expect(again.getByRole('button', { name: 'Freeze membership' })).toBeDisabled();
  await expect(again.getByText('Membership freeze is pending')).toBeVisible();
});

test('changes Swim Only to Student through the joining journey', async ({ page, member: _member }) => {
  const manage = await openManage(page, 'Swim Only');
  await manage.getByRole('link', { name: 'Change membership' }).click();
  await expect(page).toHaveURL(/\/account\/memberships\/change\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Change membership', level: 1 })).toBeVisible();
  // No centre section: the membership section is the first.
  await expect(page.getByRole('heading', { name: /Choose your home centre/ })).toHaveCount(0);
  await page.getByRole('button', { name: /Choose this membership.*Student/ }).click();
  await expect(page.getByText("These details can't be edited right now")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const review = page.getByText('Total due now');
  await answerQuestionsIfAsked(page, review);
  await expect(review).toBeVisible();
  await expect(page.getByText('Difference to your current membership')).toBeVisible();
  await expect(page.getByText('Setup fee')).toHaveCount(0);
  await expect(page.getByLabel(/Promo code/i)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/(booking-confirmed\/\d+|basket\/checkout)/);
});

test('renews the 12 Month Saver into the basket', async ({ page, member }) => {
  // The membership's questions arrive late (a slow phone network): the journey must still open them before the
  // review, not skip past them and send the member back on Continue.
  await slowDown(page, getCustomQuestions, 1_500);
  // Opened without the manage modal's state, the page goes back to the list.
  await page.goto('/account/memberships/renew/1/12-month-saver/fixed');
  await expect(page).toHaveURL(/\/account\/memberships$/);

  const manage = await openManage(page, '12 Month Saver');
  await manage.getByRole('link', { name: 'Renew membership' }).click();
  await expect(page).toHaveURL(/\/account\/memberships\/renew\/\d+\/12-month-saver\/fixed$/);
  await expect(page.getByRole('heading', { name: 'Renew membership', level: 1 })).toBeVisible();
  // 'Your details' has nothing to ask the member: no dead step, it goes on by itself (showing whose details these
  // are), and neither it nor the membership section can be edited on a renewal.
  const review = page.getByLabel('Renewal details');
  await answerQuestionsIfAsked(page, review);
  await expect(review).toBeVisible();
  await expect(page.getByText("These details can't be edited right now")).toHaveCount(0);
  const details = page
    .locator('.journey-section')
    .filter({ has: page.getByRole('heading', { name: /Your details/ }) });
  await expect(details.getByText(`${member.firstName} `, { exact: false })).toBeVisible();
  await expect(details.getByText(`(${member.email})`, { exact: false })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const chosen = page
    .locator('.journey-section')
    .filter({ has: page.getByRole('heading', { name: /Choose your membership/ }) });
  await expect(chosen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(review.getByText('12 Month Saver')).toBeVisible();
  await expect(page.getByText('Start date').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Today' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/basket\/checkout/);
  await expect(page.getByText('12 Month Saver').first()).toBeVisible();
});

test('cancels: unpaid fees first, paid at checkout, then a notice-period cancellation', async ({
  page,
  member: _member,
}, info) => {
  test.setTimeout(90_000);
  const manage = await openManage(page, 'Off-Peak');
  await manage.getByRole('button', { name: 'Cancel membership' }).click();
  const debt = page.getByRole('dialog', { name: 'Unpaid fees' });
  await expect(
    debt.getByText(
      'You have unpaid fees. Your membership will be cancelled automatically once they are paid.',
    ),
  ).toBeVisible();
  await expect(debt.getByRole('cell', { name: 'No-show' }).first()).toBeVisible();
  await expect(debt.getByRole('cell', { name: '£3.00' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'memberships-cancel-fees', info.project.name);
  await debt.getByRole('button', { name: 'Pay fees' }).click();
  await expect(page).toHaveURL(/\/basket\/checkout/);
  await payByCard(page);

  // Paying cancelled it.
  await page.goto('/account/memberships');
  await expect(card(page, 'Off-Peak').getByText('Cancelled', { exact: true })).toBeVisible();

  // No fees left: a monthly membership shows the notice period, the last dates and the payments to come.
  const next = await openManage(page, 'Gym & Swim');
  await next.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel membership' });
  await expect(dialog.getByText('30 days notice is required to cancel your membership')).toBeVisible();
  await expect(dialog.getByText('Last day of membership')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'memberships-cancel', info.project.name);
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(dialog.getByText('Membership cancelled')).toBeVisible();
  await expect(dialog.getByText('Cancelled', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'memberships-cancelled', info.project.name);
});
