import { DIRECT_DEBIT_TEXTS } from '@fieldhouse/contract/texts/direct-debit';
import { apiLogin, createMember, expect, expectAccessible, screenshot, test } from '../fixtures.ts';

// Each run pays as a fresh member of its own (two unpaid fees, credit, a saved Visa), so the widths run at once.
test.use({ memberKind: 'payments' });

test('a member pays two fees, reads credit, filters orders, downloads a receipt and manages the card', async ({
  page,
  member: _member,
}, info) => {
  // A long journey (fees, credit, orders, receipt, card) that changes the member's data: give it room
  // rather than a retry, which would find the fees already paid.
  test.setTimeout(90_000);
  const tag = info.project.name;

  // Unpaid fees → basket → checkout with the saved card.
  await page.goto('/account/payments');
  await expect(page.getByText('You have unpaid fees on your account').first()).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay selected fees' });
  await expect(pay).toBeDisabled();
  const fees = page.getByRole('checkbox', { name: /^Select .*fee/ });
  await expect(fees).toHaveCount(2);
  // These fees have no booking: each is dated by when it was charged.
  for (const index of [0, 1]) {
    await expect(
      page
        .locator('li.fee')
        .nth(index)
        .getByText(/^\w+day \d{1,2} \w+ \d{4}$/),
    ).toBeVisible();
  }
  // A ticked fee is a basket item: the box shows ticked once the basket has it.
  for (const index of [0, 1]) {
    await fees.nth(index).click();
    await expect(fees.nth(index)).toBeChecked();
  }
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  await expect(page.getByText('2 fees selected: £8.00')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments', tag);
  // Paying by card only: no direct debit, and the page says so.
  await expect(page.getByRole('region', { name: 'Direct debit' })).toContainText(
    DIRECT_DEBIT_TEXTS.noInstruction,
  );
  await pay.click();
  await expect(page).toHaveURL(/\/basket\/checkout/);
  await page.getByRole('radio', { name: 'Use saved card' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Pay £8.00' }).click();
  await expect(page.getByText('Order completed Successfully.')).toBeVisible();
  await page.goto('/account/payments');
  await expect(page.getByText('You have no unpaid fees.')).toBeVisible();

  // Credit added and spent.
  await page.getByRole('navigation', { name: 'Payments' }).getByRole('link', { name: 'Credit' }).click();
  await expect(page).toHaveURL(/\/payments\/credit\/added$/);
  const added = page.getByRole('table', { name: 'Credit added' });
  await expect(added.getByText('£8.00').first()).toBeVisible();
  await added.getByRole('button', { name: 'View detail' }).first().click();
  const details = page.getByRole('dialog', { name: 'Credit details' });
  await expect(details.getByText('Goodwill credit')).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.getByRole('link', { name: 'Credit spent' }).click();
  const spent = page.getByRole('table', { name: 'Credit spent' });
  await expect(spent.getByText('£2.00').first()).toBeVisible();
  await expect(page.getByTestId('credit-total')).toContainText('£2.00');
  await expectAccessible(page);
  await screenshot(page, 'credit', tag);

  // Order history with the date filter, order detail and its receipt.
  await page
    .getByRole('navigation', { name: 'Payments' })
    .getByRole('link', { name: 'Order history' })
    .click();
  const orders = page.getByRole('table', { name: 'Order history' });
  await expect(orders.getByRole('link', { name: /^View order \d+/ })).toHaveCount(1);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 86_400_000),
  );
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  let filter = page.getByRole('dialog', { name: 'Filter orders' });
  await filter.getByLabel('From').fill(tomorrow);
  await filter.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No orders')).toBeVisible();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  filter = page.getByRole('dialog', { name: 'Filter orders' });
  await filter.getByLabel('From').fill(today);
  await filter.getByLabel('To').fill(today);
  await filter.getByRole('button', { name: 'Apply filters' }).click();
  await expect(orders.getByRole('link', { name: /^View order \d+/ })).toHaveCount(1);
  await expectAccessible(page);
  await orders.getByRole('link', { name: /^View order \d+/ }).click();
  await expect(page.getByRole('heading', { name: /^Order \d+$/ })).toBeVisible();
  await expect(page.getByText('Late cancellation fee').first()).toBeVisible();
  await expect(page.getByTestId('order-total')).toContainText('£8.00');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt' }).click();
  const receipt = await download;
  expect(receipt.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
  const pdf = await (await import('node:fs/promises')).readFile((await receipt.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);
  await screenshot(page, 'order-detail', tag);

  // Saved card: billing details (validated), then delete.
  await page.goto('/account/payments');
  await expect(page.getByTestId('saved-card')).toHaveText(/Visa ending in 4242/);
  await page.getByRole('button', { name: 'Manage Card' }).click();
  await expect(page.getByText('Card details cannot be edited')).toBeVisible();
  await page.getByLabel('Postcode', { exact: true }).fill('nope');
  await page.getByLabel('Postcode', { exact: true }).blur();
  await expect(page.getByText('Please enter a valid postcode')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await page.getByLabel('Postcode', { exact: true }).fill('LS1 4AP');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Billing details saved successfully')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Delete saved card' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete your saved card?' });
  await confirm.getByRole('button', { name: 'Yes, Delete saved card' }).click();
  await expect(page).toHaveURL(/\/account\/payments$/);
  await expect(page.getByText('Card deleted successfully')).toBeVisible();
  await expect(page.getByText('No saved card')).toBeVisible();
  // The notice belongs to the deletion, not to the page: a reload does not bring it back.
  await page.reload();
  await expect(page.getByText('No saved card')).toBeVisible();
  await expect(page.getByText('Card deleted successfully')).toHaveCount(0);
});

test('a member whose bank cancelled their direct debit is told so on the payments and memberships pages', async ({
  page,
  baseURL,
}, info) => {
  const lapsed = await createMember(page, baseURL!, 'lapsed-direct-debit');
  await apiLogin(page, baseURL!, lapsed.email, lapsed.password);

  await page.goto('/account/payments');
  const section = page.getByRole('region', { name: 'Direct debit' });
  await expect(section.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(section.getByRole('note')).toHaveText(DIRECT_DEBIT_TEXTS.cancelledNotice);
  await expect(section.getByText('Account ending 78')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'payments-direct-debit-cancelled', info.project.name);

  await page.goto('/account/memberships');
  const membership = page.getByRole('article', { name: 'Gym & Swim' });
  await expect(membership.getByRole('note')).toHaveText(DIRECT_DEBIT_TEXTS.cancelledNotice);
  await expect(membership.getByText(/account ending 78 \(Cancelled\)$/)).toBeVisible();
  await expectAccessible(page);
});
