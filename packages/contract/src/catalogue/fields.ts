/**
 * The catalogue's building blocks: keys, pence, local dates and times, weekdays. Each refuses a wrong value with a
 * sentence an operator can act on (the command prints it beside the file, line and column).
 */
import { z } from 'zod';

/** An operator's stable key: lower-case letters, digits and hyphens (`gym-and-swim`). */
export const key = z
  .string()
  .regex(
    /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
    'A key is lower-case letters and digits joined by single hyphens or underscores, like gym-and-swim.',
  )
  .max(80, 'A key is at most 80 characters.')
  .meta({ description: 'A stable key you choose; keep it when you rename the entity, so history follows.' });

/**
 * Whether text holds a control character: the C0 set (NUL to U+001F), DEL and the C1 set. Multi-line text may hold
 * tabs and line breaks. A NUL cannot be stored at all, and the others are invisible where the text is shown.
 */
export function hasControlCharacter(value: string, multiLine = false) {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const isBreak = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 && !(multiLine && isBreak)) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

const ONE_LINE_CONTROL = (what: string) =>
  `${what} cannot hold control characters (such as NUL), tabs or line breaks: retype it.`;
const MULTI_LINE_CONTROL = (what: string) =>
  `${what} cannot hold control characters (such as NUL); tabs and line breaks are fine: retype it.`;

/** Text on one line (a name, a label, a phone number): no control characters, tabs or line breaks. */
export const line = (what = 'This text') =>
  z.string({ error: `${what} is text.` }).refine((v) => !hasControlCharacter(v), ONE_LINE_CONTROL(what));

/** Text that may run over several lines (a description, an address): tabs and line breaks, no other control. */
export const lines = (what = 'This text') =>
  z
    .string({ error: `${what} is text.` })
    .refine((v) => !hasControlCharacter(v, true), MULTI_LINE_CONTROL(what));

/** A key that names another entity in the catalogue (checked after parsing). */
export const ref = (what: string) =>
  z
    .string()
    .min(1, `Name the ${what} by its key.`)
    .refine((v) => !hasControlCharacter(v), ONE_LINE_CONTROL(`The ${what}’s key`))
    .meta({ description: `The key of ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} in this catalogue.` });

/** Money: a whole number of pence. 6.5 or '£6.50' is refused with the amount to write instead. */
export const pence = z
  .custom<number>((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0, {
    error: (issue) => {
      const v = issue.input;
      if (typeof v === 'number' && v >= 0 && !Number.isInteger(v)) {
        return `Prices are in pence: write ${Math.round(v * 100)} for £${v.toFixed(2)}, not ${v}.`;
      }
      if (typeof v === 'string') {
        const pounds = Number(v.replace(/^£/, ''));
        if (Number.isFinite(pounds) && pounds >= 0) {
          return `Prices are whole numbers of pence: write ${Math.round(pounds * 100)}, not '${v}'.`;
        }
      }
      return 'Prices are whole numbers of pence, 0 or more (650 is £6.50).';
    },
  })
  .meta({ type: 'integer', minimum: 0, description: 'Pence (650 is £6.50).' });

/** A local wall-clock time 'HH:MM' (24-hour). */
export const localTime = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "A time is 24-hour 'HH:MM' in quotes, like '07:00'.")
  .meta({ description: "Local time, 24-hour 'HH:MM' (quote it: '07:00')." });

const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/**
 * The years a catalogue's dates fall in: a date in 1900 or 9999 is a typing slip (and 9999 lies past what the
 * timetable and the date arithmetic handle), never an operator's plan.
 */
export const CATALOGUE_DATE_RANGE = { first: '2000-01-01', last: '2100-12-31' } as const;
/** The range as the reference and the editors' hints write it. */
export const DATE_RANGE_TEXT = 'YYYY-MM-DD, in the years 2000–2100';

/** A calendar date 'YYYY-MM-DD' in the years 2000–2100 (YAML reads an unquoted date as text here). */
export const localDate = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD, like 2026-12-25.')
    .refine(isRealDate, 'That date does not exist in the calendar.')
    .refine(
      (v) => v >= CATALOGUE_DATE_RANGE.first && v <= CATALOGUE_DATE_RANGE.last,
      'A date is in the years 2000 to 2100: check the year.',
    )
    .meta({ description: `A calendar date, ${DATE_RANGE_TEXT}.` }),
);

/** The hosts where an http:// address is taken: this computer, for trying a catalogue locally. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An address the operator gives: https://, or http:// on this computer (localhost); never javascript:, data: etc.
 * Read by a pattern (the contract has no URL parser of its own): scheme, host, port, then the rest without spaces.
 */
const WEB_ADDRESS =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[::1\])(?::\d{1,5})?(?:[/?#][^\s\\]*)?$/i;
function isWebAddress(value: string) {
  const [, scheme, host] = WEB_ADDRESS.exec(value) ?? [];
  if (!scheme || !host) return false;
  return scheme.toLowerCase() === 'https' || LOCAL_HOSTS.has(host.toLowerCase());
}

/** A path on this site: one leading slash (two, or a backslash, would name another host). */
const isSitePath = (value: string) => /^\/(?![/\\])[^\s\\]*$/.test(value);

/**
 * A web address the operator gives, shown as a link or an image: https:// (http:// only for localhost, to try a
 * catalogue on your own computer), or with `path`, a path on this site starting with one slash.
 */
export const webAddress = (what: string, options: { path?: boolean } = {}) =>
  z
    .string({ error: `${what} is text.` })
    .refine(
      (v) => !hasControlCharacter(v) && (isWebAddress(v) || (options.path === true && isSitePath(v))),
      options.path
        ? `${what} is an https:// address or a path on this site starting with /, like /api/static/logo.svg.`
        : `${what} is a full https:// address, like https://www.example.org/.`,
    )
    .meta({
      description: options.path
        ? 'An https:// address, or a path on this site starting with / (http:// only for localhost).'
        : 'A full https:// address (http:// only for localhost).',
    });

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const weekday = z.enum(WEEKDAYS, {
  error: 'A day is one of monday, tuesday, wednesday, thursday, friday, saturday, sunday.',
});
/** ISO weekday number (1 = Monday) of a day name, and back. */
export const isoWeekday = (day: Weekday) => WEEKDAYS.indexOf(day) + 1;
export const weekdayOf = (iso: number): Weekday => WEEKDAYS[iso - 1]!;

/** An IANA time zone the runtime knows (Europe/London by default). */
export const timeZone = z
  .string()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone: use an IANA name such as Europe/London.')
  .meta({ description: 'IANA time zone, e.g. Europe/London.' });

/** Whole number with a plain sentence for what it counts. */
export const count = (what: string, min = 1) =>
  z
    .number({ error: `${what} is a whole number.` })
    .int(`${what} is a whole number.`)
    .min(min, `${what} is at least ${min}.`);

export const text = (what: string, max = 200) =>
  z
    .string({ error: `${what} is text.` })
    .trim()
    .min(1, `${what} cannot be empty.`)
    .max(max, `${what} is at most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v), ONE_LINE_CONTROL(what));

/** HTML written by the operator (sanitised by the server before it reaches a page). */
export const html = lines('The HTML').meta({ description: 'HTML; sanitised before it is shown.' });
