import { describe, expect, it } from 'vitest';
import { groupByDate, localTime } from './group';

interface Item {
  id: number;
  date: string;
  datePretty: string;
}
const item = (id: number, date: string): Item => ({ id, date, datePretty: `pretty ${date}` });

describe('groupByDate', () => {
  const group = (items: Item[]) =>
    groupByDate(
      items,
      (b) => b.date,
      (b) => b.datePretty,
    );

  it('groups bookings by date under a date heading, in list order', () => {
    const groups = group([item(1, '2026-11-23'), item(2, '2026-11-23'), item(3, '2026-11-25')]);
    expect(groups).toEqual([
      {
        date: '2026-11-23',
        label: 'pretty 2026-11-23',
        items: [item(1, '2026-11-23'), item(2, '2026-11-23')],
      },
      { date: '2026-11-25', label: 'pretty 2026-11-25', items: [item(3, '2026-11-25')] },
    ]);
  });

  it('keeps descending order for previous bookings', () => {
    const groups = group([item(3, '2026-11-25'), item(1, '2026-11-23'), item(2, '2026-11-23')]);
    expect(groups.map((g) => g.date)).toEqual(['2026-11-25', '2026-11-23']);
    expect(groups[1]?.items.map((i) => i.id)).toEqual([1, 2]);
  });

  it('returns no groups for no bookings', () => {
    expect(group([])).toEqual([]);
  });
});

describe('localTime', () => {
  it('reads the 24-hour time of a venue-local date-time', () => {
    expect(localTime('2026-10-25T01:30:00')).toBe('01:30');
    expect(localTime('2026-11-23T18:05:00')).toBe('18:05');
  });
});
