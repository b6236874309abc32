import { describe, expect, it } from 'vitest';
import { exception, generate, input, rule, SWIM, starts } from './planner.fixtures.ts';
import { planSessions } from './planner.ts';

describe('planSessions: the weekly timetable into sessions', () => {
  it('keeps a 07:00 class at 07:00 local across the October change (BST → GMT)', () => {
    // Wed 21 Oct 2026; clocks go back on Sun 25 Oct.
    const { plan } = generate({ rules: [rule({ id: 1, weekday: 6 }), rule({ id: 2, weekday: 7 })] });
    expect(starts(plan)).toEqual([
      '2026-10-24T06:00:00.000Z', // Sat 07:00 BST
      '2026-10-25T07:00:00.000Z', // Sun 07:00 GMT
      '2026-10-31T07:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
    const sunday = plan.create.find((c) => c.localDate === '2026-10-25')!;
    expect(sunday).toMatchObject({ ruleId: 2, exceptionId: null, capacity: 20, price: 650 });
    expect(sunday.endsAt.toISOString()).toBe('2026-10-25T07:45:00.000Z');
  });

  it('keeps a 07:00 class at 07:00 local across the March change (GMT → BST)', () => {
    const now = new Date('2026-03-25T12:00:00Z');
    const { plan } = generate({
      now,
      horizonWeeks: 1,
      rules: [rule({ id: 1, weekday: 6 }), rule({ id: 2 })],
    });
    expect(starts(plan)).toEqual(['2026-03-28T07:00:00.000Z', '2026-03-29T06:00:00.000Z']);
  });

  it('moves a start the clocks skip forward by the gap, and takes the first of a repeated one', () => {
    const night = rule({ startTime: '01:30', durationMinutes: 60 });
    const spring = generate({ now: new Date('2026-03-25T12:00:00Z'), horizonWeeks: 1, rules: [night] }).plan;
    // 01:30 does not exist on 29 Mar in London: read as 01:30 GMT, which is 02:30 BST.
    expect(spring.create.map((c) => [c.startsAt.toISOString(), c.endsAt.toISOString()])).toEqual([
      ['2026-03-29T01:30:00.000Z', '2026-03-29T02:30:00.000Z'],
    ]);
    const autumn = generate({ rules: [night] }).plan;
    // 01:30 happens twice on 25 Oct: the first (BST, 00:30Z); a week later it is GMT again.
    expect(starts(autumn)).toEqual(['2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z']);
  });

  it('covers today and the horizon’s following days, not sessions that have started or lie beyond', () => {
    // Mon 2 Nov 2026 09:00 GMT, one week: Mon 2 … Sun 8 Nov.
    const now = new Date('2026-11-02T09:00:00Z');
    const rules = [
      rule({ id: 1, weekday: 1, startTime: '07:00' }), // today, started
      rule({ id: 2, weekday: 1, startTime: '10:00' }), // today, later
      rule({ id: 3, weekday: 7, startTime: '18:00' }), // Sun 8 Nov, the last day
    ];
    expect(starts(generate({ now, horizonWeeks: 1, rules }).plan)).toEqual([
      '2026-11-02T10:00:00.000Z',
      '2026-11-08T18:00:00.000Z',
    ]);
    expect(generate({ now, horizonWeeks: 0, rules }).plan.create).toEqual([]);
    expect(generate({ now, horizonWeeks: 8, rules }).plan.create).toHaveLength(7 + 8 + 8); // today's 07:00 has started
  });

  it('starts the horizon on the venue’s today, which turns over at local midnight', () => {
    // Sat 24 Oct 2026 23:30Z is already Sunday 00:30 BST in London.
    const now = new Date('2026-10-24T23:30:00Z');
    const rules = [rule({ id: 1, weekday: 6 }), rule({ id: 2, weekday: 7 })];
    expect(
      generate({ now, horizonWeeks: 1, rules })
        .plan.create.map((c) => c.localDate)
        .sort(),
    ).toEqual(['2026-10-25', '2026-10-31']);
  });

  it('runs a rule only from valid_from to valid_until (inclusive)', () => {
    const now = new Date('2026-11-02T09:00:00Z');
    const monday = rule({
      weekday: 1,
      startTime: '18:00',
      validFrom: '2026-11-16',
      validUntil: '2026-11-30',
    });
    expect(generate({ now, horizonWeeks: 8, rules: [monday] }).plan.create.map((c) => c.localDate)).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it('generates nothing on a closed day, not even an extra session', () => {
    const closed = exception({ kind: 'closed', date: '2026-10-25' });
    const extra = exception({ kind: 'extra', date: '2026-10-25', activityId: SWIM.id, startTime: '12:00' });
    const { plan } = generate({ rules: [rule()], exceptions: [closed, extra] });
    expect(plan.create.map((c) => c.localDate)).toEqual(['2026-11-01']);
  });

  it('leaves out a cancelled date and applies a changed date’s values over the rule’s', () => {
    const r = rule({ price: 500 });
    const cancelled = exception({ kind: 'cancelled', date: '2026-10-25', ruleId: r.id });
    const changed = exception({
      kind: 'changed',
      date: '2026-11-01',
      ruleId: r.id,
      startTime: '08:30',
      capacity: 10,
    });
    const { plan } = generate({ rules: [r], exceptions: [cancelled, changed] });
    expect(plan.create).toHaveLength(1);
    expect(plan.create[0]).toMatchObject({
      localDate: '2026-11-01',
      startsAt: new Date('2026-11-01T08:30:00Z'),
      endsAt: new Date('2026-11-01T09:15:00Z'),
      capacity: 10,
      price: 500, // the rule's, over the activity's 650
      locationName: 'Studio 1',
    });
  });

  it('an archived exception no longer applies', () => {
    const cancelled = exception({ kind: 'cancelled', date: '2026-10-25', ruleId: 10, archived: true });
    expect(generate({ rules: [rule()], exceptions: [cancelled] }).plan.create).toHaveLength(2);
  });

  it('adds an extra session inside the horizon only', () => {
    const extra = exception({
      kind: 'extra',
      date: '2026-10-28',
      activityId: SWIM.id,
      startTime: '19:00',
      price: 0,
    });
    const later = exception({ kind: 'extra', date: '2026-12-28', activityId: SWIM.id, startTime: '19:00' });
    const gone = exception({
      kind: 'extra',
      date: '2026-10-29',
      activityId: SWIM.id,
      startTime: '19:00',
      archived: true,
    });
    const { plan } = generate({ exceptions: [extra, later, gone] });
    expect(plan.create).toEqual([
      expect.objectContaining({
        exceptionId: extra.id,
        ruleId: null,
        activityId: SWIM.id,
        localDate: '2026-10-28',
        startsAt: new Date('2026-10-28T19:00:00Z'),
        price: 0,
        locationName: 'Pool',
      }),
    ]);
  });

  it('is idempotent: planning again after applying changes nothing', () => {
    const r = rule({ weekday: 3, startTime: '01:30' });
    const over = {
      horizonWeeks: 8,
      // Sundays at 01:30: on 25 Oct that hour happens twice.
      rules: [r, rule({ id: 11, weekday: 7, startTime: '01:30' })],
      exceptions: [
        exception({ kind: 'changed', date: '2026-10-28', ruleId: r.id, capacity: 5 }),
        exception({ kind: 'extra', date: '2026-11-05', activityId: SWIM.id, startTime: '01:30' }),
      ],
    };
    const first = generate(over);
    expect(first.plan.create.length).toBeGreaterThan(10);
    const second = planSessions(input({ ...over, existing: first.sessions }));
    expect(second).toEqual({ create: [], update: [], remove: [], cancel: [], restore: [], conflicts: [] });
    // A week later the horizon has moved on by one week: only those sessions are new.
    const later = planSessions(
      input({ ...over, now: new Date('2026-10-28T12:00:00Z'), existing: first.sessions }),
    );
    expect(later.create.map((c) => c.localDate).sort()).toEqual(['2026-12-16', '2026-12-20']);
    expect([later.update, later.remove, later.conflicts]).toEqual([[], [], []]);
  });
});
