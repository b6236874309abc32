import { describe, expect, it } from 'vitest';
import { buildCalendar, icsEscape, icsFold, icsUtc } from './ics.ts';

describe('iCalendar helpers', () => {
  it('writes instants in UTC basic form', () => {
    expect(icsUtc(new Date('2026-10-25T09:00:00.000Z'))).toBe('20261025T090000Z');
  });

  it('escapes text values', () => {
    expect(icsEscape('Studio 1, Leeds; back\\room\nline')).toBe('Studio 1\\, Leeds\\; back\\\\room\\nline');
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = icsFold(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(physical.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(icsFold('SHORT:x')).toBe('SHORT:x');
  });

  it('builds a calendar with CRLF line endings and one VEVENT per event', () => {
    const text = buildCalendar({
      prodId: '-//Fieldhouse//Bookings//EN',
      events: [
        {
          uid: 'booking-1@fieldhouse.test',
          stamp: new Date('2026-10-20T12:00:00Z'),
          start: new Date('2026-10-25T09:00:00Z'),
          end: new Date('2026-10-25T09:45:00Z'),
          summary: 'Spin',
          location: 'Leeds, Studio 1',
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines).toContain('DTSTART:20261025T090000Z');
    expect(lines).toContain('DTEND:20261025T094500Z');
    expect(lines).toContain('LOCATION:Leeds\\, Studio 1');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
  });
});
