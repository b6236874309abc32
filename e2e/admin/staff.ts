import type { Browser } from '@playwright/test';
import { csrfHeader, expect, type Page } from '../fixtures.ts';

/** The demo staff (seeded) and their password, for the staff console's specs. */
export const STAFF_PASSWORD = 'Fieldhouse1!';
export const ADMIN = { email: 'admin@fieldhouse.test', name: 'Sam Patel' };
export const DESK = { email: 'desk@fieldhouse.test', name: 'Jo Walker' };

/** Logs in on the console's login page. */
export async function logIn(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });

/**
 * A front-desk account of the test's own, made by the demo administrator through the API (in a context of its own,
 * so the page's cookies stay as they are); returns its email address.
 */
export async function deskAccountOfOwn(browser: Browser, baseURL: string, name: string, tag: string) {
  const context = await browser.newContext();
  const { request } = context;
  const email = `${name.split(' ')[0]!.toLowerCase()}.${tag}.${Date.now()}@fieldhouse.test`;
  const admin = await request.post(`${baseURL}/api/staff/auth/login`, {
    headers: await csrfHeader(context, request, baseURL),
    data: { email: ADMIN.email, password: STAFF_PASSWORD },
  });
  expect(admin.status(), await admin.text()).toBe(200);
  const venues = (await (await request.get(`${baseURL}/api/staff/venues`)).json()).data;
  const made = await request.post(`${baseURL}/api/staff/accounts`, {
    headers: await csrfHeader(context, request, baseURL),
    data: { email, name, role: 'front_desk', venue_ids: [venues[0].id], password: STAFF_PASSWORD },
  });
  expect(made.status(), await made.text()).toBe(201);
  await context.close();
  return email;
}

/** Whether a staff login with the password answers 200 (tried in a context of its own). */
export async function canLogIn(browser: Browser, baseURL: string, email: string, password = STAFF_PASSWORD) {
  const context = await browser.newContext();
  const response = await context.request.post(`${baseURL}/api/staff/auth/login`, {
    headers: await csrfHeader(context, context.request, baseURL),
    data: { email, password },
  });
  await context.close();
  return response.status() === 200;
}
