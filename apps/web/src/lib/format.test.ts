import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayAndTime,
  formatFullDate,
  formatLongDate,
  formatMoney,
  formatTime,
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
