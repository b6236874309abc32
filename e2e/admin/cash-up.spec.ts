import { csrfHeader, expect, expectAccessible, screenshot, test } from '../fixtures.ts';
import { ADMIN, deskAccountOfOwn, logIn, STAFF_PASSWORD } from './staff.ts';

// Cash-up at the desk (issue 37 item 3, decision 083): a desk of the test's own opens a till of its own with a £100
// float, takes a cash payment at the desk through it, and closes it 50p short.
test('a desk opens a till, takes cash through it and closes it with a count, seeing the variance', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}${Date.now().toString(36)}`;
  const email = await deskAccountOfOwn(browser, baseURL!, 'Cass Cashup', tag);
  const tillName = `Till ${tag}`;
  // The demo administrator adds the till at the desk's venue (through the API, in a context of its own).
  const context = await browser.newContext();
  const admin = await context.request.post(`${baseURL}/api/staff/auth/login`, {
    headers: await csrfHeader(context, context.request, baseURL!),
    data: { email: ADMIN.email, password: STAFF_PASSWORD },
  });
  expect(admin.status()).toBe(200);
  const venues = (await (await context.request.get(`${baseURL}/api/staff/venues`)).json()).data;
  const made = await context.request.post(`${baseURL}/api/staff/tills`, {
    headers: await csrfHeader(context, context.request, baseURL!),
    data: { venue_id: venues[0].id, name: tillName },
  });
  expect(made.status(), await made.text()).toBe(201);
  await context.close();

  await page.goto('/admin/login');
  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Hello, Cass Cashup' })).toBeVisible();
  await page.goto('/admin/desk/cash-up');
  await expect(page.getByRole('heading', { level: 1, name: 'Cash-up' })).toBeVisible();
  await page.getByLabel('Till on this device').selectOption({ label: tillName });
  const till = page.getByRole('region', { name: tillName });
  await till.getByRole('button', { name: `Open ${tillName}` }).click();
  await expect(till.getByText('Enter an amount in pounds and pence, e.g. 12.50.')).toBeVisible();
  await expect(till.getByLabel('Float (£)')).toHaveAttribute('aria-invalid', 'true');
  await till.getByLabel('Float (£)').fill('£100.00');
  await till.getByRole('button', { name: `Open ${tillName}` }).click();
  await expect(till.getByRole('table', { name: `${tillName} so far` })).toBeVisible();

  // A new customer books tomorrow's first session at the desk and pays cash: it goes into this device's till.
  await page.getByRole('link', { name: 'Find a customer' }).click();
  const surname = `Cashup${Date.now().toString(36)}`;
  await page.getByLabel('Name, email, customer number or postcode').fill(surname);
  await page.getByLabel('Name, email, customer number or postcode').press('Enter');
  await page.getByRole('link', { name: 'New customer' }).click();
  await page.getByLabel('First name').fill('Cash');
  await page.getByLabel('Last name').fill(surname);
  await page.getByLabel('Email address').fill(`cash.${surname.toLowerCase()}@example.test`);
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Cash ${surname}` })).toBeVisible();
  const book = page.getByRole('region', { name: 'Book a session' });
  const tomorrow = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + 86_400_000)),
  );
  await book.getByLabel('Day').fill(tomorrow);
  await book
    .getByRole('button', { name: /^Add to basket: / })
    .first()
    .click();
  const basket = page.getByRole('region', { name: 'Basket' });
  await expect(basket.getByTestId('desk-basket-total')).toHaveText(/^£\d+\.\d{2}$/);
  const total = (await basket.getByTestId('desk-basket-total').textContent())!;
  await basket.getByRole('button', { name: `Take ${total} by cash and book` }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeFocused();

  // Back at the cash-up: expected cash is the float and the sale; counted 50p short.
  await page.goto('/admin/desk/cash-up');
  const taken = Math.round(Number(total.replace(/[£,]/g, '')) * 100);
  const expected = 10_000 + taken;
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  await expect(till.getByRole('table', { name: `${tillName} so far` })).toContainText(pounds(expected));
  await till.getByLabel('Cash counted (£)').fill(((expected - 50) / 100).toFixed(2));
  await expect(till.getByText('Cash variance: -£0.50')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-cash-up-count', info.project.name);
  await till.getByRole('button', { name: `Close ${tillName}` }).click();
  await expect(
    till.getByRole('status').filter({ hasText: `${tillName} is closed. Cash variance -£0.50.` }),
  ).toBeVisible();
  const result = till.getByRole('table', { name: `${tillName}: expected and counted` });
  await expect(result.getByRole('row', { name: /^Cash / })).toContainText(
    `${pounds(expected)}${pounds(expected - 50)}-£0.50`,
  );
  // The day's history shows the closed session.
  await expect(
    page
      .getByRole('region', { name: 'Cash-up by day' })
      .getByRole('heading', { name: new RegExp(`^${tillName}: closed by Cass Cashup`) }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'admin-cash-up-closed', info.project.name);
});

test('the cash-up report lists till sessions by day, with its CSV', async ({ page, baseURL }, info) => {
  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await expect(page.getByRole('heading', { name: `Hello, ${ADMIN.name}` })).toBeVisible();
  await page.goto('/admin/reports/cash-up');
  await expect(page.getByRole('heading', { level: 2, name: 'Cash-up' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cash-up', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('table', { name: 'Till sessions by day' })).toBeVisible();
  const csv = page.getByRole('link', { name: 'Download CSV' });
  const href = (await csv.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/staff\/reports\/cash-up\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const file = await page.request.get(`${baseURL}${href}`);
  expect(file.status()).toBe(200);
  expect((await file.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Date,Venue,Till,Status');
  await expectAccessible(page);
  await screenshot(page, 'admin-cash-up-report', info.project.name);
});
