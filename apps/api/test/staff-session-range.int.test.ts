/**
 * Staff cancel every session of a venue over a time range (issue 35, item 1; decision 075): a preview first (which
 * sessions, how many bookings, what they paid), then each session cancelled in its own transaction by the
 * single-session cancel, a batch a request; money goes back once, a repeat changes nothing, an empty range is refused.
 */
import { PROGRAMME_CHANGE_TEXTS, RANGE_CANCEL_BATCH } from '@fieldhouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions, auditLog, bookings, creditTransactions, refunds } from '../src/db/schema.ts';
import {
  createActivity,
  createClient,
  createSession,
  createVenue,
  csrfHeaders,
  outbox,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';
import { paidBookings } from './paid-bookings.fixtures.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const elsewhere = await createVenue(t.db, { clientId: client.id, name: 'Bradford' });
const app = await t.buildTestApp({}, { jobs: { start: true, workers: false } });
const paid = paidBookings({ app, db: t.db, clientId: client.id });
const bookByCard = async (sessionId: number, firstName: string) =>
  (await paid.bookByCard(sessionId, firstName)).customer;
/** A booking paid with £5.00 of general credit. */
const bookByCredit = async (sessionId: number, firstName: string) =>
  (await paid.bookByCredit(sessionId, firstName)).customer;
const admin = await staffSessionFor(t.db, { role: 'administrator', name: 'Ada Admin' });

/** A whole hour `hours` from now (sessions start on the hour, as timetables have them). */
const base = Math.ceil(Date.now() / HOUR) * HOUR;
const at = (hours: number) => new Date(base + hours * HOUR);
/** The instant as the venue's wall clock, 'YYYY-MM-DDTHH:MM' (Europe/London). */
function local(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const creditOf = async (customerId: number) =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
        .from(creditTransactions)
        .where(eq(creditTransactions.customerId, customerId))
    )[0]!.n,
  );

type Range = { venue_id: number; from: string; to: string; activity_id?: number; location_name?: string };
const preview = (range: Range, headers = admin.headers) =>
  app.inject({
    method: 'GET',
    url: '/api/staff/sessions/range',
    headers,
    query: Object.fromEntries(Object.entries(range).map(([k, v]) => [k, String(v)])),
  });
const cancelRange = (range: Range, reason = 'The pool is closed for repairs.', headers = admin.headers) =>
  app.inject({
    method: 'POST',
    url: '/api/staff/sessions/range/cancel',
    headers,
    payload: { ...range, reason },
  });

