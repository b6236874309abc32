import {
  apiLogin,
  DEMO,
  dayFromToday,
  expect,
  expectAccessible,
  HOME_VENUE,
  type Page,
  registerCustomer,
  screenshot,
  test,
} from '../fixtures.ts';

/** 'A member reviews their waivers' looks at a fresh member's signed Body Pump waiver (made for the test). */
test.use({ memberKind: 'management' });
/** The demo customer's Junior swim lessons attendee (viewed only, never changed). */
const ATTENDEE = 'Sam Morgan';

/** Puts a bookable Body Pump session (which needs its waiver) in the logged-in customer's basket. */
async function addBodyPumpToBasket(page: Page, baseURL: string) {
  const context = page.context();
  const day = dayFromToday(1).iso;
  const res = await context.request.get(
    `${baseURL}/api/venues/${HOME_VENUE.slug}/sessions?from=${day}&to=${day}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  const sessions = (await res.json()).data.sessions as { id: number; name: string; state: string }[];
  const session = sessions.find((s) => s.name === 'Body Pump' && s.state === 'bookable');
  if (!session) throw new Error(`No bookable Body Pump session on ${day}`);
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'fh_csrf')?.value ?? '';
  const add = await context.request.post(`${baseURL}/api/cart/add`, {
    data: { items: [{ id: session.id, type: 'activity' }] },
    headers: { 'x-csrf-token': csrf },
  });
  expect(add.status(), await add.text()).toBe(200);
}

test('a member reviews their waivers and opens a signed one', async ({ page, member: _member }, info) => {
  const tag = info.project.name;
  await page.goto('/account/user-details');
  await page.getByRole('navigation', { name: 'My details' }).getByRole('link', { name: 'Waivers' }).click();
  await expect(page).toHaveURL(/\/account\/user-details\/waivers$/);
  await expect(page.getByRole('heading', { name: 'Review your waivers' })).toBeVisible();
  const bodyPump = page.getByRole('article', { name: 'Body Pump' });
  await expect(bodyPump.getByText('Signed on')).toBeVisible();
  await expect(bodyPump.getByText('Expires')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'waivers', tag);

  await bodyPump.getByRole('link', { name: 'View waiver: Body Pump' }).click();
  await expect(page.getByRole('heading', { name: 'My Details', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Body Pump participation waiver', level: 2 })).toBeVisible();
  // The waiver's own HTML opens with its title: shown once, not twice.
  await expect(page.getByText('Body Pump participation waiver', { exact: true })).toHaveCount(1);
  await expect(page.getByText(/^You signed this waiver on: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'I agree' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to waivers' }).click();
  await expect(page.getByRole('heading', { name: 'Review your waivers' })).toBeVisible();

  // A waiver that is not there.
  await page.goto('/account/user-details/waivers/999999');
  await expect(page.getByText('Could not find this waiver.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to waivers' })).toBeVisible();
  await expectAccessible(page);
});

test('an enhanced waiver lists its attendees and shows their answers; an expired one says so', async ({
  page,
  baseURL,
}, info) => {
  // The demo customer's Junior swim lessons (for Sam Morgan) and expired climbing wall waivers: read only.
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/account/user-details/waivers');
  const junior = page.getByRole('article', { name: 'Junior swim lessons' });
  const toggle = junior.getByRole('button', { name: 'Show attendees' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(junior.getByText(ATTENDEE)).toBeHidden();
  await toggle.click();
  await expect(junior.getByRole('button', { name: 'Hide attendees' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(junior.getByText(ATTENDEE)).toBeVisible();
  await expect(junior.getByText(/^Expires: (Never|.+\d{4})$/)).toBeVisible();
  // Expired waivers are not listed.
  await expect(page.getByRole('article', { name: 'Climbing wall' })).toHaveCount(0);
  await expectAccessible(page);

  await junior.getByRole('link', { name: `View ${ATTENDEE}` }).click();
  // Each attendee's View opens that attendee's signature.
  await expect(page).toHaveURL(new RegExp(`\\?attendee=${encodeURIComponent(ATTENDEE)}$`));
  await expect(page.getByRole('heading', { name: 'Junior swim lessons waiver', level: 2 })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers.getByText('Attendee name')).toHaveCount(1);
  await expect(answers.getByText(ATTENDEE)).toBeVisible();
  await expect(answers.getByText('Can the attendee swim 10 metres unaided?')).toBeVisible();
  await expect(page.getByText(/parent or guardian/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show waiver terms' }).click();
  await expect(page.getByText(/parent or guardian/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'waiver-attendee', info.project.name);

  let expiredId: number | undefined;
  for (let id = 1; id <= 20 && !expiredId; id++) {
    const res = await page.context().request.get(`${baseURL}/api/my-account/user/waivers/${id}`);
    if (res.ok() && (await res.json()).data.expired) expiredId = id;
  }
  expect(expiredId, 'a seeded expired waiver').toBeDefined();
  await page.goto(`/account/user-details/waivers/${expiredId}`);
  await expect(page.getByText('This waiver has expired')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I agree' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a customer signs the latest version of a waiver their basket needs', async ({
  page,
  baseURL,
}, info) => {
  await registerCustomer(page, baseURL!);
  await page.goto('/account/user-details/waivers');
  await expect(page.getByText('Your waivers will appear here')).toBeVisible();
  await expectAccessible(page);

  await addBodyPumpToBasket(page, baseURL!);
  await page.reload();
  const bodyPump = page.getByRole('article', { name: 'Body Pump' });
  await expect(bodyPump.getByText('Not signed')).toBeVisible();
  await bodyPump.getByRole('link', { name: 'View waiver: Body Pump' }).click();
  await expect(page.getByRole('heading', { name: 'Body Pump participation waiver', level: 2 })).toBeVisible();
  await expect(
    page.getByText("You are viewing the latest version of this waiver. Press 'I agree' to sign."),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'waiver-sign', info.project.name);
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByText('Thank you, you have signed this waiver.')).toBeVisible();
  await expect(page.getByText(/^You signed this waiver on: .+\d{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'I agree' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to waivers' }).click();
  await expect(bodyPump.getByText('Not signed')).toHaveCount(0);
  await expect(bodyPump.getByText('Signed on')).toBeVisible();
});
