import {
  apiLogin,
  DEMO,
  expect,
  expectAccessible,
  HOME_VENUE,
  type Page,
  screenshot,
  test,
} from '../fixtures.ts';

/**
 * What the joining journey says up front (issue 13): each membership card's joining fee and what is due today,
 * memberships the member already holds, the terms checkbox only when terms exist, and 'Could not calculate price.'.
 */

test.describe.configure({ timeout: 120_000 });

const openSection = (page: Page) => page.locator('[aria-current="step"]');
const cardOf = (page: Page, name: string) =>
  page.locator('.membership-list > li').filter({ has: page.getByRole('heading', { name, exact: true }) });

type WireOption = {
  payment_type: string;
  fees: { joining_fee: { raw: number; formatted: string } };
  total_to_pay_now: { formatted: string };
  is_purchasable: { can_purchase: boolean; message: string | null };
};
type WireMembership = { name: string; payment_options: WireOption[] };

/** The venue's memberships as the API lists them for this browser (guest or logged in). */
async function membershipsOf(page: Page): Promise<WireMembership[]> {
  const venue = (await (await page.request.get(`/api/venues/${HOME_VENUE.slug}`)).json()).data;
  const res = await page.request.get(`/api/memberships/types?venue_id=${venue.id}`);
  return (await res.json()).data;
}

test('each membership card shows its joining fee (or none) and what is due today', async ({ page }, info) => {
  await page.goto(`/join/centre/${HOME_VENUE.slug}`);
  await expect(page.getByRole('heading', { name: 'Choose your membership' })).toBeVisible();
  const list = await membershipsOf(page);
  const monthly = list.filter((m) => m.payment_options.some((o) => o.payment_type === 'recurring'));
  expect(monthly.length).toBeGreaterThan(1);
  let sawNoFee = false;
  let sawFee = false;
  for (const membership of monthly) {
    const option = membership.payment_options.find((o) => o.payment_type === 'recurring')!;
    const card = cardOf(page, membership.name);
    const fee = option.fees.joining_fee.raw > 0 ? option.fees.joining_fee.formatted : 'No joining fee';
    if (option.fees.joining_fee.raw > 0) sawFee = true;
    else sawNoFee = true;
    const costs = card.locator('.membership-card__costs > div');
    await expect(costs.filter({ hasText: 'Joining fee' })).toHaveText(`Joining fee${fee}`);
    const due = costs.filter({ hasText: 'Due today' });
    await expect(due.getByRole('term')).toHaveText(/^Due today if you start today/);
    await expect(due.getByRole('definition')).toHaveText(option.total_to_pay_now.formatted);
  }
  expect(sawFee && sawNoFee).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'join-membership-cards', info.project.name);
});

test('a membership the member already holds is marked up front and cannot be chosen', async ({
  page,
  baseURL,
}) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto(`/join/centre/${HOME_VENUE.slug}`);
  await expect(page.getByRole('heading', { name: 'Choose your membership' })).toBeVisible();
  const held = (await membershipsOf(page)).find((m) =>
    m.payment_options.some((o) => o.is_purchasable.message === 'You already have this membership.'),
  );
  expect(held?.name).toBe('Gym & Swim');
  const card = cardOf(page, 'Gym & Swim');
  await expect(card.getByText('You already have this membership.')).toBeVisible();
  await expect(card.getByRole('button', { name: /Choose this membership/ })).toBeDisabled();
  // Another membership is still open to choose.
  const other = page.getByRole('button', { name: /Choose this membership/ }).and(page.locator(':enabled'));
  await expect(other.first()).toBeVisible();
  await expectAccessible(page);
});

/** A guest fills Create Account for Gym & Swim monthly; `terms` says whether the terms checkbox shows. */
async function createAccount(page: Page, terms: boolean) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto(`/join/centre/${HOME_VENUE.slug}/membership/gym-and-swim/recurring`);
  const account = page.getByRole('form', { name: 'Create Account' });
  await expect(account).toBeVisible();
  await account.getByLabel('First name', { exact: true }).fill('Casey');
  await account.getByLabel('Last name', { exact: true }).fill('Jordan');
  await account.getByLabel('Date of birth', { exact: true }).fill('14/03/1990');
  await account.getByLabel('Email address', { exact: true }).fill(`casey.${unique}@example.org`);
  await account.getByLabel('Password', { exact: true }).fill('Lane-Swim-77');
  await account.getByLabel('Repeat password', { exact: true }).fill('Lane-Swim-77');
  const checkbox = account.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' });
  const submit = account.getByRole('button', { name: 'Create Account' });
  if (terms) {
    await expect(submit).toBeDisabled();
    await checkbox.check();
  } else {
    await expect(checkbox).toHaveCount(0);
  }
  await expect(submit).toBeEnabled();
  return { account, submit };
}

