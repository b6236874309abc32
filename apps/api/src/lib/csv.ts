import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * Reports as CSV files a spreadsheet or an accounting package opens as meant (issue 37, decision 080):
 * - money in pounds with two decimals, written as a plain number (12.50, -3.00), never '£12.50' (a text cell);
 * - counts as integers; dates ISO (2026-11-30), instants ISO in UTC with a Z;
 * - text that a spreadsheet would run as a formula (starting =, +, -, @, a tab or a carriage return: OWASP's CSV
 *   injection list) gets a leading apostrophe, so a customer named '=HYPERLINK(…)' stays text;
 * - RFC 4180 quoting by csv-stringify, CRLF line ends, and a UTF-8 byte order mark so Excel reads '£' and accents.
 */
export type CsvKind = 'text' | 'pounds' | 'integer' | 'percent' | 'date' | 'instant';

export interface CsvColumn<Row> {
  header: string;
  kind: CsvKind;
  /** Pounds columns take pence (an integer); percent columns a fraction (0.25 is written 25.0). */
  value: (row: Row) => string | number | Date | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text. */
export function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function cell(kind: CsvKind, value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'pounds': {
      const pence = Number(value);
      if (!Number.isInteger(pence))
        throw new Error(`A pounds cell takes integer pence, not ${String(value)}`);
      const sign = pence < 0 ? '-' : '';
      const abs = Math.abs(pence);
      return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
    }
    case 'integer':
      return String(Math.trunc(Number(value)));
    case 'percent':
      return (Number(value) * 100).toFixed(1);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case 'instant':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    default:
      return safeText(String(value));
  }
}

/** The whole file: a header row, then one row per item. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records: string[][] = [columns.map((c) => safeText(c.header))];
  for (const row of rows) records.push(columns.map((c) => cell(c.kind, c.value(row))));
  return `\uFEFF${stringify(records, { record_delimiter: 'windows' })}`;
}

/** Sends a CSV file as a download named `filename` (letters, digits, dots, dashes), never cached. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  const name = filename.replace(/[^A-Za-z0-9._-]/g, '-');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}
