import { zoneClock } from '@fieldhouse/contract/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { venueToday } from './dates';
import {
  dateParts,
  formatDate,
  formatDateTime,
  formatDayAndTime,
  formatFullDate,
  formatLongDate,
  formatMoney,
  formatTime,
  setClock,
} from './format';

describe('formatMoney', () => {
  it('formats minor units as pounds with two decimals', () => {
    expect(formatMoney(1250)).toBe('£12.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(123456)).toBe('£1,234.56');
    expect(formatMoney(-300)).toBe('-£3.00');
  });
});

describe('dates in Europe/London', () => {
  it('shows GMT times in winter', () => {
    expect(formatTime('2026-01-15T18:30:00Z')).toBe('18:30');
    expect(formatDateTime('2026-01-15T18:30:00Z')).toBe('15 Jan 2026 at 18:30');
  });

  it('shows BST times in summer (24-hour clock)', () => {
    expect(formatTime('2026-07-01T17:05:00Z')).toBe('18:05');
    expect(formatLongDate('2026-07-01T23:30:00Z')).toBe('Thursday 2 July 2026');
  });

  it('handles the October clock change', () => {
    // 25 Oct 2026: clocks go back at 02:00 BST → 01:00 GMT.
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('01:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('01:30');
    expect(formatDate('2026-10-25T01:30:00Z')).toBe('25 Oct 2026');
  });

  it('handles the March clock change', () => {
    // 29 Mar 2026: 01:00 GMT → 02:00 BST.
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('00:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('02:00');
  });
});

describe('month names as the spec writes them', () => {
  it("writes September 'Sep' in short dates (not en-GB's 'Sept') and in full where asked", () => {
    expect(formatDate('2026-09-03T10:00:00Z')).toBe('3 Sep 2026');
    expect(formatDateTime('2026-06-30T23:15:00Z')).toBe('1 Jul 2026 at 00:15');
    expect(formatFullDate('2026-09-03T10:00:00Z')).toBe('3 September 2026');
    expect(formatDayAndTime('2026-12-31T07:00:00Z')).toBe('31 Dec at 07:00');
  });
});

describe("the page's clock (the server's offsets, decision 063) writes what Intl writes", () => {
  // Intl's own en-GB formatting, as the page used to ask for it, is the reference.
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const reference = (t: number) => {
    const p = Object.fromEntries(intl.formatToParts(t).map(({ type, value }) => [type, value]));
    return `${p.weekday} ${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}`;
  };
  const ours = (t: number) => `${formatLongDate(new Date(t))} ${formatTime(new Date(t))}`;
  const from = Date.UTC(2025, 0, 1);
  const until = Date.UTC(2028, 0, 1);

  afterEach(() => setClock(null));

  it('agrees minute by minute around each clock change and every 97 minutes between', () => {
    const clock = zoneClock('Europe/London', from, until);
    setClock({ ...clock, timeZone: clock.time_zone });
    // London's changes from 2025 to 2027: 3 years × 2.
    expect(clock.offsets).toHaveLength(7);
    const instants: number[] = [];
    for (const [change] of clock.offsets.slice(1))
      for (let t = change - 3 * 3_600_000; t <= change + 3 * 3_600_000; t += 60_000) instants.push(t);
    for (let t = from; t < until; t += 97 * 60_000) instants.push(t);
    const wrong = instants.filter((t) => ours(t) !== reference(t));
    expect(wrong.map((t) => new Date(t).toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(16_000);
  });

  it("today's date at the venue flips at local midnight, in BST and in GMT", () => {
    const clock = zoneClock('Europe/London', from, until);
    setClock({ ...clock, timeZone: clock.time_zone });
    expect(venueToday(new Date('2026-07-01T22:59:59Z'))).toBe('2026-07-01');
    expect(venueToday(new Date('2026-07-01T23:00:00Z'))).toBe('2026-07-02');
    expect(venueToday(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
    expect(venueToday(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('asks Intl outside its span and for another zone', () => {
    // A clock that is wrong on purpose (offset +5 h): used inside its span only, and for its zone only.
    setClock({ timeZone: 'Europe/London', from, until, offsets: [[from, 300]] });
    expect(formatTime('2026-01-15T18:30:00Z')).toBe('23:30');
    expect(formatTime('2024-01-15T18:30:00Z')).toBe('18:30');
    expect(formatTime('2028-07-01T17:05:00Z')).toBe('18:05');
    expect(dateParts('2026-01-15T18:30:00Z', 'America/New_York').hour).toBe('13');
  });
});

describe('formatMoney writes what Intl writes', () => {
  it('for pence from -£20,000 to £20,000', () => {
    const intl = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 2,
    });
    const wrong: number[] = [];
    for (let pence = -2_000_000; pence <= 2_000_000; pence += 37)
      if (formatMoney(pence) !== intl.format(pence / 100)) wrong.push(pence);
    for (const pence of [0, 1, 99, 100, 100_000, 99_999_999, 123_456_789_012])
      if (formatMoney(pence) !== intl.format(pence / 100)) wrong.push(pence);
    expect(wrong).toEqual([]);
  });
});
