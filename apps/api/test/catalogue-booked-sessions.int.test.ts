/**
 * A catalogue change reaches a session that once had bookings (issue 35, item 3): a session whose bookings were all
 * cancelled has no live booking, so a `cancelled` exception takes it off sale and a `changed` one changes it, after
 * the import and after the nightly run; a session with a live booking is kept and its conflict reported, never
 * silently dropped.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activitySessions,
  bookings,
  clients,
  orders,
  timetableConflicts,
  timetableRules,
  venues,
} from '../src/db/schema.ts';
import { formatProblem, importCatalogue } from '../src/services/catalogue/index.ts';
import { runTimetableGeneration } from '../src/services/timetable-rules/index.ts';
import { cardToken, createCustomer, login, setupTestDatabase } from './helper.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const SMALL_GYM = 'catalogue/examples/small-gym.yaml';
const smallGym = await readFile(path.join(root, SMALL_GYM), 'utf8');
// Tuesday 24 November 2026; Monday 30 November's 07:00 Spin is six days on.
const NOW = new Date('2026-11-24T10:00:00Z');
const t = await setupTestDatabase();
const app = await t.buildTestApp({}, { now: () => NOW });

const imported = async (text: string) => {
  const result = await importCatalogue(t.db, { file: SMALL_GYM, text, now: NOW });
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  return result;
};
await imported(smallGym);
const [client] = await t.db.select().from(clients).where(eq(clients.slug, 'northgate-gym'));
const [venue] = await t.db.select().from(venues).where(eq(venues.clientId, client!.id));

/** The example with exceptions added to Northgate's timetable. */
const withExceptions = (...lines: string[]) => {
  expect(smallGym).toContain('    exceptions:\n');
  return smallGym.replace(
    '    exceptions:\n',
    `    exceptions:\n${lines.map((l) => `      - ${l}\n`).join('')}`,
  );
};

/** The session a weekly rule (by its key) generated on a date. */
async function sessionOn(ruleKey: string, localDate: string) {
  const [row] = await t.db
    .select({ session: activitySessions })
    .from(activitySessions)
    .innerJoin(timetableRules, eq(timetableRules.id, activitySessions.ruleId))
    .where(
      and(
        eq(activitySessions.venueId, venue!.id),
        eq(activitySessions.localDate, localDate),
        eq(timetableRules.key, ruleKey),
      ),
    );
  return row!.session;
}

/** A member books the session through the basket and checkout (card), then returns their session. */
async function book(sessionId: number) {
  const customer = await createCustomer(t.db, { clientId: client!.id });
  const who = await login(app, customer);
  const added = await app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: who.headers,
    payload: { items: [{ type: 'activity', id: sessionId }] },
  });
  expect(added.statusCode, added.body).toBe(200);
  const completed = await app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: who.headers,
    payload: {
      terms: true,
      cart_version: added.json().data.version,
      payment_method: { type: 'token', token: await cardToken(app) },
    },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  const [booking] = await t.db
    .select()
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(orders.customerId, customer.id), eq(bookings.activitySessionId, sessionId)));
  return { who, bookingId: booking!.bookings.id };
}

async function cancel(who: Awaited<ReturnType<typeof book>>['who'], bookingId: number) {
  const response = await app.inject({
    method: 'DELETE',
    url: `/api/activities/bookings/${bookingId}?source=my-account`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const sessionPage = async (id: number) => {
  const response = await app.inject({ method: 'GET', url: `/api/sessions/${id}` });
  return { status: response.statusCode, data: response.json().data };
};

const nightlyRun = () => runTimetableGeneration({ db: t.db, log: app.log, now: () => NOW });

describe('a catalogue change to a session whose bookings were all cancelled', () => {
  it('a cancelled exception takes it off sale, after the import and after the nightly run', async () => {
    const monday = await sessionOn('mon-spin-0700', '2026-11-30');
    const { who, bookingId } = await book(monday.id);
    await cancel(who, bookingId);
    // Another member has it in their basket already.
    const holder = await login(app, await createCustomer(t.db, { clientId: client!.id }));
    const held = await app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: holder.headers,
      payload: { items: [{ type: 'activity', id: monday.id }] },
    });
    expect(held.statusCode).toBe(200);

    const result = await imported(
      withExceptions('{ key: spin-off, date: 2026-11-30, kind: cancelled, session: mon-spin-0700 }'),
    );
    expect(result.sessions.conflicts.filter((c) => c.sessionId === monday.id)).toEqual([]);
    const page = await sessionPage(monday.id);
    expect(page.data?.state).toBe('cancelled');
    expect(page.data?.places_left ?? 0).toBe(0);

    await nightlyRun();
    expect((await sessionPage(monday.id)).data?.state).toBe('cancelled');
    // Nor can it be put in a basket.
    const customer = await createCustomer(t.db, { clientId: client!.id });
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: (await login(app, customer)).headers,
      payload: { items: [{ type: 'activity', id: monday.id }] },
    });
    expect(added.statusCode).toBe(422);
    expect(added.json().message).toBe('Sorry, this session has been cancelled.');
    // The basket that held it is refused at checkout, saying why, and nothing is charged.
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: holder.headers,
      payload: {
        terms: true,
        cart_version: held.json().data.version,
        payment_method: { type: 'token', token: await cardToken(app) },
      },
    });
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json().message).toBe('Sorry, Spin at 07:00 on Monday 30 November has been cancelled.');
  });

  it('a changed exception gives it the new price', async () => {
    const monday = await sessionOn('mon-yoga-1830', '2026-11-30');
    const { who, bookingId } = await book(monday.id);
    await cancel(who, bookingId);

    const result = await imported(
      withExceptions(
        '{ key: yoga-dear, date: 2026-11-30, kind: changed, session: mon-yoga-1830, price: 900 }',
      ),
    );
    expect(result.sessions.conflicts.filter((c) => c.sessionId === monday.id)).toEqual([]);
    expect((await sessionOn('mon-yoga-1830', '2026-11-30')).price).toBe(900);
    expect((await sessionPage(monday.id)).data).toMatchObject({ state: 'bookable', price: { raw: 900 } });
    await nightlyRun();
    expect((await sessionOn('mon-yoga-1830', '2026-11-30')).price).toBe(900);
  });
});

describe('a catalogue change to a session with a live booking', () => {
  it('keeps it and reports the conflict on every import and nightly run until staff deal with it', async () => {
    const saturday = await sessionOn('sat-spin-0900', '2026-11-28');
    await book(saturday.id);
    // Someone else booked and cancelled too: the live booking still holds it.
    const other = await book(saturday.id);
    await cancel(other.who, other.bookingId);

    const text = withExceptions(
      '{ key: spin-ill, date: 2026-11-28, kind: cancelled, session: sat-spin-0900 }',
    );
    const result = await imported(text);
    expect(result.sessions.conflicts.filter((c) => c.sessionId === saturday.id)).toEqual([
      expect.objectContaining({ kind: 'remove', reason: 'cancelled', bookedCount: 1 }),
    ]);
    const recorded = async () =>
      (await t.db.select().from(timetableConflicts)).filter((c) => c.activitySessionId === saturday.id);
    expect(await recorded()).toHaveLength(1);

    const again = await imported(text);
    expect(again.sessions.conflicts.filter((c) => c.sessionId === saturday.id)).toHaveLength(1);
    const nightly = await nightlyRun();
    expect(nightly.get(client!.id)!.conflicts.filter((c) => c.sessionId === saturday.id)).toHaveLength(1);
    expect(await recorded()).toHaveLength(1);
  });
});
