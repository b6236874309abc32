/**
 * What the catalogue check refuses that it let through (issue 41, LOW): control characters in text (a NUL passed
 * and crashed the import), an alias bomb (a stack trace), a logo or kiosk address that is not a web address
 * (`javascript:` passed) and dates in 1900 or 9999. Each is a plain problem placed at its field.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem, validateCatalogue } from './index.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const smallGym = await readFile(path.join(root, 'catalogue/examples/small-gym.yaml'), 'utf8');

/** The example with one exact piece of text swapped, failing if the piece is not there. */
const edited = (from: string, to: string) => {
  expect(smallGym).toContain(from);
  return smallGym.replace(from, to);
};
const problemsOf = (text: string) =>
  validateCatalogue('gym.yaml', text).problems.map((p) => `${p.path}: ${p.message}`);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('control characters in text', () => {
  it('refuses a NUL in a name, placed at the field', () => {
    const text = edited(
      '  name: Northgate Gym\n  support_email',
      '  name: "North\\0gate Gym"\n  support_email',
    );
    const result = validateCatalogue('gym.yaml', text);
    expect(result.problems.map(formatProblem)).toEqual([
      `gym.yaml:${lineOf(text, 'North\\0gate')}:9 client.name: The operator’s name cannot hold control characters (such as NUL), tabs or line breaks: retype it.`,
    ]);
  });

  it('refuses control characters in one-line text, and any but tabs and line breaks in multi-line text', () => {
    expect(problemsOf(edited('phone: 01924 000 000', 'phone: "01924\\e000 000"'))).toEqual([
      'client.phone: The phone number cannot hold control characters (such as NUL), tabs or line breaks: retype it.',
    ]);
    expect(problemsOf(edited('reason: Christmas Day', 'reason: "Christmas\\tDay"'))).toEqual([
      'timetable[0].exceptions[0].reason: The reason cannot hold control characters (such as NUL), tabs or line breaks: retype it.',
    ]);
    expect(
      problemsOf(
        edited(
          'description: Slow flow yoga; mats provided.',
          'description: "Slow flow yoga;\\x7Fmats provided."',
        ),
      ),
    ).toEqual([
      'activities[1].description: The description cannot hold control characters (such as NUL); tabs and line breaks are fine: retype it.',
    ]);
    expect(problemsOf(edited('<p>Northgate Gym, 14', '<p>Northgate Gym,\u000014'))).toEqual([
      'client.footer_html: The HTML cannot hold control characters (such as NUL); tabs and line breaks are fine: retype it.',
    ]);
    // Multi-line text keeps its tabs and line breaks (the address is three lines).
    expect(
      problemsOf(
        edited(
          'description: Slow flow yoga; mats provided.',
          'description: "Slow flow yoga.\\n\\tMats provided.\\r\\n"',
        ),
      ),
    ).toEqual([]);
  });
});

describe('aliases', () => {
  it('refuses an alias bomb with one plain problem at the first alias, not a stack trace', () => {
    const bomb = [
      'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
      'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
      'format: 1',
    ].join('\n');
    const result = validateCatalogue('bomb.yaml', bomb);
    expect(result.problems.map(formatProblem)).toEqual([
      'bomb.yaml:2:8 The file’s aliases (*name) expand to too much text: write the entries out instead of nesting aliases.',
    ]);
  });

  it('still takes a few aliases', () => {
    const text = edited(
      '    opening_hours:\n      monday: [{ opens: "06:00", closes: "22:00" }]\n      tuesday: [{ opens: "06:00", closes: "22:00" }]',
      '    opening_hours:\n      monday: &day [{ opens: "06:00", closes: "22:00" }]\n      tuesday: *day',
    );
    expect(problemsOf(text)).toEqual([]);
  });
});

describe('web addresses', () => {
  const logo = (value: string) =>
    problemsOf(
      edited('theme_app_logo: /api/static/fieldhouse-logo.svg', `theme_app_logo: ${JSON.stringify(value)}`),
    );
  const kiosk = (value: string) =>
    problemsOf(
      edited(
        '  phone: 01924 000 000\n',
        `  phone: 01924 000 000\n  kiosk_home_url: ${JSON.stringify(value)}\n`,
      ),
    );

  it('takes a logo at an https:// address or a path on this site (http:// only for localhost)', () => {
    for (const ok of [
      'https://cdn.example.org/logo.svg',
      '/api/static/logo.svg',
      'http://localhost:5173/logo.svg',
      'http://127.0.0.1/logo.png',
    ]) {
      expect(logo(ok), ok).toEqual([]);
    }
    for (const refused of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://example.org/logo.svg',
      '//evil.example/logo.svg',
      '/\\evil.example/logo.svg',
      'logo.svg',
      'ftp://example.org/logo.svg',
    ]) {
      expect(logo(refused), refused).toEqual([
        'client.theme.theme_app_logo: The logo is an https:// address or a path on this site starting with /, like /api/static/logo.svg.',
      ]);
    }
  });

  it('takes a kiosk home URL only as a full https:// address', () => {
    expect(kiosk('https://www.northgate-gym.example/kiosk')).toEqual([]);
    for (const refused of ['javascript:alert(1)', 'data:text/html,hi', '/kiosk', 'http://example.org/']) {
      expect(kiosk(refused), refused).toEqual([
        'client.kiosk_home_url: The kiosk home URL is a full https:// address, like https://www.example.org/.',
      ]);
    }
  });
});

describe('dates', () => {
  const closedOn = (date: string) =>
    problemsOf(
      edited('{ key: christmas-day-2026, date: 2026-12-25,', `{ key: christmas-day-2026, date: ${date},`),
    );

  it('takes dates in the years 2000 to 2100 only', () => {
    expect(closedOn('2000-01-01')).toEqual([]);
    expect(closedOn('2100-12-31')).toEqual([]);
    for (const date of ['1900-12-25', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expect(closedOn(date), date).toEqual([
        'timetable[0].exceptions[0].date: A date is in the years 2000 to 2100: check the year.',
      ]);
    }
  });
});
