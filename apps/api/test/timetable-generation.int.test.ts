import { asc, eq, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { activitySessions, bookings, timetableConflicts, timetableRules } from '../src/db/schema.ts';
import {
  describeConflict,
  type GenerateSessionsInput,
  generateSessions,
  requestTimetableGeneration,
  TIMETABLE_GENERATION_JOB,
} from '../src/services/timetable-rules/index.ts';
import {
  createActivity,
  createBooking,
  createClient,
  createCustomer,
  createSession,
  createTimetableException,
  createTimetableRule,
  createVenue,
  setupTestDatabase,
} from './helper.ts';

// Wednesday 21 October 2026, 13:00 BST; the clocks go back on Sunday 25 October. Two weeks: 21 Oct … 3 Nov.
const NOW = new Date('2026-10-21T12:00:00Z');

const t = await setupTestDatabase();
const client = await createClient(t.db, { timetableHorizonWeeks: 2 });
const customer = await createCustomer(t.db, { clientId: client.id });

/** A venue of the client with a Spin activity (45 minutes, 20 places, £6.50). */
async function venueWithSpin() {
  const venue = await createVenue(t.db, { clientId: client.id });
  const spin = await createActivity(t.db, { venueId: venue.id, name: 'Spin' });
  return { venue, spin };
}

const generate = (input: Partial<GenerateSessionsInput> & { venueId: number }) =>
  t.db.transaction((tx) => generateSessions(tx, { clientId: client.id, now: NOW, ...input }));

/** The venue's generated sessions by start: [start ISO, capacity]. */
async function sessionsOf(venueId: number) {
  return t.db
    .select()
    .from(activitySessions)
    .where(eq(activitySessions.venueId, venueId))
    .orderBy(asc(activitySessions.startsAt));
}
const starts = async (venueId: number) =>
  (await sessionsOf(venueId)).map((s) => [s.localDate, s.startsAt.toISOString()]);

describe('generateSessions', () => {
  it('puts a 07:00 class at 07:00 local on both sides of the October change; a second run changes nothing', async () => {
    const { venue, spin } = await venueWithSpin();
    await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 6 });
    await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });

    const first = await generate({ venueId: venue.id });
    expect(first).toEqual({ created: 4, updated: 0, removed: 0, cancelled: 0, conflicts: [] });
    expect(await starts(venue.id)).toEqual([
      ['2026-10-24', '2026-10-24T06:00:00.000Z'], // Saturday 07:00 BST
      ['2026-10-25', '2026-10-25T07:00:00.000Z'], // Sunday 07:00 GMT
      ['2026-10-31', '2026-10-31T07:00:00.000Z'],
      ['2026-11-01', '2026-11-01T07:00:00.000Z'],
    ]);
    const [sat] = await sessionsOf(venue.id);
    expect(sat).toMatchObject({ capacity: 20, price: 650, locationName: 'Studio 1', bookedCount: 0 });
    expect(sat!.endsAt.toISOString()).toBe('2026-10-24T06:45:00.000Z');

    expect(await generate({ venueId: venue.id })).toEqual({
      created: 0,
      updated: 0,
      removed: 0,
      cancelled: 0,
      conflicts: [],
    });
    expect(await sessionsOf(venue.id)).toHaveLength(4);
  });

  it('puts a 07:00 class at 07:00 local on both sides of the March change', async () => {
    const { venue, spin } = await venueWithSpin();
    await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 6 });
    await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
    await generate({ venueId: venue.id, now: new Date('2026-03-25T12:00:00Z') });
    expect(await starts(venue.id)).toEqual([
      ['2026-03-28', '2026-03-28T07:00:00.000Z'], // Saturday 07:00 GMT
      ['2026-03-29', '2026-03-29T06:00:00.000Z'], // Sunday 07:00 BST
      ['2026-04-04', '2026-04-04T06:00:00.000Z'],
      ['2026-04-05', '2026-04-05T06:00:00.000Z'],
    ]);
  });

  it('respects a closed day, a cancelled date, a changed date and an extra session', async () => {
    const { venue, spin } = await venueWithSpin();
    const aqua = await createActivity(t.db, { venueId: venue.id, name: 'Aqua', locationName: 'Pool' });
    const tuesday = await createTimetableRule(t.db, {
      venueId: venue.id,
      activityId: spin.id,
      weekday: 2,
      startTime: '18:00',
    });
    const thursday = await createTimetableRule(t.db, {
      venueId: venue.id,
      activityId: spin.id,
      weekday: 4,
      startTime: '18:00',
    });
    await createTimetableException(t.db, { venueId: venue.id, date: '2026-10-27', kind: 'closed' });
    await createTimetableException(t.db, {
      venueId: venue.id,
      date: '2026-10-22',
      kind: 'cancelled',
      ruleId: thursday.id,
    });
    await createTimetableException(t.db, {
      venueId: venue.id,
      date: '2026-10-29',
      kind: 'changed',
      ruleId: thursday.id,
      capacity: 8,
    });
    await createTimetableException(t.db, {
      venueId: venue.id,
      date: '2026-10-30',
      kind: 'extra',
      activityId: aqua.id,
      startTime: '19:00',
      price: 0,
    });

    expect((await generate({ venueId: venue.id })).created).toBe(3);
    const rows = await sessionsOf(venue.id);
    expect(
      rows.map((s) => [s.localDate, s.startsAt.toISOString(), s.capacity, s.price, s.locationName]),
    ).toEqual([
      ['2026-10-29', '2026-10-29T18:00:00.000Z', 8, 650, 'Studio 1'],
      ['2026-10-30', '2026-10-30T19:00:00.000Z', 20, 0, 'Pool'],
      ['2026-11-03', '2026-11-03T18:00:00.000Z', 20, 650, 'Studio 1'],
    ]);
    expect(rows.map((s) => [s.ruleId, s.exceptionId !== null])).toEqual([
      [thursday.id, false],
      [null, true],
      [tuesday.id, false],
    ]);

    // A closure added later takes away the unbooked session already generated for that day.
    await createTimetableException(t.db, { venueId: venue.id, date: '2026-11-03', kind: 'closed' });
    expect(await generate({ venueId: venue.id })).toMatchObject({ created: 0, removed: 1, conflicts: [] });
    expect((await sessionsOf(venue.id)).map((s) => s.localDate)).toEqual(['2026-10-29', '2026-10-30']);
  });

  it('keeps a booked session its rule would move, reports and records it, and follows once it is free', async () => {
    const { venue, spin } = await venueWithSpin();
    const rule = await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
    await generate({ venueId: venue.id });
    const [sunday, nextSunday] = await sessionsOf(venue.id);
    const booking = await createBooking(t.db, { customerId: customer.id, sessionId: sunday!.id });

    await t.db.update(timetableRules).set({ startTime: '09:00' }).where(eq(timetableRules.id, rule.id));
    const result = await generate({ venueId: venue.id });
    expect([result.created, result.updated, result.removed]).toEqual([0, 1, 0]);
    expect(result.conflicts.map(describeConflict)).toEqual([
      `Spin on Sunday 25 October 2026 at 07:00 (session ${sunday!.id}) was not moved to 09:00 because 1 place is booked (its weekly timetable rule has changed): move or cancel those bookings and the timetable will follow.`,
    ]);
    expect(await starts(venue.id)).toEqual([
      ['2026-10-25', '2026-10-25T07:00:00.000Z'], // kept
      ['2026-11-01', '2026-11-01T09:00:00.000Z'], // moved
    ]);
    const recorded = await t.db.select().from(timetableConflicts);
    expect(recorded.filter((c) => c.venueId === venue.id)).toEqual([
      expect.objectContaining({
        activitySessionId: sunday!.id,
        kind: 'move',
        reason: 'rule_changed',
        bookedCount: 1,
        wantedStartsAt: new Date('2026-10-25T09:00:00Z'),
        description: describeConflict(result.conflicts[0]!),
      }),
    ]);
    expect(nextSunday!.id).not.toBe(sunday!.id);

    // Run again: the same conflict, nothing else.
    const again = await generate({ venueId: venue.id });
    expect([again.created, again.updated, again.removed, again.conflicts.length]).toEqual([0, 0, 0, 1]);

    // Staff cancel the booking: the session moves and the conflict is gone.
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    await t.db.update(activitySessions).set({ bookedCount: 0 }).where(eq(activitySessions.id, sunday!.id));
    expect(await generate({ venueId: venue.id })).toMatchObject({ updated: 1, conflicts: [] });
    expect((await starts(venue.id))[0]).toEqual(['2026-10-25', '2026-10-25T09:00:00.000Z']);
    expect((await t.db.select().from(timetableConflicts)).filter((c) => c.venueId === venue.id)).toEqual([]);
  });

  it('keeps a booked session its rule no longer wants, never shrinks it below its bookings', async () => {
    const { venue, spin } = await venueWithSpin();
    const rule = await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
    await generate({ venueId: venue.id });
    const [sunday] = await sessionsOf(venue.id);
    for (let i = 0; i < 3; i++) {
      const other = await createCustomer(t.db, { clientId: client.id });
      await createBooking(t.db, { customerId: other.id, sessionId: sunday!.id });
    }
    await t.db.update(timetableRules).set({ capacity: 2 }).where(eq(timetableRules.id, rule.id));
    const shrunk = await generate({ venueId: venue.id });
    expect(shrunk.conflicts.map((c) => [c.kind, c.bookedCount, c.wantedCapacity])).toEqual([
      ['capacity', 3, 2],
    ]);
    expect((await sessionsOf(venue.id)).map((s) => s.capacity)).toEqual([3, 2]);

    await t.db.update(timetableRules).set({ archivedAt: NOW }).where(eq(timetableRules.id, rule.id));
    const archived = await generate({ venueId: venue.id });
    expect([archived.removed, archived.conflicts.map((c) => [c.kind, c.reason, c.sessionId])]).toEqual([
      1,
      [['remove', 'rule_archived', sunday!.id]],
    ]);
    expect((await sessionsOf(venue.id)).map((s) => s.id)).toEqual([sunday!.id]);
  });

  it('counts each session’s own bookings: a booking elsewhere does not hold back a free session', async () => {
    // Generation once read every session's bookings through a subquery that compared bookings with themselves
    // (`b.activity_session_id = b.id`), so a booking whose id happened to equal its session's id counted against
    // every session. Make that coincidence on purpose: the booking of the first Sunday takes that session's id.
    const { venue, spin } = await venueWithSpin();
    const rule = await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
    await generate({ venueId: venue.id });
    const [sunday, nextSunday] = await sessionsOf(venue.id);
    await createBooking(t.db, { id: sunday!.id, customerId: customer.id, sessionId: sunday!.id });
    await t.db.execute(
      sql`select setval(pg_get_serial_sequence('bookings', 'id'), (select max(id) from bookings))`,
    );

    await t.db.update(timetableRules).set({ startTime: '09:00' }).where(eq(timetableRules.id, rule.id));
    const result = await generate({ venueId: venue.id });
    expect(result.conflicts.map((c) => [c.kind, c.sessionId, c.bookedCount])).toEqual([
      ['move', sunday!.id, 1],
    ]);
    expect(result.updated).toBe(1);
    expect((await sessionsOf(venue.id)).find((s) => s.id === nextSunday!.id)?.startsAt).toEqual(
      new Date('2026-11-01T09:00:00Z'),
    );
  });

  it('takes a session whose only booking was cancelled off sale when its rule goes (issue 35), back when it returns', async () => {
    const { venue, spin } = await venueWithSpin();
    const rule = await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
    await generate({ venueId: venue.id });
    const [sunday, nextSunday] = await sessionsOf(venue.id);
    await createBooking(t.db, {
      customerId: customer.id,
      sessionId: sunday!.id,
      status: 'cancelled',
      countPlace: false,
    });

    await t.db.update(timetableRules).set({ archivedAt: NOW }).where(eq(timetableRules.id, rule.id));
    const result = await generate({ venueId: venue.id });
    expect([result.removed, result.cancelled, result.conflicts]).toEqual([1, 1, []]);
    expect((await sessionsOf(venue.id)).map((s) => [s.id, s.cancelledBy, s.cancellationReason])).toEqual([
      [sunday!.id, 'timetable', 'This class was taken off the timetable.'],
    ]);
    expect(nextSunday).toBeDefined();
    expect(await generate({ venueId: venue.id })).toMatchObject({ removed: 0, cancelled: 0, updated: 0 });

    await t.db.update(timetableRules).set({ archivedAt: null }).where(eq(timetableRules.id, rule.id));
    expect(await generate({ venueId: venue.id })).toMatchObject({ created: 1, updated: 1, cancelled: 0 });
    expect((await sessionsOf(venue.id)).map((s) => [s.localDate, s.cancelledAt])).toEqual([
      ['2026-10-25', null],
      ['2026-11-01', null],
    ]);
  });

  it('never touches sessions made by hand (the demo’s): no rule, no exception', async () => {
    const { venue, spin } = await venueWithSpin();
    const byHand = await createSession(t.db, {
      venueId: venue.id,
      activityId: spin.id,
      startsAt: new Date('2026-10-25T07:00:00Z'),
    });
    await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
    await generate({ venueId: venue.id });
    await t.db.update(timetableRules).set({ archivedAt: NOW }).where(eq(timetableRules.venueId, venue.id));
    expect((await generate({ venueId: venue.id })).removed).toBe(2);
    expect(await sessionsOf(venue.id)).toEqual([byHand.session]);
  });

  it('two runs at once create each session once', async () => {
    const { venue, spin } = await venueWithSpin();
    for (const weekday of [1, 2, 3, 4, 5])
      await createTimetableRule(t.db, {
        venueId: venue.id,
        activityId: spin.id,
        weekday,
        startTime: '18:00',
      });
    const results = await Promise.all([generate({ venueId: venue.id }), generate({ venueId: venue.id })]);
    expect(results.map((r) => r.created).sort()).toEqual([0, 10]);
    expect(await sessionsOf(venue.id)).toHaveLength(10);
  });
});

