import type { TodayReport } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { formatIso, localDateOf } from '../../lib/local-date.ts';
import { periodBounds, type ReportScope, venueArray } from './period.ts';
import { findTakings } from './takings.ts';

/**
 * The managers' dashboard (issue 37 item 7): today (the operator's London day) at the venues counted: takings (the
 * takings report's totals for the day), check-ins, sessions that start today and are not cancelled with their places
 * taken and capacity, and customers whose home venue it is who registered today. One statement besides the takings.
 */
export async function findToday(
  db: DbOrTx,
  input: { scope: Omit<ReportScope, 'from' | 'to' | 'fromInstant' | 'toInstant'>; now: Date },
): Promise<TodayReport> {
  const date = formatIso(localDateOf(input.now, input.scope.timeZone));
  const scope: ReportScope = {
    ...input.scope,
    from: date,
    to: date,
    ...periodBounds(date, date, input.scope.timeZone),
  };
  const ids = venueArray(scope.venueIds);
  const [takings, [counts]] = await Promise.all([
    findTakings(db, scope),
    executeRows<{
      check_ins: number;
      sessions: number;
      places_sold: number;
      capacity: number;
      new_members: number;
    }>(
      db,
      sql`select
        (select count(*) from check_ins c where c.venue_id = any(${ids}::int[])
          and c.at >= ${scope.fromInstant} and c.at < ${scope.toInstant})::int as check_ins,
        s.sessions, s.places_sold, s.capacity,
        (select count(*) from customers cu where cu.home_venue_id = any(${ids}::int[])
          and cu.created_at >= ${scope.fromInstant} and cu.created_at < ${scope.toInstant})::int as new_members
      from (select count(*)::int as sessions, coalesce(sum(a.booked_count), 0)::int as places_sold,
          coalesce(sum(a.capacity), 0)::int as capacity
        from activity_sessions a where a.venue_id = any(${ids}::int[]) and a.cancelled_at is null
          and a.starts_at >= ${scope.fromInstant} and a.starts_at < ${scope.toInstant}) s`,
    ),
  ]);
  return {
    date,
    time_zone: scope.timeZone,
    venues: scope.venues,
    takings: {
      gross: takings.totals.gross,
      refunds: takings.totals.refunds,
      net: takings.totals.net,
      payments: takings.totals.payments,
    },
    check_ins: Number(counts?.check_ins ?? 0),
    sessions: Number(counts?.sessions ?? 0),
    places_sold: Number(counts?.places_sold ?? 0),
    capacity: Number(counts?.capacity ?? 0),
    new_members: Number(counts?.new_members ?? 0),
  };
}
