import { describe, expect, it } from 'vitest';
import { addDays, venueToday } from '../../../lib/dates';
import type { MyFacts, Session, Timetable } from '../api/types';
import {
  dayOptions,
  filterByCategory,
  groupSessionsByDate,
  patchMyFacts,
  placesLeftText,
  priceText,
  sessionAction,
  timeRange,
  withMyFacts,
} from './timetable';

let nextId = 1;
function session(overrides: Partial<Session> & { start?: string; date?: string } = {}): Session {
  const { start = '07:00', date = '2026-11-23', ...rest } = overrides;
  const id = nextId++;
  return {
    id,
    activityId: 1,
    name: 'Aqua Fit',
    description: null,
    category: { name: 'Swimming' },
    locationName: 'Main pool',
    venue: { id: 1, slug: 'leeds', name: 'Leeds' },
    startsAt: { raw: `${date}T${start}:00Z`, local: `${date}T${start}:00`, date, time: start },
    endsAt: { raw: `${date}T${start}:00Z`, local: `${date}T${start}:00`, date, time: start },
    duration: '45min',
    durationMinutes: 45,
    price: { raw: 650, formatted: '£6.50' },
    capacity: 20,
    placesLeft: 3,
    state: 'bookable',
    releasesAt: null,
    inBasket: false,
    waitlistPosition: null,
    waitlistEntryId: null,
    requiresWaiver: false,
    ...rest,
  };
}