describe('cancelling a range of sessions', () => {
  it('previews, then cancels each session with its bookings, money back once; a repeat changes nothing', async () => {
    const swim = await createActivity(t.db, {
      venueId: venue.id,
      name: 'Lane swim',
      locationName: 'Main pool',
    });
    const aqua = await createActivity(t.db, {
      venueId: venue.id,
      name: 'Aqua fit',
      locationName: 'Main pool',
    });
    const spin = await createActivity(t.db, { venueId: venue.id, name: 'Spin', locationName: 'Studio 1' });
    const first = await createSession(t.db, { venueId: venue.id, activityId: swim.id, startsAt: at(48) });
    const second = await createSession(t.db, { venueId: venue.id, activityId: aqua.id, startsAt: at(50) });
    const third = await createSession(t.db, { venueId: venue.id, activityId: swim.id, startsAt: at(52) });
    // Outside the range (after it), in another location, and at another venue: all left alone.
    const after = await createSession(t.db, { venueId: venue.id, activityId: swim.id, startsAt: at(54) });
    const studio = await createSession(t.db, { venueId: venue.id, activityId: spin.id, startsAt: at(49) });
    const theirs = await createSession(t.db, {
      venueId: elsewhere.id,
      startsAt: at(49),
      locationName: 'Main pool',
    });

    const carl = await bookByCard(first.session.id, 'Carl');
    const cara = await bookByCredit(second.session.id, 'Cara');
    const dina = await bookByCredit(third.session.id, 'Dina');
    const sam = await bookByCredit(studio.session.id, 'Sam');
    const range = { venue_id: venue.id, from: local(at(48)), to: local(at(54)), location_name: 'Main pool' };

    const seen = await preview(range);
    expect(seen.statusCode, seen.body).toBe(200);
    const p = seen.json().data;
    expect(p.sessions.map((s: { id: number }) => s.id)).toEqual([
      first.session.id,
      second.session.id,
      third.session.id,
    ]);
    expect(p).toMatchObject({
      venue_name: 'Leeds Central',
      to_cancel: 3,
      already_cancelled: 0,
      bookings: 3,
      paid: { raw: 650 + 500 + 500 },
    });
    expect(p.locations).toEqual(expect.arrayContaining(['Main pool', 'Studio 1']));
    expect(p.activities.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Aqua fit', 'Lane swim', 'Spin']),
    );
    // The activity filter narrows it to the lane swims.
    const swims = await preview({ ...range, activity_id: swim.id });
    expect(swims.json().data.to_cancel).toBe(2);
    // A preview changes nothing.
    expect(
      (await t.db.select().from(activitySessions).where(eq(activitySessions.id, first.session.id)))[0]!
        .cancelledAt,
    ).toBeNull();

    const creditBefore = { cara: await creditOf(cara.id), dina: await creditOf(dina.id) };
    const done = await cancelRange(range);
    expect(done.statusCode, done.body).toBe(200);
    const d = done.json().data;
    expect(d.cancelled.map((c: { session_id: number }) => c.session_id)).toEqual([
      first.session.id,
      second.session.id,
      third.session.id,
    ]);
    expect(d.cancelled[0]).toMatchObject({ bookings_cancelled: 1, refunded: { raw: 650 }, mails_queued: 1 });
    expect(d).toMatchObject({ already_cancelled: [], failed: [], remaining: 0 });

    const rows = await t.db
      .select()
      .from(activitySessions)
      .where(
        inArray(activitySessions.id, [
          first.session.id,
          second.session.id,
          third.session.id,
          after.session.id,
          studio.session.id,
          theirs.session.id,
        ]),
      );
    const state = new Map(rows.map((r) => [r.id, [r.cancelledBy, r.cancellationReason, r.bookedCount]]));
    expect(state.get(first.session.id)).toEqual(['staff', 'The pool is closed for repairs.', 0]);
    expect(state.get(third.session.id)).toEqual(['staff', 'The pool is closed for repairs.', 0]);
    expect(state.get(after.session.id)![0]).toBeNull();
    expect(state.get(studio.session.id)).toEqual([null, null, 1]);
    expect(state.get(theirs.session.id)![0]).toBeNull();

    // Money back once: the card refund pending at the provider, credit back at once.
    const back = await t.db
      .select()
      .from(refunds)
      .where(inArray(refunds.customerId, [carl.id, cara.id, dina.id, sam.id]));
    expect(back.map((r) => [r.customerId, r.destination, r.amount, r.status]).sort()).toEqual(
      [
        [carl.id, 'card', 650, 'pending'],
        [cara.id, 'credit', 500, 'succeeded'],
        [dina.id, 'credit', 500, 'succeeded'],
      ].sort(),
    );
    expect(await creditOf(cara.id)).toBe(creditBefore.cara + 500);
    expect(await creditOf(dina.id)).toBe(creditBefore.dina + 500);
    const mails = (await outbox(app)).filter((m) => m.subject.startsWith('Cancelled: '));
    expect(mails.filter((m) => [carl.email, cara.email, dina.email].includes(m.to))).toHaveLength(3);
    expect(mails.some((m) => m.to === sam.email)).toBe(false);
    // One audit entry per session, each with the reason.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'session.cancelled'),
          inArray(
            auditLog.entityId,
            [first, second, third].map((s) => String(s.session.id)),
          ),
        ),
      );
    expect(entries).toHaveLength(3);

    // The same request again: all three already cancelled, nothing more refunded or mailed.
    const again = await cancelRange(range);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ cancelled: [], failed: [], remaining: 0 });
    expect(again.json().data.already_cancelled.map((c: { session_id: number }) => c.session_id)).toEqual([
      first.session.id,
      second.session.id,
      third.session.id,
    ]);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(inArray(refunds.customerId, [carl.id, cara.id, dina.id])),
    ).toHaveLength(3);
    expect(await creditOf(cara.id)).toBe(creditBefore.cara + 500);
    expect((await outbox(app)).filter((m) => m.subject.startsWith('Cancelled: '))).toHaveLength(mails.length);
    const seenAgain = await preview(range);
    expect(seenAgain.json().data).toMatchObject({ to_cancel: 0, already_cancelled: 3, bookings: 0 });
  });

  it('cancels a long range a batch at a time, until none remain', async () => {
    const gym = await createActivity(t.db, { venueId: venue.id, name: 'Gym induction', locationName: 'Gym' });
    const count = RANGE_CANCEL_BATCH + 2;
    for (let i = 0; i < count; i++)
      await createSession(t.db, { venueId: venue.id, activityId: gym.id, startsAt: at(200 + i) });
    const range = {
      venue_id: venue.id,
      from: local(at(200)),
      to: local(at(200 + count)),
      activity_id: gym.id,
    };
    const one = await cancelRange(range, 'The gym is being refitted.');
    expect(one.json().data.cancelled).toHaveLength(RANGE_CANCEL_BATCH);
    expect(one.json().data.remaining).toBe(2);
    const two = await cancelRange(range, 'The gym is being refitted.');
    expect(two.json().data.cancelled).toHaveLength(2);
    expect(two.json().data.already_cancelled).toHaveLength(RANGE_CANCEL_BATCH);
    expect(two.json().data.remaining).toBe(0);
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activitySessions)
      .where(and(eq(activitySessions.activityId, gym.id), sql`${activitySessions.cancelledAt} is null`));
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('refuses an empty range, a bad range, another venue, and staff who may not', async () => {
    const empty = { venue_id: venue.id, from: local(at(500)), to: local(at(510)) };
    const none = await preview(empty);
    expect([none.statusCode, none.json().message]).toEqual([422, PROGRAMME_CHANGE_TEXTS.emptyRange]);
    const noneCancel = await cancelRange(empty);
    expect([noneCancel.statusCode, noneCancel.json().message]).toEqual([
      422,
      PROGRAMME_CHANGE_TEXTS.emptyRange,
    ]);
    const backwards = await preview({ venue_id: venue.id, from: local(at(60)), to: local(at(50)) });
    expect([backwards.statusCode, backwards.json().message]).toEqual([
      422,
      PROGRAMME_CHANGE_TEXTS.rangeOrder,
    ]);

    const { session } = await createSession(t.db, { venueId: elsewhere.id, startsAt: at(70) });
    const range = { venue_id: elsewhere.id, from: local(at(69)), to: local(at(71)) };
    const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [venue.id] });
    const notTheirs = await cancelRange(range, 'Closed.', manager.headers);
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([
      404,
      PROGRAMME_CHANGE_TEXTS.venueNotFound,
    ]);
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [elsewhere.id] });
    expect((await cancelRange(range, 'Closed.', desk.headers)).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/staff/sessions/range/cancel',
      headers: csrfHeaders(),
      payload: { ...range, reason: 'Closed.' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noReason = await cancelRange(range, ' ');
    expect(noReason.statusCode).toBe(422);
    const [row] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, session.id));
    expect(row!.cancelledAt).toBeNull();
    // A centre manager of that venue may.
    const theirManager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [elsewhere.id] });
    const ok = await cancelRange(range, 'Closed.', theirManager.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.cancelled.map((c: { session_id: number }) => c.session_id)).toEqual([session.id]);
    expect(await t.db.select().from(bookings).where(eq(bookings.activitySessionId, session.id))).toEqual([]);
  });
});
