/** What venues sell to book: activities, and each venue's weekly timetable with its date exceptions. */
import { z } from 'zod';
import { vatTreatment } from '../vat.ts';
import {
  count,
  DATE_RANGE_TEXT,
  key,
  line,
  lines,
  localDate,
  localTime,
  pence,
  ref,
  text,
  weekday,
} from './fields.ts';

export const catalogueActivity = z
  .strictObject({
    key,
    venue: ref('venue'),
    name: text('The activity’s name'),
    description: lines('The description').nullable().default(null),
    category: text('The category', 80).meta({
      description: 'Activities are grouped and discounted by category (e.g. Swimming, Fitness classes).',
    }),
    location: text('The location', 120).meta({
      description: 'Where in the venue (e.g. Studio 1, Main pool).',
    }),
    price: pence,
    capacity: count('Capacity'),
    duration_minutes: count('The duration in minutes'),
    max_places_per_booking: count('Places per booking').default(1),
    cancellation: z
      .strictObject({
        cutoff_hours: count('The cancellation cut-off in hours', 0).default(2),
        credit: z
          .boolean()
          .default(true)
          .meta({ description: 'A cancellation before the cut-off gives credit.' }),
      })
      .prefault({}),
    waiver: ref('waiver')
      .nullable()
      .default(null)
      .meta({ description: 'The waiver attendees must have signed.' }),
    vat: vatTreatment.default('standard').meta({
      description:
        'VAT on its price: standard (20%), reduced (5%), zero (0%) or exempt (no VAT, e.g. swimming lessons).',
    }),
  })
  .meta({ description: 'An activity at one venue, with its default price, capacity and rules.' });

/** Overrides a session may set; anything left out comes from the activity. */
const sessionOverrides = {
  duration_minutes: count('The duration in minutes').optional(),
  capacity: count('Capacity').optional(),
  price: pence.optional(),
  location: text('The location', 120).optional(),
};

export const weeklySession = z
  .strictObject({
    key,
    activity: ref('activity'),
    day: weekday,
    start: localTime,
    ...sessionOverrides,
    from: localDate.optional().meta({ description: `First date it runs (inclusive; ${DATE_RANGE_TEXT}).` }),
    until: localDate.optional().meta({ description: `Last date it runs (inclusive; ${DATE_RANGE_TEXT}).` }),
  })
  .meta({
    description: 'A session every week on a day at a local time (07:00 stays 07:00 across clock changes).',
  });

const exceptionBase = { key, date: localDate, reason: line('The reason').nullable().default(null) };

export const timetableException = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ ...exceptionBase, kind: z.literal('closed') }).meta({
        description: 'The venue is closed all day (e.g. a bank holiday): no weekly session runs.',
      }),
      z
        .strictObject({ ...exceptionBase, kind: z.literal('cancelled'), session: ref('weekly session') })
        .meta({
          description: 'One weekly session does not run on that date.',
        }),
      z
        .strictObject({
          ...exceptionBase,
          kind: z.literal('changed'),
          session: ref('weekly session'),
          start: localTime.optional(),
          ...sessionOverrides,
        })
        .meta({
          description: 'One weekly session runs differently on that date (time, capacity, price, place).',
        }),
      z
        .strictObject({
          ...exceptionBase,
          kind: z.literal('extra'),
          activity: ref('activity'),
          start: localTime,
          ...sessionOverrides,
        })
        .meta({ description: 'A one-off session on that date.' }),
    ],
    { error: 'An exception’s kind is closed, cancelled, changed or extra.' },
  )
  .meta({ description: 'A date exception to the weekly timetable.' });

export const venueTimetable = z
  .strictObject({
    venue: ref('venue'),
    weekly: z.array(weeklySession).default([]),
    exceptions: z.array(timetableException).default([]),
  })
  .meta({ description: 'A venue’s weekly timetable and its date exceptions.' });

export type CatalogueActivity = z.output<typeof catalogueActivity>;
export type WeeklySession = z.output<typeof weeklySession>;
export type TimetableException = z.output<typeof timetableException>;
export type VenueTimetable = z.output<typeof venueTimetable>;
