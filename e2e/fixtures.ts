import AxeBuilder from '@axe-core/playwright';
import type { SiteBootData } from '@fieldhouse/contract/site-config';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO = { email: 'demo@fieldhouse.test', password: 'Fieldhouse1!', firstName: 'Alex' };
export const NEW_PASSWORD = 'Sunny-Pool-42';

/** Reads (and if needed obtains) the CSRF cookie the API hands out, for state-changing API calls. */
export async function csrfHeader(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  let token = (await context.cookies(baseURL)).find((c) => c.name === 'fh_csrf')?.value;
  if (!token) {
    // Any reply but a shared one hands out the token (shared, cacheable replies such as GET /api/client do not:
    // decision 031); the health check is the cheapest.
    await request.get(`${baseURL}/api/health`);
    token = (await context.cookies(baseURL)).find((c) => c.name === 'fh_csrf')?.value;
  }
  if (!token) throw new Error('The API did not set the fh_csrf cookie');
  return { 'x-csrf-token': token };
}

let counter = 0;
export type TestCustomer = {
  id: number;
  email: string;
  password: string;
  reference: string;
  firstName: string;
};

/** Registers a fresh customer through the API (logged in afterwards in this context). */
export async function registerCustomer(
  page: Page,
  baseURL: string,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<TestCustomer> {
  const context = page.context();
  const unique = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const body = {
    client_id: 1,
    source: 'online',
    first_name: overrides.firstName ?? 'Jamie',
    last_name: overrides.lastName ?? 'Tester',
    email: overrides.email ?? `jamie.${unique}@example.org`,
    password: overrides.password ?? 'Swim-Lane-7!',
    password_confirmation: overrides.password ?? 'Swim-Lane-7!',
    terms_accepted: true,
    marketing_opt_in: false,
  };
  const res = await context.request.post(
    `${baseURL}/api/auth/customer/register?onboarding_type=customer_account_online`,
    {
      data: body,
      headers: await csrfHeader(context, context.request, baseURL),
    },
  );
  expect(res.status(), await res.text()).toBe(201);
  const { data } = await res.json();
  return {
    id: data.id,
    email: body.email,
    password: body.password,
    reference: data.reference,
    firstName: body.first_name,
  };
}

/** Logs in through the API, not the UI (design rule 7): the browser context then carries the session cookie. */
export async function apiLogin(page: Page, baseURL: string, username: string, password: string) {
  const context = page.context();
  const res = await context.request.post(`${baseURL}/api/auth/customer/login`, {
    data: { username, password },
    headers: await csrfHeader(context, context.request, baseURL),
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function apiLogout(page: Page, baseURL: string) {
  const context = page.context();
  await context.request.post(`${baseURL}/api/auth/logout`, {
    headers: await csrfHeader(context, context.request, baseURL),
  });
}

/** Newest mail sent to `to` from the demo outbox (/api/dev/mail/messages). */
export async function latestMailTo(request: APIRequestContext, baseURL: string, to: string) {
  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL}/api/dev/mail/messages?to=${encodeURIComponent(to)}`);
      const { data } = await res.json();
      mail = data[0];
      return data.length;
    })
    .toBeGreaterThan(0);
  return mail!;
}

/** Waits (up to 8 s) until no animation or transition runs: a toast fading in is briefly low-contrast by design. */
async function animationsSettled(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: 8_000,
    })
    .catch(() => undefined);
}

async function seriousViolations(page: Page) {
  // Every rule runs; only violations are reported in full (axe's resultTypes), which spares it describing every
  // passing node of the page: the same verdict for a fraction of the time.
  // A page without frames is checked in legacy mode: axe.run in the page itself. The default runs axe.runPartial in
  // each frame and then opens a new blank page of the browser for axe.finishRun, on every call: 820 ms and 0.7 CPU-s
  // a check where legacy mode takes 250 ms and 0.3 with the same verdict (decision 025, issue 14). Legacy mode skips
  // the content of frames, so a page with one (none of ours today) still gets the default.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (page.frames().length > 1 ? builder : builder.setLegacyMode()).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe-core: no serious or critical violations on the settled page. */
export async function expectAccessible(page: Page) {
  await animationsSettled(page);
  let bad = await seriousViolations(page);
  if (bad.length > 0) {
    // A toast whose code loads on first use can start fading in while axe runs (seen in CI beside other stages:
    // colour contrast on a half-faded toast). A real violation is still there once everything has settled; a
    // transition is not. The verdict is the second look's.
    await page.waitForTimeout(1_000);
    await animationsSettled(page);
    bad = await seriousViolations(page);
  }
  expect(bad).toEqual([]);
}

export async function screenshot(page: Page, name: string, projectName: string) {
  await page.screenshot({ path: `screenshots/${name}-${projectName}.png`, fullPage: true });
}

const BOOT_DATA = /<script type="application\/json" id="fh-boot-data">(.*?)<\/script>/;

/**
 * Changes the theme and client the server writes into each page (or, returning null, leaves them out, as the Vite
 * dev server does, so the app fetches them) — to test what the app does with a client or theme it did not expect.
 */
export async function editBootData(page: Page, edit: (data: SiteBootData) => SiteBootData | null) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const html = await response.text();
      const match = BOOT_DATA.exec(html);
      if (!match) throw new Error('The page has no boot data');
      const edited = edit(JSON.parse(match[1]!));
      const replacement = edited
        ? `<script type="application/json" id="fh-boot-data">${JSON.stringify(edited).replace(/</g, '\\u003c')}</script>`
        : '';
      await route.fulfill({ response, body: html.replace(BOOT_DATA, replacement) });
    },
  );
}

/**
 * Holds back the answers to one declared call (a contract route: its path, `:params` as any segment, any method)
 * for `ms`: a slow phone network for that call alone.
 */
export async function slowDown(page: Page, call: { path: string }, ms: number) {
  const pattern = new RegExp(`^${call.path.replace(/:\w+/g, '[^/]+')}$`);
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}

/**
 * The venue lists' own pages (GET /api/venues without a per_page) `size` venues long instead of 20 (decision 069),
 * so the demo's 14 venues make several pages and 'Show more centres' is driven against the real server's paging.
 */
export async function pageVenuesBy(page: Page, size: number) {
  await page.route(
    (url) => url.pathname === '/api/venues' && !url.searchParams.has('per_page'),
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('per_page', String(size));
      return route.continue({ url: url.toString() });
    },
  );
}

/** Presses Tab until `target` has the focus (at most `presses` times): it is reachable with the keyboard. */
export async function tabTo(page: Page, target: Locator, presses = 20) {
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** What kind of fresh member the `member` fixture makes (POST /api/dev/members, demo mode only). */
export type MemberKind = 'demo' | 'payments' | 'management' | 'desk' | 'lapsed-direct-debit';

/** Makes a fresh member of the demo operator through the demo-mode API (not logged in). */
export async function createMember(page: Page, baseURL: string, kind: MemberKind): Promise<TestCustomer> {
  const context = page.context();
  const res = await context.request.post(`${baseURL}/api/dev/members`, {
    data: { kind },
    headers: await csrfHeader(context, context.request, baseURL),
  });
  expect(res.status(), await res.text()).toBe(201);
  const { data } = await res.json();
  return {
    id: data.id,
    email: data.email,
    password: data.password,
    reference: data.reference,
    firstName: data.first_name,
  };
}

/**
 * `member`: a fresh member of the kind `memberKind` (`test.use({ memberKind: 'payments' })`; default 'demo', like
 * the demo customer), made for this test alone and logged in through the API. A test that changes a member's
 * data uses it, so no test depends on another or on a seeded member.
 */
export const test = base.extend<{ memberKind: MemberKind; member: TestCustomer }>({
  memberKind: ['demo', { option: true }],
  member: async ({ page, baseURL, memberKind }, use) => {
    const member = await createMember(page, baseURL!, memberKind);
    await apiLogin(page, baseURL!, member.email, member.password);
    await use(member);
  },
});
export type { Page };
export { expect };

export const HOME_VENUE = { slug: 'john-charles-centre-for-sport', name: 'John Charles Centre for Sport' };
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  furtherCheck: '4000 0027 6000 3184',
};

/** Venue-local date `days` from today (YYYY-MM-DD) and the day-strip button name ('Wed 25 Nov'). */
export function dayFromToday(days: number) {
  const when = new Date(Date.now() + days * 86_400_000);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(when);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(when);
  return {
    iso,
    button: `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`,
  };
}

type SessionSummary = { id: number; name: string; state: string; starts_at: { time: string } };

/**
 * The day, near `days` from today, on which a named session at a time is in a state. The demo seed places its full
 * and nearly full sessions relative to the day it ran, which a run crossing midnight does not share with the test.
 */
export async function dayWithSession(
  page: Page,
  baseURL: string,
  {
    days,
    category,
    name,
    time,
    state,
  }: { days: number; category: string; name: string; time: string; state: string },
) {
  for (const offset of [days, days - 1, days + 1]) {
    const day = dayFromToday(offset);
    const query = new URLSearchParams({ from: day.iso, to: day.iso, category });
    const res = await page
      .context()
      .request.get(`${baseURL}/api/venues/${HOME_VENUE.slug}/sessions?${query}`);
    expect(res.status(), await res.text()).toBe(200);
    const { data } = await res.json();
    const found = (data.sessions as SessionSummary[]).some(
      (s) => s.name === name && s.starts_at.time === time && s.state === state,
    );
    if (found) return day;
  }
  throw new Error(`No ${state} ${name} at ${time} near ${days} days from today`);
}

/** The first session in a state on a day at a venue, from the timetable API. */
export async function findSession(
  page: Page,
  baseURL: string,
  {
    slug = HOME_VENUE.slug,
    date,
    category,
    state = 'bookable',
  }: { slug?: string; date: string; category?: string; state?: string },
): Promise<SessionSummary> {
  const query = new URLSearchParams({ from: date, to: date, ...(category ? { category } : {}) });
  const res = await page.context().request.get(`${baseURL}/api/venues/${slug}/sessions?${query}`);
  expect(res.status(), await res.text()).toBe(200);
  const { data } = await res.json();
  // The timetable is everyone's; a logged-in member's own states (booked, ...) are laid over it, as the site does.
  const mine = await page
    .context()
    .request.get(`${baseURL}/api/venues/${slug}/sessions/mine?from=${date}&to=${date}`);
  const own = new Map<number, Partial<SessionSummary>>(
    mine.status() === 200
      ? ((await mine.json()).data.sessions as (Partial<SessionSummary> & { id: number })[]).map((f) => [
          f.id,
          f,
        ])
      : [],
  );
  const session = (data.sessions as SessionSummary[])
    .map((s) => ({ ...s, ...own.get(s.id) }))
    .find((s) => s.state === state);
  if (!session) throw new Error(`No ${state} session on ${date} at ${slug} (${category ?? 'any category'})`);
  return session;
}

/** Adds items to the logged-in customer's basket through the API; returns the basket (wire shape). */
export async function addToBasketViaApi(
  page: Page,
  baseURL: string,
  items: { id: number; type: string; quantity?: number }[],
) {
  const context = page.context();
  const add = await context.request.post(`${baseURL}/api/cart/add`, {
    data: { items },
    headers: await csrfHeader(context, context.request, baseURL),
  });
  expect(add.status(), await add.text()).toBe(200);
  return (await add.json()).data;
}

/** Books a session for the logged-in customer through the API: basket, sandbox card token, checkout. */
export async function bookViaApi(page: Page, baseURL: string, sessionId: number) {
  const context = page.context();
  const headers = await csrfHeader(context, context.request, baseURL);
  const add = await context.request.post(`${baseURL}/api/cart/add`, {
    data: { items: [{ id: sessionId, type: 'activity' }] },
    headers,
  });
  expect(add.status(), await add.text()).toBe(200);
  const cart = (await add.json()).data;
  let paymentMethod: unknown;
  if (cart.totals.total_to_pay.raw > 0) {
    const token = await context.request.post(`${baseURL}/api/payments/sandbox/tokens`, {
      headers,
      data: {
        cardholder_name: 'Test Customer',
        card_number: CARDS.success,
        expiry_date: '12/30',
        security_code: '123',
        billing_first_name: 'Test',
        billing_last_name: 'Customer',
        billing_address_line_one: '1 High Street',
        billing_city: 'Leeds',
        billing_postcode: 'LS11 5DJ',
      },
    });
    expect(token.status(), await token.text()).toBe(200);
    paymentMethod = { type: 'token', token: (await token.json()).data.token, save_card: false };
  }
  const complete = await context.request.post(`${baseURL}/api/checkout/complete`, {
    headers,
    data: { terms: true, cart_version: cart.version, payments: [], payment_method: paymentMethod },
  });
  expect(complete.status(), await complete.text()).toBe(200);
  return (await complete.json()).data as { status: string; order_id: number };
}