/**
 * A checkout's transaction that locks the session's row (as checkout does) and holds it until `release()`, then does
 * `then` in it. Resolves once the row is locked.
 */
async function checkoutHolding(sessionId: number, then?: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const checkout = t.db.transaction(async (tx) => {
    await tx.select().from(activitySessions).where(eq(activitySessions.id, sessionId)).for('update');
    locked();
    await gate;
    await then?.(tx);
  });
  await isLocked;
  return { release, checkout };
}

describe('generateSessions beside bookings', () => {
  // PGlite has one connection: two transactions cannot interleave there.
  it.skipIf(t.database.kind === 'pglite')(
    'waits for a booking that holds the session, then keeps the session as booked',
    async () => {
      const { venue, spin } = await venueWithSpin();
      const rule = await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
      await generate({ venueId: venue.id });
      const [sunday, nextSunday] = await sessionsOf(venue.id);
      await t.db.update(timetableRules).set({ archivedAt: NOW }).where(eq(timetableRules.id, rule.id));

      // A checkout locks the session row, then books it; generation starts while it holds the lock.
      const { release, checkout } = await checkoutHolding(sunday!.id, (tx) =>
        createBooking(tx, { customerId: customer.id, sessionId: sunday!.id }),
      );
      const generation = generate({ venueId: venue.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await checkout;
      const result = await generation;
      expect([result.removed, result.conflicts.map((c) => [c.kind, c.sessionId, c.bookedCount])]).toEqual([
        1,
        [['remove', sunday!.id, 1]],
      ]);
      expect((await sessionsOf(venue.id)).map((s) => s.id)).toEqual([sunday!.id]);
      expect(nextSunday).toBeDefined();
    },
  );
});

describe('generateSessions on an unchanged timetable', () => {
  it.skipIf(t.database.kind === 'pglite')(
    'locks no session: a checkout holding one does not hold up the run, nor the run the checkout',
    async () => {
      const { venue, spin } = await venueWithSpin();
      await createTimetableRule(t.db, { venueId: venue.id, activityId: spin.id, weekday: 7 });
      await generate({ venueId: venue.id });
      const [sunday] = await sessionsOf(venue.id);
      const { release, checkout } = await checkoutHolding(sunday!.id);
      const result = await Promise.race([
        generate({ venueId: venue.id }),
        new Promise((resolve) => setTimeout(() => resolve('waited for the checkout'), 2_000)),
      ]);
      release();
      await checkout;
      expect(result).toEqual({ created: 0, updated: 0, removed: 0, cancelled: 0, conflicts: [] });
    },
  );
});

describe('the timetable generation job', () => {
  it('runs for every client through the job engine, once however many ask, and logs conflicts', async () => {
    const { venue, spin } = await venueWithSpin();
    await createTimetableRule(t.db, {
      venueId: venue.id,
      activityId: spin.id,
      weekday: 4,
      startTime: '10:00',
    });
    const logs: { level: number; msg: string }[] = [];
    const clock = new TestClock(NOW);
    const app = await t.buildTestApp(
      {},
      {
        now: () => NOW,
        jobs: { start: true, clock, workers: false },
        timetableGeneration: { runAtStart: true },
        logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
      },
    );
    // Start-up queued one run; asking again while it waits adds none.
    await requestTimetableGeneration(app.jobs, app.log);
    expect(await app.jobs.findJobs(TIMETABLE_GENERATION_JOB)).toHaveLength(1);
    expect(await app.jobs.runDueJobs()).toBe(1);
    expect(await starts(venue.id)).toEqual([
      ['2026-10-22', '2026-10-22T09:00:00.000Z'],
      ['2026-10-29', '2026-10-29T10:00:00.000Z'],
    ]);

    const [thursday] = await sessionsOf(venue.id);
    await createBooking(t.db, { customerId: customer.id, sessionId: thursday!.id });
    await t.db.update(timetableRules).set({ weekday: 5 }).where(eq(timetableRules.venueId, venue.id));
    await requestTimetableGeneration(app.jobs, app.log);
    expect(await app.jobs.runDueJobs()).toBe(1);
    const warned = logs.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warned).toContain(
      `Timetable conflict: Spin on Thursday 22 October 2026 at 10:00 (session ${thursday!.id}) was not removed because 1 place is booked (its weekly timetable rule has changed): move or cancel those bookings and the timetable will remove it.`,
    );
    expect(logs.filter((l) => l.msg === 'Timetable generation run finished')).toHaveLength(2);
    expect((await sessionsOf(venue.id)).map((s) => s.localDate)).toEqual([
      '2026-10-22',
      '2026-10-23',
      '2026-10-30',
    ]);
    await app.close();
  });
});
