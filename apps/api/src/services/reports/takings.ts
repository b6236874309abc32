import {
  COLLECTION_STATE_LABELS,
  COLLECTION_STATES,
  type CollectionState,
  TAKINGS_PRODUCT_LABELS,
  TAKINGS_PRODUCTS,
  TAKINGS_TENDER_LABELS,
  TAKINGS_TENDERS,
  TAKINGS_TOP_ACTIVITIES,
  type TakingsProduct,
  type TakingsReport,
  type TakingsTender,
} from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import { toMoney } from '../../lib/money.ts';
import { periodReply, type ReportScope, reportDays, venueArray } from './period.ts';

/**
 * Takings for a period (issue 37 item 1, decision 081), in four set-based statements:
 * - money in: every payment (tender row) of the orders made in the period at the venues counted (the order's venue,
 *   decision 080, on orders_venue_created_idx), and every direct-debit collection paid (confirmed or paid out)
 *   whose charge date is in the period, at its membership's home venue (tender 'direct debit');
 * - money back: every refund made in the period (refunds.created_at, pending card refunds included: the money is
 *   owed from then), against the venue of the order it gives back and the tender that order was paid with;
 * - net = in − back. Grouped in the database by day × tender, venue and tender at once (GROUPING SETS), by product
 *   and activity (order lines) in a second statement, the collections by where they stand in a third and the
 *   refunds by destination in a fourth.
 */

type Sums = { gross: string | number; refunds: string | number };

const figures = (row: Sums | undefined) => {
  const gross = Number(row?.gross ?? 0);
  const refunds = Number(row?.refunds ?? 0);
  return { gross: toMoney(gross), refunds: toMoney(refunds), net: toMoney(gross - refunds) };
};

const TENDER_OF = (column: ReturnType<typeof sql.raw>) =>
  sql`case ${column} when 'offline-voucher' then 'voucher' else ${column} end`;

/**
 * The refunds made in the period, each with its order's venue looked up by the order's key: at a large operator a
 * join let the planner hash every order of every venue (1M rows) to find a month's few thousand refunds' venues.
 */
function periodRefunds(scope: ReportScope) {
  return sql`(select r.*, (select o.venue_id from orders o where o.id = r.order_id) as order_venue_id
      from refunds r where r.created_at >= ${scope.fromInstant} and r.created_at < ${scope.toInstant}) r`;
}

/**
 * The direct-debit collections due in the period at the venues counted, each with its venue: the membership's home
 * venue, else the member's. Shared by the takings, the products and the collections statements.
 */
function periodCollections(scope: ReportScope) {
  const ids = venueArray(scope.venueIds);
  return sql`(select d.*, coalesce(m.home_venue_id, c.home_venue_id) as venue_id
      from direct_debit_payments d
        join direct_debit_mandates dm on dm.id = d.mandate_id
        join customers c on c.id = dm.customer_id
        left join memberships m on m.id = d.membership_id
      where d.charge_date >= ${scope.from}::date and d.charge_date <= ${scope.to}::date
        and coalesce(m.home_venue_id, c.home_venue_id) = any(${ids}::int[])) d`;
}

/** The period's money in and back, as rows tagged by which grouping they are (0: day × tender … 3: all). */
function movementsSql(scope: ReportScope) {
  const ids = venueArray(scope.venueIds);
  const { fromInstant, toInstant, timeZone } = scope;
  return sql`with moves as (
      select (o.created_at at time zone ${timeZone})::date as day, o.venue_id,
        ${TENDER_OF(sql.raw('p.tender_type'))} as tender,
        p.amount as gross, 0 as refund, 1 as paid_n, 0 as refund_n
      from orders o join payments p on p.order_id = o.id
      where o.venue_id = any(${ids}::int[]) and o.created_at >= ${fromInstant} and o.created_at < ${toInstant}
    union all
      select d.charge_date, d.venue_id, 'direct_debit', d.amount, 0, 1, 0
      from ${periodCollections(scope)}
      where d.status in ('confirmed', 'paid_out')
    union all
      select (r.created_at at time zone ${timeZone})::date, r.order_venue_id, ${TENDER_OF(sql.raw('r.tender'))},
        0, r.amount, 0, 1
      from ${periodRefunds(scope)}
      where r.order_venue_id = any(${ids}::int[])
    )
    select to_char(day, 'YYYY-MM-DD') as day, venue_id, tender,
      grouping(day, venue_id, tender) as grouping,
      coalesce(sum(gross), 0)::bigint as gross, coalesce(sum(refund), 0)::bigint as refunds,
      sum(paid_n)::int as payments, sum(refund_n)::int as refunds_count
    from moves
    group by grouping sets ((day, tender), (venue_id), (tender), ())`;
}

