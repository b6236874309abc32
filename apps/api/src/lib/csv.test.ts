import { describe, expect, it } from 'vitest';
import { type CsvColumn, toCsv } from './csv.ts';

type Row = { day: string; venue: string; takings: number; count: number; fill: number };
const columns: CsvColumn<Row>[] = [
  { header: 'Date', kind: 'date', value: (r) => r.day },
  { header: 'Venue', kind: 'text', value: (r) => r.venue },
  { header: 'Takings (£)', kind: 'pounds', value: (r) => r.takings },
  { header: 'Orders', kind: 'integer', value: (r) => r.count },
  { header: 'Fill rate (%)', kind: 'percent', value: (r) => r.fill },
];

describe('CSV for spreadsheets', () => {
  it('writes pounds with two decimals as plain numbers, ISO dates, a BOM and CRLF', () => {
    const csv = toCsv(columns, [
      { day: '2026-11-30', venue: 'Central, Leeds', takings: 123405, count: 12, fill: 0.8125 },
      { day: '2026-12-01', venue: 'North', takings: -250, count: 1, fill: 0 },
      { day: '2026-12-02', venue: 'East', takings: 5, count: 0, fill: 1 },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Date,Venue,Takings (£),Orders,Fill rate (%)',
      '2026-11-30,"Central, Leeds",1234.05,12,81.3',
      '2026-12-01,North,-2.50,1,0.0',
      '2026-12-02,East,0.05,0,100.0',
      '',
    ]);
  });

  it('keeps text that looks like a formula as text, and quotes quotes', () => {
    const csv = toCsv(columns, [
      { day: '2026-11-30', venue: '=HYPERLINK("http://x")', takings: 0, count: 0, fill: 0 },
      { day: '2026-11-30', venue: '@SUM(A1)', takings: 0, count: 0, fill: 0 },
      { day: '2026-11-30', venue: '-1+2', takings: 0, count: 0, fill: 0 },
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('2026-11-30,"\'=HYPERLINK(""http://x"")",0.00,0,0.0');
    expect(lines[2]).toBe("2026-11-30,'@SUM(A1),0.00,0,0.0");
    expect(lines[3]).toBe("2026-11-30,'-1+2,0.00,0,0.0");
  });

  it('refuses pence that are not whole', () => {
    expect(() =>
      toCsv(columns, [{ day: '2026-11-30', venue: 'x', takings: 1.5, count: 0, fill: 0 }]),
    ).toThrow();
  });
});
