import { describe, expect, it } from 'vitest';
import { describeConflict } from './describe.ts';
import { apply, exception, generate, input, rule, SPIN, SWIM } from './planner.fixtures.ts';
import { planSessions } from './planner.ts';
import type { ExistingSession, PlanInput } from './types.ts';

describe('planSessions: changes to sessions already generated', () => {
  const generated = (over: Partial<PlanInput>) => generate(over).sessions;

  it('moves and re-prices unbooked sessions when their rule changes, and removes them when it goes', () => {
    const before = generated({ rules: [rule()] });
    const moved = planSessions(
      input({ rules: [rule({ startTime: '08:00', price: 700 })], existing: before }),
    );
    expect(moved.update.map((u) => u.set)).toEqual([
      {
        startsAt: new Date('2026-10-25T08:00:00Z'),
        endsAt: new Date('2026-10-25T08:45:00Z'),
        price: 700,
      },
      {
        startsAt: new Date('2026-11-01T08:00:00Z'),
        endsAt: new Date('2026-11-01T08:45:00Z'),
        price: 700,
      },
    ]);
    expect(moved.create).toEqual([]);
    const archived = planSessions(input({ rules: [rule({ archived: true })], existing: before }));
    expect(archived.remove.map((r) => r.reason)).toEqual(['rule_archived', 'rule_archived']);
    expect(planSessions(input({ rules: [], existing: before })).remove).toHaveLength(2);
    const weekday = planSessions(input({ rules: [rule({ weekday: 6 })], existing: before }));
    expect(weekday.remove.map((r) => r.reason)).toEqual(['rule_changed', 'rule_changed']);
    expect(weekday.create.map((c) => c.localDate)).toEqual(['2026-10-24', '2026-10-31']);
  });

  it('removes the unbooked sessions of an archived activity or venue, and creates none', () => {
    const before = generated({ rules: [rule()] });
    const noSpin = planSessions(
      input({ activities: [{ ...SPIN, archived: true }], rules: [rule()], existing: before }),
    );
    expect([noSpin.create, noSpin.remove.map((r) => r.reason)]).toEqual([
      [],
      ['activity_archived', 'activity_archived'],
    ]);
    const venue = { id: 1, timeZone: 'Europe/London', archived: true };
    const closed = planSessions(input({ venue, rules: [rule()], existing: before }));
    expect([closed.create, closed.remove.map((r) => r.reason)]).toEqual([
      [],
      ['venue_archived', 'venue_archived'],
    ]);
  });

  it('keeps booked sessions the rules would move or remove, and reports them', () => {
    const [sunday, nextSunday] = generated({ rules: [rule()] });
    const booked = [{ ...sunday!, bookedCount: 3 }, nextSunday!];
    const moved = planSessions(input({ rules: [rule({ startTime: '08:00' })], existing: booked }));
    expect(moved.update.map((u) => u.sessionId)).toEqual([nextSunday!.id]);
    expect(moved.conflicts).toEqual([
      expect.objectContaining({
        kind: 'move',
        reason: 'rule_changed',
        sessionId: sunday!.id,
        localDate: '2026-10-25',
        localTime: '07:00',
        bookedCount: 3,
        wantedStartsAt: new Date('2026-10-25T08:00:00Z'),
      }),
    ]);
    expect(describeConflict(moved.conflicts[0]!)).toBe(
      `Spin on Sunday 25 October 2026 at 07:00 (session ${sunday!.id}) was not moved to 08:00 because 3 places are booked (its weekly timetable rule has changed): move or cancel those bookings and the timetable will follow.`,
    );
    const changedActivity = planSessions(input({ rules: [rule({ activityId: SWIM.id })], existing: booked }));
    expect(changedActivity.conflicts.map((c) => [c.kind, c.wantedActivityName, c.wantedStartsAt])).toEqual([
      ['move', 'Aqua', null],
    ]);

    const closure = exception({ kind: 'closed', date: '2026-10-25' });
    const cancel = exception({ kind: 'cancelled', date: '2026-10-25', ruleId: 10 });
    for (const [exceptions, reason] of [
      [[closure], 'closed'],
      [[cancel], 'cancelled'],
    ] as const) {
      const plan = planSessions(input({ rules: [rule()], exceptions: [...exceptions], existing: booked }));
      expect([plan.remove, plan.update, plan.create]).toEqual([[], [], []]);
      expect(plan.conflicts.map((c) => [c.kind, c.reason, c.sessionId])).toEqual([
        ['remove', reason, sunday!.id],
      ]);
    }
    const gone = planSessions(input({ rules: [], existing: booked }));
    expect(gone.remove.map((r) => r.sessionId)).toEqual([nextSunday!.id]);
    expect(describeConflict(gone.conflicts[0]!)).toBe(
      `Spin on Sunday 25 October 2026 at 07:00 (session ${sunday!.id}) was not removed because 3 places are booked (its weekly timetable rule was removed): move or cancel those bookings and the timetable will remove it.`,
    );
  });

  it('never takes capacity below the places booked', () => {
    const [sunday] = generated({ rules: [rule()] });
    const booked = [{ ...sunday!, bookedCount: 3 }];
    const plan = planSessions(
      input({ horizonWeeks: 1, rules: [rule({ capacity: 2, price: 500 })], existing: booked }),
    );
    expect(plan.update).toEqual([{ sessionId: sunday!.id, set: { capacity: 3, price: 500 } }]);
    expect(plan.conflicts.map((c) => [c.kind, c.wantedCapacity, c.bookedCount])).toEqual([
      ['capacity', 2, 3],
    ]);
    expect(describeConflict(plan.conflicts[0]!)).toContain(
      'keeps 3 places instead of 2 because 3 places are booked',
    );
    const again = planSessions(
      input({ horizonWeeks: 1, rules: [rule({ capacity: 2, price: 500 })], existing: apply(booked, plan) }),
    );
    expect([again.update, again.conflicts.length]).toEqual([[], 1]);
  });

  it('moves a session with only cancelled bookings on record; takes it off sale rather than delete it (issue 35)', () => {
    const [sunday] = generated({ rules: [rule()] });
    const kept = [{ ...sunday!, hasHistory: true }];
    const moved = planSessions(
      input({ horizonWeeks: 1, rules: [rule({ startTime: '09:00' })], existing: kept }),
    );
    expect([moved.update.length, moved.conflicts]).toEqual([1, []]);
    const gone = planSessions(input({ horizonWeeks: 1, rules: [], existing: kept }));
    expect([gone.remove, gone.cancel, gone.conflicts]).toEqual([
      [],
      [{ sessionId: sunday!.id, reason: 'rule_archived' }],
      [],
    ]);
    // Off sale: planning again changes nothing; the rule back puts it back on sale.
    const offSale = apply(kept, gone);
    expect(planSessions(input({ horizonWeeks: 1, rules: [], existing: offSale }))).toMatchObject({
      cancel: [],
      restore: [],
      remove: [],
    });
    const back = planSessions(input({ horizonWeeks: 1, rules: [rule()], existing: offSale }));
    expect([back.restore, back.create, back.update]).toEqual([[sunday!.id], [], []]);
  });

  it('never touches a session staff cancelled, nor makes another for its date', () => {
    const [sunday] = generated({ rules: [rule()] });
    const cancelled = [{ ...sunday!, cancelledBy: 'staff' as const, hasHistory: true }];
    expect(
      planSessions(input({ horizonWeeks: 1, rules: [rule({ startTime: '09:00' })], existing: cancelled })),
    ).toEqual({ create: [], update: [], remove: [], cancel: [], restore: [], conflicts: [] });
    expect(planSessions(input({ horizonWeeks: 1, rules: [], existing: cancelled }))).toEqual({
      create: [],
      update: [],
      remove: [],
      cancel: [],
      restore: [],
      conflicts: [],
    });
  });

  it('never touches a session that has started, nor makes a second one for its date', () => {
    // Sun 25 Oct 2026 10:00 GMT: today's 07:00 session is over.
    const [sunday] = generated({ rules: [rule()] });
    const now = new Date('2026-10-25T10:00:00Z');
    const later = planSessions(
      input({ now, horizonWeeks: 1, rules: [rule({ startTime: '18:00' })], existing: [sunday!] }),
    );
    expect(later).toEqual({ create: [], update: [], remove: [], cancel: [], restore: [], conflicts: [] });
    expect(planSessions(input({ now, horizonWeeks: 1, rules: [], existing: [sunday!] })).remove).toEqual([]);
  });

  it('ignores sessions made by hand (no rule, no exception)', () => {
    const byHand: ExistingSession = {
      id: 1,
      ruleId: null,
      exceptionId: null,
      localDate: null,
      activityId: SPIN.id,
      startsAt: new Date('2026-10-25T07:00:00Z'),
      endsAt: new Date('2026-10-25T07:45:00Z'),
      capacity: 20,
      price: 650,
      locationName: 'Studio 1',
      bookedCount: 0,
      hasHistory: false,
      cancelledBy: null,
    };
    const plan = planSessions(
      input({ venue: { id: 1, timeZone: 'Europe/London', archived: true }, existing: [byHand] }),
    );
    expect(plan).toEqual({ create: [], update: [], remove: [], cancel: [], restore: [], conflicts: [] });
  });

  it('follows an extra session when its exception changes, and removes it when archived', () => {
    const extra = exception({ kind: 'extra', date: '2026-10-28', activityId: SWIM.id, startTime: '19:00' });
    const before = generated({ exceptions: [extra] });
    const moved = planSessions(input({ exceptions: [{ ...extra, date: '2026-10-29' }], existing: before }));
    expect(moved.update.map((u) => [u.set.localDate, u.set.startsAt])).toEqual([
      ['2026-10-29', new Date('2026-10-29T19:00:00Z')],
    ]);
    const gone = planSessions(input({ exceptions: [{ ...extra, archived: true }], existing: before }));
    expect(gone.remove.map((r) => r.reason)).toEqual(['extra_removed']);
  });
});