type MovementRow = Sums & {
  day: string | null;
  venue_id: number | null;
  tender: TakingsTender | null;
  grouping: number;
  payments: number;
  refunds_count: number;
};

/** Order lines (and direct-debit collections, memberships) by product and by activity. */
function productsSql(scope: ReportScope) {
  const ids = venueArray(scope.venueIds);
  const { fromInstant, toInstant } = scope;
  const product = (kind: ReturnType<typeof sql.raw>) =>
    sql`case ${kind} when 'activity' then 'sessions' when 'membership' then 'memberships'
      when 'penalty' then 'fees' else 'other' end`;
  return sql`with lines as (
      select ${product(sql.raw('oi.kind'))} as product, s.activity_id, oi.price as gross, 0 as refund
      from orders o join order_items oi on oi.order_id = o.id
        left join activity_sessions s on s.id = oi.activity_session_id
      where o.venue_id = any(${ids}::int[]) and o.created_at >= ${fromInstant} and o.created_at < ${toInstant}
    union all
      select 'memberships', null, d.amount, 0
      from ${periodCollections(scope)}
      where d.status in ('confirmed', 'paid_out')
    union all
      select case when oi.kind is not null then ${product(sql.raw('oi.kind'))}
          when r.booking_id is not null or r.activity_session_id is not null then 'sessions' else 'other' end,
        s.activity_id, 0, r.amount
      from ${periodRefunds(scope)}
        left join order_items oi on oi.id = r.order_item_id
        left join activity_sessions s on s.id = coalesce(r.activity_session_id, oi.activity_session_id)
      where r.order_venue_id = any(${ids}::int[])
    ), sums as (
      select product, activity_id, grouping(product, activity_id) as grouping,
        sum(gross)::bigint as gross, sum(refund)::bigint as refunds
      from lines group by grouping sets ((product), (activity_id))
    )
    select sums.*, a.name as activity_name, v.name as venue_name
    from sums left join activities a on a.id = sums.activity_id left join venues v on v.id = a.venue_id
    order by sums.gross - sums.refunds desc, a.name, sums.activity_id`;
}

type ProductRow = Sums & {
  product: TakingsProduct | null;
  activity_id: number | null;
  grouping: number;
  activity_name: string | null;
  venue_name: string | null;
};

/** Direct-debit collections due in the period by where they stand. */
function collectionsSql(scope: ReportScope) {
  return sql`select case when d.status in ('confirmed', 'paid_out') then 'paid'
        when d.status in ('failed', 'cancelled') then 'failed'
        when d.status = 'charged_back' then 'charged_back' else 'pending' end as state,
      count(*)::int as count, sum(d.amount)::bigint as amount
    from ${periodCollections(scope)}
    group by 1`;
}

/** Refunds made in the period by where the money went. */
function refundsSql(scope: ReportScope) {
  const ids = venueArray(scope.venueIds);
  return sql`select r.destination, count(*)::int as count, sum(r.amount)::bigint as amount,
      coalesce(sum(r.amount) filter (where r.status = 'pending'), 0)::bigint as pending
    from ${periodRefunds(scope)}
    where r.order_venue_id = any(${ids}::int[])
    group by r.destination`;
}

const REFUND_DESTINATION_LABELS = { card: 'To card', credit: 'To account credit', cash: 'In cash' } as const;

