import { crc32, deflateSync } from 'node:zlib';
import {
  apiLogin,
  apiLogout,
  expect,
  expectAccessible,
  NEW_PASSWORD,
  registerCustomer,
  screenshot,
  test,
} from '../fixtures.ts';

// 'A member sees their packages' looks at a fresh member's '10 Yoga Class Pass' (made for the test).
test.use({ memberKind: 'management' });

/** A small RGB PNG (a colour gradient), built here so the test carries no binary file. */
function pngImage(width = 48, height = 48): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([x * 5, 120, y * 5], y * row + 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a new customer updates their personal details and changes their password', async ({
  page,
  baseURL,
}, info) => {
  const customer = await registerCustomer(page, baseURL!, { firstName: 'Morgan', lastName: 'Hale' });
  await page.goto('/account/user-details');
  await expect(page.getByRole('heading', { name: 'My Details', level: 1 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'My details' });
  await expect(tabs.getByRole('link', { name: 'Personal details' })).toHaveAttribute('aria-current', 'page');
  const details = page.getByRole('form', { name: 'Personal details' });
  await expect(details.getByRole('heading', { name: 'Contact details' })).toBeVisible();
  await expect(details.getByLabel('First name')).toHaveValue('Morgan');
  // No tag-manager id for the demo operator: no Privacy section.
  await expect(page.getByRole('button', { name: 'Review Cookie settings' })).toHaveCount(0);

  // Required fields are checked before anything is sent.
  await details.getByLabel('First name').fill('');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('First name is required.')).toBeVisible();
  await expect(details.getByLabel('First name')).toBeFocused();

  await details.getByLabel('First name').fill('Morgana');
  await details.getByLabel('Phone number').fill('07700 900123');
  await details.getByLabel('Date of birth').fill('27/03/1990');
  await expectAccessible(page);
  await screenshot(page, 'user-details', info.project.name);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your account details have been updated')).toBeVisible();

  // Saved: the new values come back, and the date of birth is locked once set.
  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Morgana');
  await expect(details.getByLabel('Phone number')).toHaveValue('07700 900123');
  await expect(details.getByLabel('Date of birth')).toHaveValue('27/03/1990');
  await expect(details.getByLabel('Date of birth')).toHaveAttribute('readonly', '');
  await expect(details.getByText("Date of birth can't be changed online.")).toBeVisible();

  // Password change: the rule and the repeat are checked here, the current password by the server.
  const password = page.getByRole('form', { name: 'Change password' });
  await expect(
    password.getByText(
      'Your password must contain at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 number and one special character.',
    ),
  ).toBeVisible();
  await password.getByLabel('Current password').fill('Not-my-password-1');
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Repeat new password').fill(`${NEW_PASSWORD}x`);
  await password.getByRole('button', { name: 'Update password' }).click();
  await expect(password.getByText('The new passwords do not match.')).toBeVisible();
  await password.getByLabel('Repeat new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Update password' }).click();
  await expect(password.getByText('Your current password is incorrect.')).toBeVisible();
  await password.getByLabel('Current password').fill(customer.password);
  await password.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Your password has been updated')).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');
  await expectAccessible(page);

  // The new password is the one that works now.
  await apiLogout(page, baseURL!);
  await apiLogin(page, baseURL!, customer.email, NEW_PASSWORD);
});

test('a customer adds a profile photo from the library, sees it on the dashboard and deletes it', async ({
  page,
  baseURL,
}, info) => {
  await registerCustomer(page, baseURL!, { firstName: 'Robin', lastName: 'Lowe' });
  await page.goto('/account/');
  await expect(page.getByRole('heading', { name: 'Welcome Robin!' })).toBeVisible();
  const reminder = page.getByText('Add a profile photo to your account!');
  await expect(reminder).toBeVisible();
  await expect(page.getByText('RL', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile photo' });
  await expect(dialog.getByRole('button', { name: 'Take new photo' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete photo' })).toBeDisabled();
  await expectAccessible(page);

  await dialog
    .getByLabel('Choose from library')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage() });
  await expect(dialog.getByRole('heading', { name: 'Crop your photo' })).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Crop and save' });
  await expect(save).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Re-take photo' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'photo-cropper', info.project.name);
  await save.click();
  await expect(page.getByText('Your profile photo has been updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  const photo = page.getByRole('img', { name: 'Robin Lowe' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(reminder).toBeHidden();

  await page.getByRole('button', { name: 'Change photo' }).click();
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(dialog.getByText('Are you sure you want to delete your profile photo?')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes, delete photo' }).click();
  await expect(page.getByText('Your profile photo has been deleted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(photo).toBeHidden();
  await expect(page.getByText('RL', { exact: true })).toBeVisible();

  // The reminder is back without a photo; dismissing it is saved on the account.
  await expect(reminder).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss profile photo reminder' }).click();
  await expect(reminder).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Robin!' })).toBeVisible();
  await expect(reminder).toBeHidden();
  await expectAccessible(page);
});

test('a customer takes a profile photo with the camera and saves the square crop', async ({
  page,
  baseURL,
}) => {
  await registerCustomer(page, baseURL!, { firstName: 'Kit', lastName: 'Carver' });
  await page.goto('/account/');
  await page.getByRole('button', { name: 'Add photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile photo' });
  await dialog.getByRole('button', { name: 'Take new photo' }).click();
  // Chromium's fake camera (playwright.config.ts) streams a test pattern.
  const preview = dialog.getByLabel('Camera preview');
  await expect(preview).toBeVisible();
  const isPhone = (page.viewportSize()?.width ?? 1280) <= 575;
  await expect(preview).toHaveAttribute('width', isPhone ? '330' : '400');
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog.getByRole('heading', { name: 'Crop your photo' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Crop and save' }).click();
  await expect(page.getByText('Your profile photo has been updated')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Kit Carver' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Square, and stored as the JPEG the crop produced (whatever the camera gave).
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth === img.naturalHeight)).toBe(true);
  const stored = await page.request.get(await photo.evaluate((img: HTMLImageElement) => img.src));
  expect(stored.headers()['content-type']).toBe('image/jpeg');
});

test('a member sees their packages', async ({ page, member: _member }, info) => {
  await page.goto('/account/packages');
  await expect(page.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
  const pass = page.getByRole('article', { name: '10 Yoga Class Pass' });
  await expect(pass).toBeVisible();
  for (const label of ['Price', 'Expires', 'Sessions included', 'Sessions remaining', 'Contents'])
    await expect(pass.getByText(label, { exact: true })).toBeVisible();
  await expect(pass.getByText('£55.00')).toBeVisible();
  await expect(pass.getByText(/\d+ of 10 remaining/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'packages', info.project.name);
});
