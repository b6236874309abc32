import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';

export const DEMO = { email: 'demo@fieldhouse.test', password: 'Fieldhouse1!', firstName: 'Alex' };
export const NEW_PASSWORD = 'Sunny-Pool-42';

/** Reads (and if needed obtains) the CSRF cookie the API hands out, for state-changing API calls. */
async function csrfHeader(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  let token = (await context.cookies(baseURL)).find((c) => c.name === 'fh_csrf')?.value;
  if (!token) {
    await request.get(`${baseURL}/api/client`);
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

/** axe-core: no serious or critical violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.impact}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export async function screenshot(page: Page, name: string, projectName: string) {
  await page.screenshot({ path: `screenshots/${name}-${projectName}.png`, fullPage: true });
}

export const test = base;
export { expect };
