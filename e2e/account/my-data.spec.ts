import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, registerCustomer, screenshot, test } from '../fixtures.ts';

// Members' data duties (decision 077) on a phone 390 px wide: the address and emergency contact on My details,
// checked by the server, and the download of everything held about the member.
test.use({ viewport: { width: 390, height: 844 } });

test('a member adds their address and emergency contact, then downloads their data', async ({
  page,
  baseURL,
}, info) => {
  const customer = await registerCustomer(page, baseURL!, { firstName: 'Rowan', lastName: 'Birch' });
  await page.goto('/account/user-details');
  const details = page.getByRole('form', { name: 'Personal details' });
  await expect(details.getByRole('heading', { name: 'Address' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Emergency contact' })).toBeVisible();

  await details.getByLabel('Date of birth').fill('14/02/1988');
  await details.getByLabel('Address line 1').fill('12 Hyde Park Road');
  await details.getByLabel('Town or city').fill('Leeds');
  await details.getByLabel('Postcode').fill('LS6 XYZ');
  await details.getByLabel('Emergency contact name').fill('Sam Birch');
  await details.getByLabel('Emergency contact phone').fill('0113 496 0000');
  await details.getByRole('button', { name: 'Save details' }).click();
  // The server's check, under its field.
  await expect(details.getByText('Please enter a valid postcode')).toBeVisible();

  await details.getByLabel('Postcode').fill('ls6 1aa');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your account details have been updated')).toBeVisible();
  await page.reload();
  await expect(details.getByLabel('Address line 1')).toHaveValue('12 Hyde Park Road');
  await expect(details.getByLabel('Postcode')).toHaveValue('LS6 1AA');
  await expect(details.getByLabel('Emergency contact name')).toHaveValue('Sam Birch');

  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await screenshot(page, 'my-data', info.project.name);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('link', { name: 'Download as JSON (machine-readable)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(
    new RegExp(`^data-${customer.reference}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
  expect(data.sections.profile[0]).toMatchObject({
    email: customer.email,
    first_name: 'Rowan',
    address_line_1: '12 Hyde Park Road',
    postcode: 'LS6 1AA',
    emergency_contact_name: 'Sam Birch',
  });
  expect(data.sections.logins.length).toBeGreaterThan(0);

  const [html] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('link', { name: 'Download as a web page (readable)' }).click(),
  ]);
  expect(html.suggestedFilename()).toMatch(/\.html$/);
  const text = await readFile((await html.path())!, 'utf8');
  expect(text).toContain('<h2>Your details</h2>');
  expect(text).toContain('Sam Birch');
});
