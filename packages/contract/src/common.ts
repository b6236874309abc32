import { z } from 'zod';

export {
  CSRF_COOKIE,
  CSRF_FAILED_STATUS,
  CSRF_HEADER,
  DEFAULT_ERROR_TEXTS,
  LOGGED_IN_COOKIE,
  NOT_FOUND_PAGE,
  NOT_SET_UP,
  SESSION_COOKIE,
  VENUE_COOKIE,
} from './texts/common.ts';

/** Every successful payload sits in a `data` wrapper (spec §7). */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Money travels in integer minor units (pence) with a display string in pounds. */
export const money = z.object({
  raw: z.number().int().describe('Amount in minor units (pence)'),
  formatted: z.string().describe('Display string, e.g. £12.50'),
});
export type Money = z.infer<typeof money>;

/** A point in time rendered for the venue's time zone. */
export const venueDateTime = z.object({
  raw: z.string().describe('ISO 8601 instant in UTC'),
  local: z.string().describe('Venue-local ISO date-time without offset'),
  full_date: z.string().describe('e.g. 22/11/2026'),
  full_date_pretty: z.string().describe('e.g. Sunday 22 November 2026'),
  time: z.string().describe('24-hour HH:mm in the venue time zone'),
});
export type VenueDateTime = z.infer<typeof venueDateTime>;

/** `page` (from 1) and `per_page` (1 to `maxPerPage`, `perPage` when left out) of a paged list's query. */
export const pageFields = (perPage: number, maxPerPage: number) => ({
  page: z.coerce
    .number('Page must be a whole number, 1 or more.')
    .int('Page must be a whole number, 1 or more.')
    .min(1, 'Page must be a whole number, 1 or more.')
    .max(100_000, 'Page must be 100000 or less.')
    .default(1),
  per_page: z.coerce
    .number(`Per page must be a whole number from 1 to ${maxPerPage}.`)
    .int(`Per page must be a whole number from 1 to ${maxPerPage}.`)
    .min(1, `Per page must be a whole number from 1 to ${maxPerPage}.`)
    .max(maxPerPage, `Per page must be a whole number from 1 to ${maxPerPage}.`)
    .default(perPage),
});

/** Where a page sits in a paged list; a page past the end is empty (its first and last record are 0). */
export const pagination = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int().describe('At least 1'),
  total_records: z.number().int(),
  first_record_on_current_page: z.number().int().describe('1-based; 0 on an empty page'),
  last_record_on_current_page: z.number().int().describe('1-based; 0 on an empty page'),
});
export type Pagination = z.infer<typeof pagination>;

/** 4xx/5xx replies other than 422. */
export const errorReply = z.object({
  message: z.string(),
  code: z
    .string()
    .optional()
    .describe(
      "Set on some errors a client acts on: 'not_set_up' (503) while the operator has no catalogue loaded",
    ),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** 422 replies: one message plus messages per snake_case field. */
export const validationErrorReply = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorReply = z.infer<typeof validationErrorReply>;

export const messageReply = envelope(z.object({ message: z.string() }));
