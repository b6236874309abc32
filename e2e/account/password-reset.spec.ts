import {
  apiLogout,
  expect,
  expectAccessible,
  latestMailTo,
  NEW_PASSWORD,
  registerCustomer,
  test,
} from '../fixtures.ts';

test('a customer resets a forgotten password through the emailed link', async ({ page, baseURL }) => {
  const customer = await registerCustomer(page, baseURL!);
  await apiLogout(page, baseURL!);

  await page.goto('/account/login?showForgotPassword=true');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Email or customer ID').fill(customer.email);
  await dialog.getByRole('button', { name: /reset/i }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // The body says what to do next instead of repeating the heading.
  await expect(dialog.getByText('Check your email', { exact: true })).toHaveCount(1);
  await expect(
    dialog.getByText(/^Open the link in that email within 60 minutes to choose a new password/),
  ).toBeVisible();

  const mail = await latestMailTo(page.request, baseURL!, customer.email);
  const link = mail.text.match(/https?:\/\/\S+\/account\/password-reset\/[\w-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /update password|reset password|save/i }).click();
  await expect(page.getByText('Your password has been successfully updated')).toBeVisible();
  await page.getByRole('link', { name: 'Log in to my account' }).click();

  await page.getByLabel('Email or customer ID').fill(customer.reference);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();

  // The link works once.
  const again = await page.request.post('/api/auth/password-reset/validate', {
    data: { token: link!.split('/').pop() },
    headers: { 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'fh_csrf')!.value },
  });
  expect(again.status()).toBe(403);
});

test('the showForgotPassword parameter opens the reset request with or without a value (issue 43)', async ({
  page,
}) => {
  // The specification names the parameter only: '?showForgotPassword' alone opened nothing.
  await page.goto('/account/login?showForgotPassword');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email or customer ID')).toBeVisible();
  await page.goto('/account/login?showForgotPassword=false');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an email shared by several accounts asks for the customer ID', async ({ page }) => {
  await page.goto('/account/login?showForgotPassword=true');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or customer ID').fill('family@fieldhouse.test');
  await dialog.getByRole('button', { name: /reset/i }).click();
  await expect(dialog.getByLabel(/customer ID/i).last()).toBeVisible();
});

test('an invalid reset link says so', async ({ page }) => {
  await page.goto('/account/password-reset/not-a-real-token');
  await expect(page.getByText(/invalid|expired/i).first()).toBeVisible();
});

test("'Activate account' explains itself: an account made at the desk activates by setting a password", async ({
  page,
  baseURL,
}) => {
  const customer = await registerCustomer(page, baseURL!);
  await apiLogout(page, baseURL!);
  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Activate account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate your account' });
  await expect(
    dialog.getByText(/made for you at the venue, activate it by setting a password/),
  ).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByLabel('Email or customer ID').fill(customer.reference);
  await dialog.getByRole('button', { name: 'Send activation link' }).click();
  const sent = page.getByRole('dialog', { name: 'Check your email' });
  await expect(sent.getByText(/minutes to set your password, then log in/)).toBeVisible();
  const mail = await latestMailTo(page.request, baseURL!, customer.email);
  expect(mail.text).toMatch(/\/account\/password-reset\/[\w-]+/);
  // 'I have forgotten my password' still opens the reset in its own words.
  await sent.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.getByRole('link', { name: 'I have forgotten my password' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
});