test('the terms checkbox on Create Account shows only if terms exist', async ({ page }) => {
  // With the client's terms (the demo has some): the checkbox shows and must be ticked.
  await createAccount(page, true);

  // Without terms (GET /api/terms answers none): no checkbox, and Create Account needs no tick.
  await page.route(
    (url) => url.pathname === '/api/terms' && !url.searchParams.has('kind'),
    (route) => route.fulfill({ json: { data: [] } }),
  );
  await page.reload();
  const { account } = await createAccount(page, false);
  await expect(account.getByRole('button', { name: 'Read the Terms and Conditions' })).toHaveCount(0);
  await expectAccessible(page);
});

test("the billing day shows the first payment date and the 7-day rule; 'Could not calculate price.' when the costs call reports incalculablePrice", async ({
  page,
}) => {
  const { submit } = await createAccount(page, true);
  await submit.click();
  const questions = page.getByRole('form', { name: 'Additional details' });
  await expect(questions).toBeVisible();
  await questions.getByLabel('How did you hear about us?').selectOption('A friend');
  await questions.getByLabel('Emergency contact name').fill('Robin Jordan');
  await questions.getByRole('button', { name: 'Continue' }).click();

  const review = openSection(page);
  await expect(review.getByRole('heading', { name: /Review & select dates/ })).toBeVisible();
  // Start today with a billing day fewer than 7 days away: the first payment moves a month on, and the review
  // says when it is and why pro-rata covers more than a month.
  await review.getByRole('radio', { name: 'Today' }).check();
  const chosen = await review.locator('.start-date__chosen strong').textContent();
  const today = Number(chosen!.slice(0, 2));
  const billingDay = today + 2 <= 28 ? today + 2 : 1;
  // While the costs load, the first payment's room is kept: the terms below do not move under a tap (a slow
  // answer once made a tick land on the date's text instead).
  const terms = review.getByRole('checkbox', { name: 'I agree to the membership terms and conditions' });
  let answerCosts = () => {};
  await page.route('**/api/memberships/types/*/payment-options/*', async (route) => {
    await new Promise<void>((resolve) => {
      answerCosts = resolve;
    });
    await route.continue();
  });
  await review.getByLabel('Billing day').selectOption(String(billingDay));
  const firstPayment = review.locator('.review-dates__first-payment');
  await expect(firstPayment).toHaveText('Working out your payment dates…');
  await expect(terms).toBeVisible();
  // Its place on the page (not in the viewport, which scrolls).
  const top = () => terms.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const termsBefore = await top();
  answerCosts();
  await expect(review.getByText('Total to pay now')).toBeVisible();
  await page.unroute('**/api/memberships/types/*/payment-options/*');
  await expect(firstPayment).toContainText(/First monthly payment: \d{1,2} [A-Z][a-z]+ \d{4}/);
  expect(await top()).toBe(termsBefore);
  const date = /First monthly payment: (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(
    (await firstPayment.textContent())!,
  )![1];
  await expect(review.getByText(`Starting ${date}`)).toBeVisible();
  const days = Number(/Pro-rata covers (\d+) days/.exec((await firstPayment.textContent())!)![1]);
  expect(days).toBeGreaterThan(28);
  const why = firstPayment.getByRole('button', { name: 'Why this date' });
  await why.focus();
  await expect(page.getByRole('tooltip')).toContainText('never taken within 7 days of your start date');
  await expect(review.getByRole('button', { name: 'About pro-rata' })).toHaveAccessibleDescription(
    /never taken within 7 days/,
  );
  await why.blur();

  // The server's 422 for costs it cannot work out (see joining-up-front.int.test.ts).
  await page.route('**/api/memberships/types/*/payment-options/*', (route) =>
    route.fulfill({
      status: 422,
      json: {
        message: 'Could not calculate price.',
        errors: { incalculable_price: ['Could not calculate price.'] },
      },
    }),
  );
  await review.getByLabel('Billing day').selectOption(String(billingDay === 1 ? 2 : 1));
  const costs = review.locator('.review-dates__costs');
  await expect(costs.getByText('Could not calculate price.')).toBeVisible();
  await expect(costs.getByText('Total to pay now')).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectAccessible(page);
});