describe('days', () => {
  it("takes today's date in Europe/London", () => {
    expect(venueToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(venueToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('adds calendar days across clock changes and month ends', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('builds a 14-day strip with weekday, day number and month', () => {
    const days = dayOptions('2026-11-23');
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({
      date: '2026-11-23',
      weekday: 'Mon',
      day: '23',
      month: 'Nov',
      label: 'Monday 23 November',
    });
    expect(days[13]?.date).toBe('2026-12-06');
    expect(days[13]?.label).toBe('Sunday 6 December');
  });
});

describe('grouping and filtering', () => {
  it('groups sessions by venue-local date in start order', () => {
    const late = session({ date: '2026-11-23', start: '18:00' });
    const early = session({ date: '2026-11-23', start: '07:00' });
    const next = session({ date: '2026-11-24', start: '09:00' });
    const days = groupSessionsByDate([late, next, early]);
    expect([...days.keys()]).toEqual(['2026-11-23', '2026-11-24']);
    expect(days.get('2026-11-23')?.map((s) => s.id)).toEqual([early.id, late.id]);
    expect(days.get('2026-11-25')).toBeUndefined();
  });

  it('filters by category; the empty value means all types', () => {
    const swim = session({ category: { name: 'Swimming' } });
    const yoga = session({ category: { name: 'Yoga' } });
    expect(filterByCategory([swim, yoga], '')).toHaveLength(2);
    expect(filterByCategory([swim, yoga], 'Yoga')).toEqual([yoga]);
  });
});

describe('labels', () => {
  it('says how many places are left', () => {
    expect(placesLeftText(3)).toBe('3 places left');
    expect(placesLeftText(1)).toBe('1 place left');
    expect(placesLeftText(0)).toBe('No places left');
  });

  it('shows prices in pounds, or Free', () => {
    expect(priceText(650)).toBe('£6.50');
    expect(priceText(0)).toBe('Free');
  });

  it('shows a 24-hour time range', () => {
    expect(timeRange(session({ start: '18:30' }))).toBe('18:30 - 18:30');
  });
});

describe('sessionAction', () => {
  it('bookable: add to basket, or in basket', () => {
    expect(sessionAction(session())).toEqual({ kind: 'add', label: 'Add to basket' });
    expect(sessionAction(session({ inBasket: true }))).toEqual({ kind: 'in-basket', label: 'In basket' });
  });

  it('full: join the waitlist, or the position on it', () => {
    expect(sessionAction(session({ state: 'full', placesLeft: 0 })).label).toBe('Join waitlist');
    expect(sessionAction(session({ state: 'full', waitlistPosition: 2, waitlistEntryId: 9 }))).toEqual({
      kind: 'on-waitlist',
      label: 'On waitlist – position 2',
      position: 2,
      entryId: 9,
    });
  });

  it('not released: when booking opens (venue-local, 24-hour)', () => {
    // 3 December is GMT; 1 July is BST.
    expect(sessionAction(session({ state: 'not_released', releasesAt: '2026-12-03T07:00:00Z' })).label).toBe(
      'Bookable from 3 Dec at 07:00',
    );
    expect(sessionAction(session({ state: 'not_released', releasesAt: '2026-07-01T17:30:00Z' })).label).toBe(
      'Bookable from 1 Jul at 18:30',
    );
  });

  it('started and booked', () => {
    expect(sessionAction(session({ state: 'started' })).label).toBe('Started');
    expect(sessionAction(session({ state: 'cancelled', inBasket: true })).label).toBe('Cancelled');
    expect(sessionAction(session({ state: 'booked' })).label).toBe('Booked');
  });
});

describe("the member's facts over the shared timetable", () => {
  const timetableOf = (sessions: Session[]): Timetable => ({
    venue: { id: 1, slug: 'leeds', name: 'Leeds', timeZone: 'Europe/London' },
    from: '2026-11-23',
    to: '2026-12-06',
    bookingWindowDays: 7,
    categories: ['Swimming'],
    sessions,
  });
  const facts = (id: number, overrides: Partial<MyFacts> = {}): MyFacts => ({
    id,
    state: 'bookable',
    releasesAt: null,
    inBasket: false,
    waitlistPosition: null,
    waitlistEntryId: null,
    ...overrides,
  });

  it('lays each fact over its session by id and leaves every other session (and its object) as it is', () => {
    const booked = session({ state: 'full', placesLeft: 0 });
    const waited = session({ state: 'full', placesLeft: 0 });
    const basket = session();
    const plain = session();
    const shared = timetableOf([booked, waited, basket, plain]);
    const merged = withMyFacts(shared, [
      facts(booked.id, { state: 'booked' }),
      facts(waited.id, { state: 'full', waitlistPosition: 2, waitlistEntryId: 41 }),
      facts(basket.id, { inBasket: true }),
      facts(999_999, { state: 'booked' }), // another day's or category's session: nothing to lay it on
    ]);
    expect(
      merged.sessions.map((s) => [s.id, s.state, s.inBasket, s.waitlistPosition, s.waitlistEntryId]),
    ).toEqual([
      [booked.id, 'booked', false, null, null],
      [waited.id, 'full', false, 2, 41],
      [basket.id, 'bookable', true, null, null],
      [plain.id, 'bookable', false, null, null],
    ]);
    // Everyone's facts stay: places left, name, times.
    expect(merged.sessions[0]).toMatchObject({ placesLeft: 0, name: booked.name, startsAt: booked.startsAt });
    expect(merged.sessions[3]).toBe(plain);
    expect(merged.venue).toBe(shared.venue);
    // The shared copy is not changed.
    expect(shared.sessions[0]!.state).toBe('full');
    expect(sessionAction(merged.sessions[0]!).kind).toBe('booked');
    expect(sessionAction(merged.sessions[1]!)).toMatchObject({
      kind: 'on-waitlist',
      position: 2,
      entryId: 41,
    });
    expect(sessionAction(merged.sessions[2]!).kind).toBe('in-basket');
  });

  it('gives back the shared timetable itself without facts (a guest, or a member with nothing there)', () => {
    const shared = timetableOf([session(), session()]);
    expect(withMyFacts(shared, undefined)).toBe(shared);
    expect(withMyFacts(shared, [])).toBe(shared);
  });

  it("changes one session's facts, adding them from the timetable's when the member had none", () => {
    const mine = [facts(1, { state: 'booked' }), facts(2, { inBasket: true })];
    expect(patchMyFacts(mine, 2, { inBasket: false }, undefined)).toEqual([
      facts(1, { state: 'booked' }),
      facts(2, { inBasket: false }),
    ]);
    const full = session({ state: 'full', placesLeft: 0 });
    expect(patchMyFacts(mine, full.id, { waitlistPosition: 3, waitlistEntryId: 7 }, full)).toEqual([
      ...mine,
      facts(full.id, { state: 'full', waitlistPosition: 3, waitlistEntryId: 7 }),
    ]);
    // Nothing to start from: left to the refetch.
    expect(patchMyFacts(mine, 5, { inBasket: true }, undefined)).toEqual(mine);
    expect(mine).toHaveLength(2);
  });
});
