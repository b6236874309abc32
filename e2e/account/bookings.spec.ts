import {
  bookViaApi,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  registerCustomer,
  screenshot,
  test,
} from '../fixtures.ts';

test('a customer cancels a booking before the cut-off and is told about the credit', async ({
  page,
  baseURL,
}, info) => {
  await registerCustomer(page, baseURL!);
  const session = await findSession(page, baseURL!, { date: dayFromToday(3).iso, category: 'Cycling' });
  await bookViaApi(page, baseURL!, session.id);

  await page.goto('/account/bookings');
  await expect(page).toHaveURL(/\/account\/bookings\/upcoming$/);
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: session.name });
  await expect(card.getByText("Booked - you're in!")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'bookings', info.project.name);

  await card.getByRole('button', { name: 'View booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your booking' });
  await expect(dialog.getByText(session.starts_at.time).first()).toBeVisible();
  await expectAccessible(page);
  // 'Cancel booking' asks first, stating the cut-off and the credit; 'Keep booking' changes nothing.
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  const question = dialog.getByText('Are you sure you want to cancel this booking?');
  await expect(question).toBeFocused();
  await expect(
    dialog.getByText(/^You can cancel this booking until \d\d:\d\d on \w+day \d+ \w+ \d{4}\.$/),
  ).toBeVisible();
  await expect(
    dialog.getByText('A credit for the value of this booking will be added to your account.'),
  ).toBeVisible();
  await expect(dialog.getByText('Your booking has been cancelled')).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'cancel-confirmation', info.project.name);
  await dialog.getByRole('button', { name: 'Keep booking' }).click();
  await expect(question).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel booking' })).toBeFocused();
  expect((await (await page.request.get('/api/bookings?filter=future')).json()).data).toHaveLength(1);

  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(dialog.getByText('Your booking has been cancelled')).toBeVisible();
  await expect(
    dialog.getByText('A credit for the value of this booking will be added to your account.'),
  ).toBeVisible();
  await expect(dialog.getByText('Cancelled', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to my bookings' }).click();
  await expect(page.getByText("You don't have any bookings right now.")).toBeVisible();

  // The credit reaches the account, and the place is free again.
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(user.data.credit.balance.raw).toBe(650);
  const again = await findSession(page, baseURL!, { date: dayFromToday(3).iso, category: 'Cycling' });
  expect(again.id).toBe(session.id);
});

test('previous bookings and unknown filters', async ({ page, baseURL }) => {
  await registerCustomer(page, baseURL!);
  await page.goto('/account/bookings/previous');
  await expect(page.getByText('You have no previous bookings.')).toBeVisible();
  await page.goto('/account/bookings/nonsense');
  await expect(page.getByText('Booking filter not found')).toBeVisible();
});

test("'Add to calendar' on a booking card and the dashboard's next booking downloads the booking's .ics", async ({
  page,
  baseURL,
}) => {
  await registerCustomer(page, baseURL!);
  const session = await findSession(page, baseURL!, { date: dayFromToday(2).iso, category: 'Cycling' });
  await bookViaApi(page, baseURL!, session.id);

  await page.goto('/account/bookings/upcoming');
  const card = page.getByRole('article').filter({ hasText: session.name });
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^booking-\d+\.ics$/);
  const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain(`SUMMARY:${session.name}`);
  // The session's London start time, as a UTC instant.
  const [hh, mm] = session.starts_at.time.split(':').map(Number);
  const start = text.match(/DTSTART:(\d{8})T(\d{2})(\d{2})00Z/)!;
  const london = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(
    new Date(
      `${start[1]!.slice(0, 4)}-${start[1]!.slice(4, 6)}-${start[1]!.slice(6)}T${start[2]}:${start[3]}:00Z`,
    ),
  );
  expect(london).toBe(`${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`);
  await expectAccessible(page);

  await page.goto('/account/');
  const next = page.getByRole('region', { name: 'My next booking' });
  const second = page.waitForEvent('download');
  await next.getByRole('link', { name: 'Add to calendar' }).click();
  expect((await second).suggestedFilename()).toBe(file.suggestedFilename());
});