/** The takings report for a resolved period and venues (one exported function, so it can be benched alone). */
export async function findTakings(db: DbOrTx, scope: ReportScope): Promise<TakingsReport> {
  const [moves, products, collections, refunds] = await Promise.all([
    executeRows<MovementRow>(db, movementsSql(scope)),
    executeRows<ProductRow>(db, productsSql(scope)),
    executeRows<{ state: CollectionState; count: number; amount: string | number }>(
      db,
      collectionsSql(scope),
    ),
    executeRows<{
      destination: 'card' | 'credit' | 'cash';
      count: number;
      amount: string | number;
      pending: string | number;
    }>(db, refundsSql(scope)),
  ]);
  // grouping(day, venue_id, tender): a bit per column left out, day the highest (4), tender the lowest (1).
  const byDayTender = moves.filter((row) => Number(row.grouping) === 2);
  const byVenue = new Map(
    moves.filter((row) => Number(row.grouping) === 5).map((row) => [Number(row.venue_id), row]),
  );
  const byTender = new Map(moves.filter((row) => Number(row.grouping) === 6).map((row) => [row.tender, row]));
  const total = moves.find((row) => Number(row.grouping) === 7);

  const days = new Map<string, MovementRow[]>();
  for (const row of byDayTender) days.set(row.day!, [...(days.get(row.day!) ?? []), row]);
  const sum = (rows: MovementRow[]) => ({
    gross: rows.reduce((s, r) => s + Number(r.gross), 0),
    refunds: rows.reduce((s, r) => s + Number(r.refunds), 0),
  });

  const productRows = new Map(
    products.filter((row) => Number(row.grouping) === 1).map((row) => [row.product, row]),
  );
  const activityRows = products.filter((row) => Number(row.grouping) === 2 && row.activity_id !== null);
  const collectionRows = new Map(collections.map((row) => [row.state, row]));
  const refundRows = new Map(refunds.map((row) => [row.destination, row]));

  return {
    period: periodReply(scope),
    totals: {
      ...figures(total),
      payments: Number(total?.payments ?? 0),
      refunds_count: Number(total?.refunds_count ?? 0),
    },
    by_day: reportDays(scope.from, scope.to).map((date) => {
      const rows = days.get(date) ?? [];
      const tenders = new Map(rows.map((row) => [row.tender, row]));
      return {
        date,
        ...figures(sum(rows)),
        by_tender: Object.fromEntries(
          TAKINGS_TENDERS.map((tender) => [tender, figures(tenders.get(tender)).net]),
        ) as TakingsReport['by_day'][number]['by_tender'],
      };
    }),
    by_venue: scope.venues.map((venue) => ({
      venue_id: venue.id,
      venue_name: venue.name,
      ...figures(byVenue.get(venue.id)),
    })),
    by_tender: TAKINGS_TENDERS.map((tender) => ({
      tender,
      label: TAKINGS_TENDER_LABELS[tender],
      ...figures(byTender.get(tender)),
    })),
    by_product: TAKINGS_PRODUCTS.map((product) => ({
      product,
      label: TAKINGS_PRODUCT_LABELS[product],
      ...figures(productRows.get(product)),
    })),
    by_activity: activityRows.slice(0, TAKINGS_TOP_ACTIVITIES).map((row) => ({
      activity_id: Number(row.activity_id),
      activity_name: row.activity_name ?? '',
      venue_name: row.venue_name ?? '',
      ...figures(row),
    })),
    activity_count: activityRows.length,
    collections: COLLECTION_STATES.map((state) => {
      const row = collectionRows.get(state);
      return {
        state,
        label: COLLECTION_STATE_LABELS[state],
        count: Number(row?.count ?? 0),
        amount: toMoney(Number(row?.amount ?? 0)),
      };
    }),
    refunds: (['card', 'credit', 'cash'] as const).map((destination) => {
      const row = refundRows.get(destination);
      return {
        destination,
        label: REFUND_DESTINATION_LABELS[destination],
        count: Number(row?.count ?? 0),
        amount: toMoney(Number(row?.amount ?? 0)),
        pending: toMoney(Number(row?.pending ?? 0)),
      };
    }),
  };
}

/**
 * The takings as a spreadsheet: one row per day of the period (ISO date), net takings by tender, then the day's
 * gross, refunds and net (pounds with two decimals, as numbers), and a last row of the period's totals ('Total' in the date column).
 */
export function takingsCsv(report: TakingsReport): string {
  type Row = {
    date: string;
    byTender: Record<TakingsTender, number>;
    gross: number;
    refunds: number;
    net: number;
  };
  const rows: Row[] = report.by_day.map((day) => ({
    date: day.date,
    byTender: Object.fromEntries(TAKINGS_TENDERS.map((t) => [t, day.by_tender[t].raw])) as Row['byTender'],
    gross: day.gross.raw,
    refunds: day.refunds.raw,
    net: day.net.raw,
  }));
  const totals: Row = {
    date: 'Total',
    byTender: Object.fromEntries(report.by_tender.map((t) => [t.tender, t.net.raw])) as Row['byTender'],
    gross: report.totals.gross.raw,
    refunds: report.totals.refunds.raw,
    net: report.totals.net.raw,
  };
  const columns: CsvColumn<Row>[] = [
    { header: 'Date', kind: 'date', value: (row) => row.date },
    ...TAKINGS_TENDERS.map(
      (tender): CsvColumn<Row> => ({
        header: `${TAKINGS_TENDER_LABELS[tender]} (£)`,
        kind: 'pounds',
        value: (row) => row.byTender[tender],
      }),
    ),
    { header: 'Gross (£)', kind: 'pounds', value: (row) => row.gross },
    { header: 'Refunds (£)', kind: 'pounds', value: (row) => row.refunds },
    { header: 'Net (£)', kind: 'pounds', value: (row) => row.net },
  ];
  return toCsv(columns, [...rows, totals]);
}

/** The takings report's four statements, for EXPLAIN and the report bench (run alone, as findTakings runs them). */
export const takingsStatements = (scope: ReportScope) => ({
  movements: movementsSql(scope),
  products: productsSql(scope),
  collections: collectionsSql(scope),
  refunds: refundsSql(scope),
});
