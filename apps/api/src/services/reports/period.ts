import { REPORT_TEXTS, type ReportPeriod, type ReportQuery } from '@fieldhouse/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { addDays, compareDates, formatIso, instantAt, toLocalDate } from '../../lib/local-date.ts';

/** Where a staff member may look (`venueScopeOf(staff)`): every venue, or these. */
export type VenueScope = { venueIds: number[] | 'all' };

/**
 * A report's period and venues, resolved once for every report (decision 081):
 * - `fromInstant` (inclusive) to `toInstant` (exclusive) are the UTC bounds of the venue-local days `from`..`to`:
 *   local midnight at the start of `from` to local midnight at the end of `to`, in the operator's time zone, so a
 *   period holding the clocks' change is 23 or 25 hours longer or shorter than its days × 24;
 * - `venueIds` are the venues counted: the one asked for, else every venue the staff member may see (all the
 *   operator's venues for administrators and finance, archived ones too: their past takings are still takings).
 */
export interface ReportScope {
  from: string;
  to: string;
  timeZone: string;
  fromInstant: Date;
  toInstant: Date;
  venueId: number | null;
  venueIds: number[];
  venues: { id: number; name: string }[];
  /** Every venue the staff member may report on (the venue filter's choices). */
  venueOptions: { id: number; name: string }[];
}

const MIDNIGHT = { hour: 0, minute: 0 };

/** The UTC bounds of the venue-local days `from`..`to` (inclusive) in `timeZone`. */
export function periodBounds(from: string, to: string, timeZone: string) {
  return {
    fromInstant: instantAt(toLocalDate(from), MIDNIGHT, timeZone),
    toInstant: instantAt(addDays(toLocalDate(to), 1), MIDNIGHT, timeZone),
  };
}

/**
 * The venues a staff member may report on, by name (every venue of the operator for `all`, archived ones too, else
 * their own).
 */
export async function reportVenues(
  db: DbOrTx,
  input: { clientId: number; scope: VenueScope },
): Promise<{ id: number; name: string }[]> {
  const { scope } = input;
  if (scope.venueIds !== 'all' && scope.venueIds.length === 0) return [];
  const conditions = [eq(venues.clientId, input.clientId)];
  if (scope.venueIds !== 'all') conditions.push(inArray(venues.id, scope.venueIds));
  return db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(...conditions))
    .orderBy(asc(venues.name), asc(venues.id));
}

/** The venues a report counts: the one asked for (404 when it is not among theirs), else all the staff member's. */
export async function resolveReportVenues(
  db: DbOrTx,
  input: { clientId: number; scope: VenueScope; venueId: number | null | undefined },
): Promise<Pick<ReportScope, 'venueId' | 'venueIds' | 'venues' | 'venueOptions'>> {
  const options = await reportVenues(db, { clientId: input.clientId, scope: input.scope });
  const venueId = input.venueId ?? null;
  // One venue asked for that is not among them (another operator's, or a colleague's at another centre): 404, as
  // elsewhere in the console, never its figures.
  const scoped = venueId ? options.filter((venue) => venue.id === venueId) : options;
  if (venueId && scoped.length === 0) throw notFound(REPORT_TEXTS.venueNotFound);
  return { venueId, venueIds: scoped.map((venue) => venue.id), venues: scoped, venueOptions: options };
}

/** A report's query and the staff member's scope as the period's UTC bounds and the venues counted. */
export async function resolveReportScope(
  db: DbOrTx,
  input: { query: ReportQuery; scope: VenueScope; clientId: number; timeZone: string },
): Promise<ReportScope> {
  const { query, timeZone } = input;
  return {
    from: query.from,
    to: query.to,
    timeZone,
    ...periodBounds(query.from, query.to, timeZone),
    ...(await resolveReportVenues(db, {
      clientId: input.clientId,
      scope: input.scope,
      venueId: query.venue_id,
    })),
  };
}

/** The `period` every report's reply echoes. */
export function periodReply(scope: ReportScope): ReportPeriod {
  return {
    from: scope.from,
    to: scope.to,
    time_zone: scope.timeZone,
    venue_id: scope.venueId,
    venues: scope.venues,
    venue_options: scope.venueOptions,
  };
}

/** Every venue-local day of the period, 'YYYY-MM-DD', in order (at most 366). */
export function reportDays(from: string, to: string): string[] {
  const days: string[] = [];
  const last = toLocalDate(to);
  for (let d = toLocalDate(from); compareDates(d, last) <= 0; d = addDays(d, 1)) days.push(formatIso(d));
  return days;
}

/** Venue ids as one PostgreSQL array parameter ('{1,2}'), for `= any(${…}::int[])` (one plan for any count). */
export const venueArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
