import {
  apiLogin,
  CARDS,
  expect,
  expectAccessible,
  HOME_VENUE,
  type Page,
  screenshot,
  test,
} from '../fixtures.ts';

test.describe.configure({ timeout: 120_000 });

/** The open journey section (one at a time): the list item marked as the current step. */
const openSection = (page: Page) => page.locator('[aria-current="step"]');

test('a guest joins Gym & Swim monthly: account, questions, dates, direct debit, checkout', async ({
  page,
}, info) => {
  const tag = info.project.name;
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `casey.${unique}@example.org`;

  await page.goto(`/join/centre/${HOME_VENUE.slug}`);
  await expect(page.getByRole('heading', { name: 'Choose your membership' })).toBeVisible();
  await expect(page.getByText(HOME_VENUE.name).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'join-memberships', tag);

  // Single payment shows the fixed options; back to Monthly for Gym & Swim.
  await page.getByRole('button', { name: 'Single payment' }).click();
  await expect(page.getByRole('button', { name: /Choose this membership.*12 Month Saver/ })).toBeVisible();
  await page.getByRole('button', { name: 'Monthly' }).click();
  await page.getByRole('button', { name: /View details of.*Gym & Swim/ }).click();
  const details = page.getByRole('dialog');
  await expect(details).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: /Choose this membership.*Gym & Swim/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/join/centre/${HOME_VENUE.slug}/membership/gym-and-swim/recurring$`),
  );

  // 3 Your details: Create Account.
  const account = page.getByRole('form', { name: 'Create Account' });
  await expect(account).toBeVisible();
  await account.getByLabel('First name', { exact: true }).fill('Casey');
  await account.getByLabel('Last name', { exact: true }).fill('Jordan');
  await account.getByLabel('Date of birth', { exact: true }).fill('14/03/1990');
  await account.getByLabel('Email address', { exact: true }).fill(email);
  await account.getByLabel('Password', { exact: true }).fill('Lane-Swim-77');
  await account.getByLabel('Repeat password', { exact: true }).fill('Lane-Swim-70');
  await account.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await account.getByRole('button', { name: 'Create Account' }).click();
  await expect(account.getByText('The password confirmation does not match.')).toBeVisible();
  await account.getByLabel('Repeat password', { exact: true }).fill('Lane-Swim-77');
  await expectAccessible(page);
  await account.getByRole('button', { name: 'Create Account' }).click();

  // 4 Additional details: required questions first.
  const questions = page.getByRole('form', { name: 'Additional details' });
  await expect(questions).toBeVisible();
  await questions.getByRole('button', { name: 'Continue' }).click();
  await expect(questions.getByText('How did you hear about us? is required.')).toBeVisible();
  await questions.getByLabel('How did you hear about us?').selectOption('A friend');
  await questions.getByLabel('Emergency contact name').fill('Robin Jordan');
  await expectAccessible(page);
  await questions.getByRole('button', { name: 'Continue' }).click();

  // 5 Review & select dates: tomorrow, billing day, terms, costs.
  const review = openSection(page);
  await expect(review.getByRole('heading', { name: /Review & select dates/ })).toBeVisible();
  await review.getByRole('radio', { name: 'Tomorrow' }).check();
  await review.getByLabel('Billing day').selectOption({ index: 1 });
  await expect(review.getByText('Total to pay now')).toBeVisible();
  await expect(review.getByText('Setup fee')).toBeVisible();
  await expect(review.getByText(/^Starting \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  const reviewContinue = review.getByRole('button', { name: 'Continue' });
  await expect(reviewContinue).toBeDisabled();
  // The spec's terms modal: 'Terms & conditions' with 'I Agree' and 'Cancel', for every kind of terms.
  await review.getByRole('button', { name: 'health commitment', exact: true }).click();
  const terms = page.getByRole('dialog', { name: 'Terms & conditions' });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('button', { name: 'I Agree' })).toBeVisible();
  await terms.getByRole('button', { name: 'Cancel' }).click();
  await expect(terms).toBeHidden();
  await review.getByRole('checkbox', { name: 'I agree to the health commitment' }).check();
  await review.getByRole('checkbox', { name: 'I agree to the membership terms and conditions' }).check();
  // Promo code: an unknown code is refused, a real one discounts the setup fee.
  await review.getByRole('button', { name: 'Have a promo code?' }).click();
  await review.getByLabel('Promo code').fill('NOTACODE');
  await review.getByRole('button', { name: 'Apply' }).click();
  await expect(review.getByText('Code not recognised')).toBeVisible();
  await review.getByLabel('Promo code').fill('NOJOIN');
  await review.getByRole('button', { name: 'Apply' }).click();
  await expect(review.getByText('Code Applied')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'join-review-dates', tag);
  await reviewContinue.click();

  // 6 Monthly payment: bank details the sandbox bank refuses first (sort code 000000).
  const bank = page.getByRole('form', { name: 'Monthly payment' });
  await expect(bank).toBeVisible();
  const save = bank.getByRole('button', { name: 'Continue' });
  await bank.getByLabel('Account holder', { exact: true }).fill('Casey Jordan');
  await bank.getByLabel('Account number', { exact: true }).fill('1234');
  await bank.getByLabel('Sort code', { exact: true }).fill('000000');
  await bank.getByLabel('Address line 1', { exact: true }).fill('1 Elland Road');
  await bank.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await bank.getByLabel('Postcode', { exact: true }).fill('LS11 0ES');
  await bank.getByRole('checkbox', { name: /I confirm that I am the account holder/ }).check();
  await bank.getByRole('checkbox', { name: 'I accept the Direct Debit terms' }).check();
  await expect(save).toBeDisabled();
  await bank.getByLabel('Account number', { exact: true }).fill('00000000');
  await expect(save).toBeEnabled();
  await expectAccessible(page);
  await screenshot(page, 'join-direct-debit', tag);
  await save.click();

  // 7 Confirm: the sandbox refuses these bank details, and the journey goes back to Monthly payment.
  const confirm = page.getByRole('button', { name: 'Confirm and continue to checkout' });
  await confirm.click();
  await expect(
    bank.getByText('Your bank could not verify these details. Please check them and try again.'),
  ).toBeVisible();
  await bank.getByLabel('Account number', { exact: true }).fill('55779911');
  await bank.getByLabel('Sort code', { exact: true }).fill('200000');
  await bank.getByRole('button', { name: 'Continue' }).click();
  await expectAccessible(page);
  await confirm.click();

  // Checkout on the bookings site: the membership is in the basket; pay the first amount by card.
  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('Gym & Swim').first()).toBeVisible();
  const pay = page.getByRole('button', { name: /^Pay £/ });
  await page.getByLabel('Cardholder name', { exact: true }).fill('Casey Jordan');
  await page.getByLabel('Card number', { exact: true }).fill(CARDS.success);
  await page.getByLabel('Expiry date', { exact: true }).fill('12/30');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('First name', { exact: true }).fill('Casey');
  await page.getByLabel('Last name', { exact: true }).fill('Jordan');
  await page.getByLabel('Address line 1', { exact: true }).fill('1 Elland Road');
  await page.getByLabel('Town or city', { exact: true }).fill('Leeds');
  await page.getByLabel('Postcode', { exact: true }).fill('LS11 0ES');
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await pay.click();
  await expect(page.getByText('Order completed Successfully.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/);
  await expect(page.getByText('First monthly payment')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'join-confirmed', tag);

  // The new member's account lists the membership (pending: it starts tomorrow) with its direct debit.
  await page.getByRole('link', { name: 'View my memberships' }).click();
  await expect(page).toHaveURL(/\/account\/memberships$/);
  const card = page.getByRole('article').filter({ hasText: 'Gym & Swim' });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText('Casey Jordan, account ending 11')).toBeVisible();
  await expect(card.getByText('Next payment')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'account-memberships', tag);
});

test("a guest's account is made in 'Your details': it can log in elsewhere at once, and the journey goes on as that member", async ({
  page,
  browser,
  baseURL,
}, info) => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `robin.${unique}@example.org`;
  const password = 'Deep-End-42';

  await page.goto(`/join/centre/${HOME_VENUE.slug}/membership/gym-and-swim/recurring`);
  const account = page.getByRole('form', { name: 'Create Account' });
  await expect(account).toBeVisible();
  await account.getByLabel('First name', { exact: true }).fill('Robin');
  await account.getByLabel('Last name', { exact: true }).fill('Hale');
  await account.getByLabel('Date of birth', { exact: true }).fill('02/07/1988');
  await account.getByLabel('Email address', { exact: true }).fill(email);
  await account.getByLabel('Password', { exact: true }).fill(password);
  await account.getByLabel('Repeat password', { exact: true }).fill(password);
  await account.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await account.getByRole('button', { name: 'Create Account' }).click();

  // The journey goes on: 'Your details' is done (the new member's name) and the next section is open.
  const questions = page.getByRole('form', { name: 'Additional details' });
  await expect(questions).toBeVisible();
  await expect(page.getByText(`Robin Hale (${email})`)).toBeVisible();
  // The password was never written to sessionStorage.
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(password);
  await expectAccessible(page);
  await screenshot(page, 'join-account-created', info.project.name);

  // The account exists already: another browser logs in with it and finds the details saved.
  const elsewhere = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  try {
    const later = await elsewhere.newPage();
    await apiLogin(later, baseURL!, email, password);
    await later.goto(`/join/centre/${HOME_VENUE.slug}/membership/gym-and-swim/recurring`);
    await expect(later.getByText("These details can't be edited right now")).toBeVisible();
    await expect(later.getByRole('form', { name: 'Create Account' })).toHaveCount(0);
    await later.getByRole('button', { name: 'Continue' }).click();
    await expect(later.getByRole('form', { name: 'Additional details' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  // Back in the first browser, the member's answers are saved (a write with the session's new CSRF token).
  await questions.getByLabel('How did you hear about us?').selectOption('A friend');
  await questions.getByLabel('Emergency contact name').fill('Sam Hale');
  await questions.getByRole('button', { name: 'Continue' }).click();
  await expect(openSection(page).getByRole('heading', { name: /Review & select dates/ })).toBeVisible();
});
