/**
 * Staff move or change a session (issue 35, item 2; decision 075): members booked are mailed once; a small move
 * offers nothing to choose, a large one (more than the operator's 30 minutes, or another day) a link per booking that
 * keeps the place or cancels it with a full refund, once; the capacity never drops below the places booked; the
 * nightly generation leaves a session staff changed as they changed it.
 */
import { PROGRAMME_CHANGE_TEXTS } from '@fieldhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activitySessions,
  auditLog,
  bookings,
  clients,
  creditTransactions,
  refunds,
} from '../src/db/schema.ts';
import { generateSessions } from '../src/services/timetable-rules/index.ts';
import {
  createActivity,
  createClient,
  createCustomer,
  createSession,
  createTimetableRule,
  createVenue,
  createWaitlistEntry,
  csrfHeaders,
  outbox,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';
import { paidBookings } from './paid-bookings.fixtures.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const t = await setupTestDatabase();
const client = await createClient(t.db, { timetableHorizonWeeks: 2 });
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp({}, { jobs: { start: true, workers: false } });
const paid = paidBookings({ app, db: t.db, clientId: client.id });
const bookByCard = async (sessionId: number, firstName: string) =>
  (await paid.bookByCard(sessionId, firstName)).customer;
const bookByCredit = paid.bookByCredit;
const admin = await staffSessionFor(t.db, { role: 'administrator', name: 'Ada Admin' });
const base = Math.ceil(Date.now() / HOUR) * HOUR;
/** A whole hour `hours` from now, at 10:00 in the venue's day if `hours` is a multiple of 24 from a 10:00. */
const at = (hours: number) => new Date(base + hours * HOUR);

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
/** A start on the same local day as `instant` (12:00 local), so a move within it stays on that day. */
function noonOf(instant: Date) {
  const day = local(instant).slice(0, 10);
  const guess = new Date(`${day}T12:00:00Z`);
  return local(guess).slice(11) === '12:00' ? guess : new Date(guess.getTime() - HOUR);
}

const change = (sessionId: number, body: Record<string, unknown>, headers = admin.headers) =>
  app.inject({ method: 'PATCH', url: `/api/staff/sessions/${sessionId}`, headers, payload: body });
const mailsTo = async (email: string) =>
  (await outbox(app)).filter((m) => m.to === email && m.subject.startsWith('Changed: '));
const linkIn = (text: string) => /\/session-change\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
const credit = async (customerId: number) =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
        .from(creditTransactions)
        .where(eq(creditTransactions.customerId, customerId))
    )[0]!.n,
  );

