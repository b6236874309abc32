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

/** A key that names another entity in the catalogue (checked after parsing). */
export const ref = (what: string) =>
  z
    .string()
    .min(1, `Name the ${what} by its key.`)
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

/** A calendar date 'YYYY-MM-DD' (YAML reads an unquoted date as text here). */
export const localDate = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD, like 2026-12-25.')
    .refine(isRealDate, 'That date does not exist in the calendar.')
    .meta({ description: 'A calendar date, YYYY-MM-DD.' }),
);

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
    .max(max, `${what} is at most ${max} characters.`);

/** HTML written by the operator (sanitised by the server before it reaches a page). */
export const html = z.string().meta({ description: 'HTML; sanitised before it is shown.' });
