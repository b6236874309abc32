import type { MembershipsReport } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import { toMoney } from '../../lib/money.ts';
import { periodReply, type ReportScope, venueArray } from './period.ts';

/**
 * Memberships for a period (issue 37 item 6, decision 081), by calendar month (the period's first and last months cut
 * to the period), of the memberships whose home venue is counted. A membership is not a log of changes, so each
 * figure is read from its dates (venue-local calendar days):
 * - a membership **holds** on a day from its start date to its final day (expires_at; none: open-ended), whatever
 *   its status now (a cancelled or expired one held until its final day); never one still waiting in a basket
 *   (awaiting_payment) or suspended;
 * - **active at start / at end**: holding on the month's first / last day counted;
 * - **joined**: started in the month, and not a renewal or a change of an earlier membership (the member was
 *   already one);
 * - **cancelled**: cancelled, with its final day in the month (when the member leaves);
 * - **frozen at end**: holding on the last day with an approved freeze covering it (from active_from for `months`);
 * - **monthly recurring revenue** at month end: the monthly price of each recurring membership holding then and not
 *   frozen; **churn**: cancelled ÷ active at start.
 * One statement over the months (generate_series) joined to the memberships that overlap them, grouped there; a
 * second for members by type and home venue on the period's last day.
 */

const holds = (day: ReturnType<typeof sql.raw>) =>
  sql`(ms.start_date <= ${day} and (ms.expires_at is null or ms.expires_at >= ${day}))`;

function byMonthSql(scope: ReportScope) {
  const ids = venueArray(scope.venueIds);
  const start = sql.raw('mo.month_start');
  const end = sql.raw('mo.month_end');
  return sql`with months as (
      select greatest(m::date, ${scope.from}::date) as month_start,
        least((m + interval '1 month' - interval '1 day')::date, ${scope.to}::date) as month_end
      from generate_series(date_trunc('month', ${scope.from}::date), ${scope.to}::date, interval '1 month') m
    ), ms as (
      select m.id, m.start_date, m.expires_at, m.status, m.price, po.payment_type,
        (m.replaces_membership_id is null and m.renews_membership_id is null) as is_new
      from memberships m join payment_options po on po.id = m.payment_option_id
      where m.home_venue_id = any(${ids}::int[]) and not m.awaiting_payment and m.status <> 'suspended'
        and m.start_date <= ${scope.to}::date and (m.expires_at is null or m.expires_at >= ${scope.from}::date)
    )
    select to_char(mo.month_start, 'YYYY-MM') as month, to_char(mo.month_end, 'YYYY-MM-DD') as month_end,
      count(ms.id) filter (where ${holds(start)})::int as active_at_start,
      count(ms.id) filter (where ${holds(end)})::int as active_at_end,
      count(ms.id) filter (where ms.is_new and ms.start_date >= ${start} and ms.start_date <= ${end})::int as joined,
      count(ms.id) filter (where ms.status = 'cancelled' and ms.expires_at >= ${start}
        and ms.expires_at <= ${end})::int as cancelled,
      count(ms.id) filter (where ${holds(end)} and f.frozen)::int as frozen_at_end,
      coalesce(sum(ms.price) filter (where ${holds(end)} and ms.payment_type = 'recurring'
        and f.frozen is null), 0)::bigint as mrr
    from months mo
      left join ms on ms.start_date <= mo.month_end and (ms.expires_at is null or ms.expires_at >= mo.month_start)
      left join lateral (
        select true as frozen from freeze_requests fr
        where fr.membership_id = ms.id and fr.status = 'approved' and fr.active_from <= mo.month_end
          and (fr.active_from + make_interval(months => fr.months))::date > mo.month_end
        limit 1
      ) f on true
    group by mo.month_start, mo.month_end
    order by mo.month_start`;
}

type MonthRow = {
  month: string;
  month_end: string;
  active_at_start: number;
  active_at_end: number;
  joined: number;
  cancelled: number;
  frozen_at_end: number;
  mrr: string | number;
};

function byTypeSql(scope: ReportScope) {
  const ids = venueArray(scope.venueIds);
  const day = sql`${scope.to}::date`;
  return sql`select mt.id as membership_type_id, mt.name as membership_type_name, v.id as venue_id,
      v.name as venue_name, count(*)::int as members,
      coalesce(sum(m.price) filter (where po.payment_type = 'recurring' and not exists (
        select 1 from freeze_requests fr
        where fr.membership_id = m.id and fr.status = 'approved' and fr.active_from <= ${day}
          and (fr.active_from + make_interval(months => fr.months))::date > ${day})), 0)::bigint as mrr
    from memberships m
      join payment_options po on po.id = m.payment_option_id
      join membership_types mt on mt.id = m.membership_type_id
      join venues v on v.id = m.home_venue_id
    where m.home_venue_id = any(${ids}::int[]) and not m.awaiting_payment and m.status <> 'suspended'
      and m.start_date <= ${day} and (m.expires_at is null or m.expires_at >= ${day})
    group by mt.id, mt.name, v.id, v.name
    order by v.name, mt.name, mt.id`;
}

type TypeRow = {
  membership_type_id: number;
  membership_type_name: string;
  venue_id: number;
  venue_name: string;
  members: number;
  mrr: string | number;
};

/** The memberships report for a resolved period and venues (one exported function, so it can be benched alone). */
export async function findMemberships(db: DbOrTx, scope: ReportScope): Promise<MembershipsReport> {
  const [months, types] = await Promise.all([
    executeRows<MonthRow>(db, byMonthSql(scope)),
    executeRows<TypeRow>(db, byTypeSql(scope)),
  ]);
  return {
    period: periodReply(scope),
    by_month: months.map((row) => {
      const start = Number(row.active_at_start);
      const cancelled = Number(row.cancelled);
      return {
        month: row.month,
        month_end: row.month_end,
        active_at_start: start,
        active_at_end: Number(row.active_at_end),
        joined: Number(row.joined),
        cancelled,
        frozen_at_end: Number(row.frozen_at_end),
        mrr: toMoney(Number(row.mrr)),
        churn_rate: start > 0 ? cancelled / start : null,
      };
    }),
    by_type: types.map((row) => ({
      membership_type_id: Number(row.membership_type_id),
      membership_type_name: row.membership_type_name,
      venue_id: Number(row.venue_id),
      venue_name: row.venue_name,
      members: Number(row.members),
      mrr: toMoney(Number(row.mrr)),
    })),
  };
}

/** The memberships as a spreadsheet: one row per month (YYYY-MM), counts as integers, MRR in pounds, churn in %. */
export function membershipsCsv(report: MembershipsReport): string {
  type Row = MembershipsReport['by_month'][number];
  const columns: CsvColumn<Row>[] = [
    { header: 'Month', kind: 'text', value: (row) => row.month },
    { header: 'Last day counted', kind: 'date', value: (row) => row.month_end },
    { header: 'Active at start', kind: 'integer', value: (row) => row.active_at_start },
    { header: 'Joined', kind: 'integer', value: (row) => row.joined },
    { header: 'Cancelled', kind: 'integer', value: (row) => row.cancelled },
    { header: 'Active at end', kind: 'integer', value: (row) => row.active_at_end },
    { header: 'Frozen at end', kind: 'integer', value: (row) => row.frozen_at_end },
    { header: 'Monthly recurring revenue (£)', kind: 'pounds', value: (row) => row.mrr.raw },
    { header: 'Churn (%)', kind: 'percent', value: (row) => row.churn_rate },
  ];
  return toCsv(columns, report.by_month);
}