describe('moving or changing a session', () => {
  it('a small move mails each member once with nothing to choose', async () => {
    const start = noonOf(at(72));
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: start, name: 'Spin' });
    const carl = await bookByCard(session.id, 'Carl');
    const { customer: cara } = await bookByCredit(session.id, 'Cara');
    const moved = await change(session.id, {
      starts_at: local(new Date(start.getTime() + 30 * MINUTE)),
      location_name: 'Studio 2',
      reason: 'The studio floor is being repaired.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      location_name: 'Studio 2',
      choice_offered: false,
      mails_queued: 2,
      starts_at: new Date(start.getTime() + 30 * MINUTE).toISOString(),
      ends_at: new Date(start.getTime() + 75 * MINUTE).toISOString(),
    });
    for (const who of [carl, cara]) {
      const mails = await mailsTo(who.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('has moved: it is now Spin at 12:30');
      expect(mails[0]!.text).toContain('It takes place in Studio 2.');
      expect(mails[0]!.text).toContain('The studio floor is being repaired.');
      expect(linkIn(mails[0]!.text)).toBeUndefined();
    }
    // The audit: before and after.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.changed'), eq(auditLog.entityId, String(session.id))));
    expect(entry).toMatchObject({
      staffId: admin.staff.id,
      before: expect.objectContaining({ starts_at: start.toISOString(), location_name: 'Studio 1' }),
      after: expect.objectContaining({ location_name: 'Studio 2', mails_queued: 2, choices_offered: 0 }),
    });
    // A capacity change alone mails nobody.
    const bigger = await change(session.id, { capacity: 30 });
    expect(bigger.json().data).toMatchObject({ capacity: 30, mails_queued: 0 });
    expect(await mailsTo(carl.email)).toHaveLength(1);
  });

  it('a large move offers each booking keep or cancel; cancel refunds once, a second use is refused', async () => {
    const start = noonOf(at(96));
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: start, name: 'Yoga' });
    const carl = await bookByCard(session.id, 'Carl');
    const { customer: cara, booking: caraBooking } = await bookByCredit(session.id, 'Cara');
    const { customer: kim } = await bookByCredit(session.id, 'Kim');
    const waiting = await createCustomer(t.db, { clientId: client.id, firstName: 'Wes' });
    await createWaitlistEntry(t.db, { customerId: waiting.id, sessionId: session.id });
    const moved = await change(session.id, { starts_at: local(new Date(start.getTime() + 2 * HOUR)) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ choice_offered: true, mails_queued: 3 });
    const tokenOf = async (email: string) => {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('you can cancel your booking and get back everything you paid');
      return linkIn(mails[0]!.text)!;
    };
    const caraToken = await tokenOf(cara.email);
    const carlToken = await tokenOf(carl.email);
    const kimToken = await tokenOf(kim.email);

    const about = await app.inject({ method: 'GET', url: `/api/session-choices/${caraToken}` });
    expect(about.statusCode, about.body).toBe(200);
    expect(about.json().data).toMatchObject({
      activity_name: 'Yoga',
      venue_name: 'Leeds Central',
      was: expect.stringContaining('Yoga at 12:00'),
      now: expect.stringContaining('Yoga at 14:00'),
      price: { raw: 500 },
      choice: null,
    });

    const before = await credit(cara.id);
    const choose = (token: string, choice: 'keep' | 'cancel') =>
      app.inject({
        method: 'POST',
        url: `/api/session-choices/${token}`,
        headers: csrfHeaders(),
        payload: { choice },
      });
    // Two presses at once: one cancels and refunds, the other is refused.
    const [a, b] = await Promise.all([choose(caraToken, 'cancel'), choose(caraToken, 'cancel')]);
    const replies = [a, b].sort((x, y) => x.statusCode - y.statusCode);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 409]);
    expect(replies[0]!.json().data).toEqual({
      choice: 'cancelled',
      returned: ['£5.00 back to your account credit'],
    });
    expect(replies[1]!.json().message).toBe(PROGRAMME_CHANGE_TEXTS.choiceUsed);
    expect(await credit(cara.id)).toBe(before + 500);
    const [gone] = await t.db.select().from(bookings).where(eq(bookings.id, caraBooking.id));
    expect(gone!.status).toBe('cancelled');
    // Her place is free: the waitlist hears, once.
    const free = (await outbox(app)).filter(
      (m) => m.to === waiting.email && m.subject.startsWith('A place is free'),
    );
    expect(free).toHaveLength(1);
    expect(free[0]!.text).toContain(`/sessions/${session.id}`);
    // Later again: refused, nothing more.
    const third = await choose(caraToken, 'cancel');
    expect([third.statusCode, third.json().message]).toEqual([409, PROGRAMME_CHANGE_TEXTS.choiceUsed]);
    expect(await t.db.select().from(refunds).where(eq(refunds.customerId, cara.id))).toHaveLength(1);
    expect(await credit(cara.id)).toBe(before + 500);
    expect(
      (await outbox(app)).filter((m) => m.to === cara.email && m.subject.startsWith('Booking cancelled')),
    ).toHaveLength(1);

    // The card member cancels: a pending card refund of the whole price.
    const carlCancel = await choose(carlToken, 'cancel');
    expect(carlCancel.statusCode, carlCancel.body).toBe(200);
    const [cardRefund] = await t.db.select().from(refunds).where(eq(refunds.customerId, carl.id));
    expect(cardRefund).toMatchObject({
      destination: 'card',
      amount: 650,
      status: 'pending',
      activitySessionId: session.id,
    });
    // Kim keeps the place: nothing changes, and the link is then used.
    const kept = await choose(kimToken, 'keep');
    expect(kept.json().data).toEqual({ choice: 'kept', returned: [] });
    expect((await choose(kimToken, 'cancel')).statusCode).toBe(409);
    expect(await t.db.select().from(refunds).where(eq(refunds.customerId, kim.id))).toHaveLength(0);
    const [row] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, session.id));
    expect(row!.bookedCount).toBe(1);
    // An unknown link.
    const unknown = await app.inject({ method: 'GET', url: `/api/session-choices/${'x'.repeat(43)}` });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      PROGRAMME_CHANGE_TEXTS.choiceNotFound,
    ]);
  });

  it('a move to another day offers the choice even when it is less than the threshold', async () => {
    // 23:45 to 00:15 the next day: 30 minutes, another day.
    const noon = noonOf(at(120));
    const late = new Date(noon.getTime() + 11 * HOUR + 45 * MINUTE);
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: late, name: 'Late swim' });
    const { customer } = await bookByCredit(session.id, 'Nia');
    const moved = await change(session.id, { starts_at: local(new Date(late.getTime() + 30 * MINUTE)) });
    expect(moved.json().data.choice_offered).toBe(true);
    expect(linkIn((await mailsTo(customer.email))[0]!.text)).toBeDefined();
  });

  it("follows the operator's threshold (the catalogue's session_move_choice_minutes)", async () => {
    await t.db.update(clients).set({ sessionMoveChoiceMinutes: 90 }).where(eq(clients.id, client.id));
    try {
      const start = noonOf(at(144));
      const { session } = await createSession(t.db, { venueId: venue.id, startsAt: start });
      const { customer } = await bookByCredit(session.id, 'Ola');
      const hour = await change(session.id, { starts_at: local(new Date(start.getTime() + HOUR)) });
      expect(hour.json().data).toMatchObject({ choice_offered: false, mails_queued: 1 });
      expect(linkIn((await mailsTo(customer.email))[0]!.text)).toBeUndefined();
      const more = await change(session.id, { starts_at: local(new Date(start.getTime() + 3 * HOUR)) });
      expect(more.json().data).toMatchObject({ choice_offered: true, mails_queued: 1 });
    } finally {
      await t.db.update(clients).set({ sessionMoveChoiceMinutes: 30 }).where(eq(clients.id, client.id));
    }
  });

  it('refuses a capacity below the places booked, naming how many', async () => {
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(80), capacity: 10 });
    await bookByCredit(session.id, 'Ann');
    await bookByCredit(session.id, 'Bob');
    const refused = await change(session.id, { capacity: 1 });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      '2 places are booked: the capacity cannot be less than 2.',
    ]);
    expect((await change(session.id, { capacity: 2 })).statusCode).toBe(200);
    const nothing = await change(session.id, { capacity: 2 });
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      422,
      PROGRAMME_CHANGE_TEXTS.nothingChanged,
    ]);
    const past = await change(session.id, { starts_at: local(at(-2)) });
    expect([past.statusCode, past.json().message]).toEqual([422, PROGRAMME_CHANGE_TEXTS.startInPast]);
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id] });
    expect((await change(session.id, { capacity: 5 }, desk.headers)).statusCode).toBe(403);
    const other = await createVenue(t.db, { clientId: client.id });
    const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [other.id] });
    const notTheirs = await change(session.id, { capacity: 5 }, manager.headers);
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([
      404,
      PROGRAMME_CHANGE_TEXTS.sessionNotFound,
    ]);
    const [row] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, session.id));
    expect(row!.capacity).toBe(2);
  });

  it('the nightly generation does not put a moved session back', async () => {
    const generatedVenue = await createVenue(t.db, { clientId: client.id });
    const swim = await createActivity(t.db, { venueId: generatedVenue.id, name: 'Swim', capacity: 20 });
    for (const weekday of [1, 2, 3, 4, 5, 6, 7])
      await createTimetableRule(t.db, {
        venueId: generatedVenue.id,
        activityId: swim.id,
        weekday,
        startTime: '10:00',
      });
    const generate = () =>
      t.db.transaction((tx) =>
        generateSessions(tx, { clientId: client.id, now: new Date(), venueId: generatedVenue.id }),
      );
    await generate();
    const [first] = await t.db
      .select()
      .from(activitySessions)
      .where(
        and(
          eq(activitySessions.venueId, generatedVenue.id),
          sql`${activitySessions.startsAt} > now() + interval '1 day'`,
        ),
      )
      .orderBy(activitySessions.startsAt)
      .limit(1);
    const count = async () =>
      (await t.db.select().from(activitySessions).where(eq(activitySessions.venueId, generatedVenue.id)))
        .length;
    const before = await count();
    const newStart = new Date(first!.startsAt.getTime() + 3 * HOUR);
    const moved = await change(first!.id, {
      starts_at: local(newStart),
      capacity: 8,
      location_name: 'Learner pool',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const result = await generate();
    expect(result).toMatchObject({ created: 0, updated: 0, removed: 0, cancelled: 0 });
    const [after] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, first!.id));
    expect(after).toMatchObject({ startsAt: newStart, capacity: 8, locationName: 'Learner pool' });
    expect(after!.changedByStaffAt).not.toBeNull();
    expect(await count()).toBe(before);
  });
});
