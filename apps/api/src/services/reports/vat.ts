/**
 * The VAT summary (issue 37 item 2, decision 082): for a period of venue-local days and the venues a staff member
 * may see, the lines sold and the refunds given, grouped in the database by VAT treatment and rate.
 *
 * - A sale counts on its order's day (orders.created_at, on orders_created_idx or orders_venue_created_idx) at the
 *   order's venue (decision 080), with each line's VAT as recorded when it was sold (order_items.vat_amount).
 * - A refund counts on the day it was given (refunds.created_at, on refunds_created_idx) at its order's venue; its
 *   VAT is its line's rate on the amount given back, round(amount × rate / (10000 + rate)) halves away from zero,
 *   the same rule as a line's (vatIncludedIn). Its line is the one it names (staff refunds) or the order's line of
 *   its booking (a cancelled session's refunds); one without a line is standard 20%, as every line before 082 was.
 * - Net is gross less VAT, so gross = net + VAT on every row and in total.
 */
import {
  VAT_TREATMENTS,
  type VatSummary,
  type VatSummaryRow,
  type VatTreatment,
  vatRateText,
} from '@fieldhouse/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { venues } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';

export type VatSummaryInput = {
  clientId: number;
  /** First and last venue-local day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** The operator's time zone the days are counted in. */
  timeZone: string;
  /** One venue (null: every venue in scope). */
  venueId: number | null;
  /** The staff member's venue scope (venueScopeOf). */
  scope: { venueIds: number[] | 'all' };
};

type Figures = { gross: number; vat: number };
type Group = {
  treatment: VatTreatment;
  rate: number;
  sales: Figures & { lines: number };
  refunds: Figures & { count: number };
};

/** 'Standard 20%', 'Reduced 5%', 'Zero 0%', 'Exempt'. */
const labelOf = (treatment: VatTreatment, rate: number) =>
  treatment === 'exempt'
    ? 'Exempt'
    : `${treatment.charAt(0).toUpperCase()}${treatment.slice(1)} ${vatRateText(rate)}`;

const figures = (f: Figures) => ({
  gross: toMoney(f.gross),
  vat: toMoney(f.vat),
  net: toMoney(f.gross - f.vat),
});

/** The venues a summary counts, or null when the venue asked for is not one the staff member may see. */
async function venuesOf(db: DbOrTx, input: VatSummaryInput) {
  const { scope } = input;
  const options = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(
      and(
        eq(venues.clientId, input.clientId),
        scope.venueIds === 'all'
          ? undefined
          : inArray(venues.id, scope.venueIds.length ? scope.venueIds : [0]),
      ),
    )
    .orderBy(asc(venues.name), asc(venues.id));
  if (input.venueId === null) return { options, counted: options, everyVenue: scope.venueIds === 'all' };
  const chosen = options.filter((v) => v.id === input.venueId);
  return chosen.length ? { options, counted: chosen, everyVenue: false } : null;
}

/** The period's sales and refunds by treatment and rate (null: a venue outside the staff member's scope). */
export async function findVatSummary(db: DbOrTx, input: VatSummaryInput): Promise<VatSummary | null> {
  const found = await venuesOf(db, input);
  if (!found) return null;
  const start = sql`(${input.from}::date)::timestamp at time zone ${input.timeZone}`;
  const end = sql`(${input.to}::date + 1)::timestamp at time zone ${input.timeZone}`;
  // Every venue of an operator that sees all of them: no venue filter (an order without a venue still counts).
  const atVenues = (column: SQL) =>
    found.everyVenue
      ? sql`true`
      : found.counted.length
        ? sql`${column} in (${sql.join(
            found.counted.map((v) => sql`${v.id}`),
            sql`, `,
          )})`
        : sql`false`;

  const sales = await executeRows<{
    treatment: VatTreatment;
    rate: number;
    lines: number;
    gross: string;
    vat: string;
  }>(
    db,
    sql`select oi.vat_treatment as treatment, oi.vat_rate as rate, count(*)::int as lines,
          coalesce(sum(oi.price), 0)::bigint as gross, coalesce(sum(oi.vat_amount), 0)::bigint as vat
        from orders o
        join order_items oi on oi.order_id = o.id
        where o.created_at >= ${start} and o.created_at < ${end} and ${atVenues(sql`o.venue_id`)}
        group by oi.vat_treatment, oi.vat_rate`,
  );
  const refunds = await executeRows<{
    treatment: VatTreatment;
    rate: number;
    count: number;
    gross: string;
    vat: string;
  }>(
    db,
    sql`select coalesce(oi.vat_treatment, 'standard') as treatment, coalesce(oi.vat_rate, 2000) as rate,
          count(*)::int as count, coalesce(sum(r.amount), 0)::bigint as gross,
          coalesce(sum(round(r.amount::numeric * coalesce(oi.vat_rate, 2000) / (10000 + coalesce(oi.vat_rate, 2000)))), 0)::bigint as vat
        from refunds r
        join orders o on o.id = r.order_id
        left join order_items oi on oi.id = coalesce(
          r.order_item_id,
          (select min(x.id) from order_items x where x.order_id = r.order_id and x.booking_id = r.booking_id)
        )
        where r.created_at >= ${start} and r.created_at < ${end} and ${atVenues(sql`o.venue_id`)}
        group by 1, 2`,
  );

  const groups = new Map<string, Group>();
  const groupOf = (treatment: VatTreatment, rate: number) => {
    const key = `${treatment}:${rate}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        treatment,
        rate,
        sales: { lines: 0, gross: 0, vat: 0 },
        refunds: { count: 0, gross: 0, vat: 0 },
      };
      groups.set(key, group);
    }
    return group;
  };
  for (const s of sales) {
    const g = groupOf(s.treatment, Number(s.rate));
    g.sales = { lines: Number(s.lines), gross: Number(s.gross), vat: Number(s.vat) };
  }
  for (const r of refunds) {
    const g = groupOf(r.treatment, Number(r.rate));
    g.refunds = { count: Number(r.count), gross: Number(r.gross), vat: Number(r.vat) };
  }
  const ordered = [...groups.values()].sort(
    (a, b) => VAT_TREATMENTS.indexOf(a.treatment) - VAT_TREATMENTS.indexOf(b.treatment) || b.rate - a.rate,
  );
  const rowOf = (g: Group): VatSummaryRow => ({
    treatment: g.treatment,
    label: labelOf(g.treatment, g.rate),
    rate: g.rate,
    sales: { lines: g.sales.lines, ...figures(g.sales) },
    refunds: { count: g.refunds.count, ...figures(g.refunds) },
    net_of_refunds: figures({ gross: g.sales.gross - g.refunds.gross, vat: g.sales.vat - g.refunds.vat }),
  });
  const sum = (pick: (g: Group) => number) => ordered.reduce((total, g) => total + pick(g), 0);
  const total = {
    sales: {
      lines: sum((g) => g.sales.lines),
      gross: sum((g) => g.sales.gross),
      vat: sum((g) => g.sales.vat),
    },
    refunds: {
      count: sum((g) => g.refunds.count),
      gross: sum((g) => g.refunds.gross),
      vat: sum((g) => g.refunds.vat),
    },
  };
  const [client] = await executeRows<{ vat_number: string | null }>(
    db,
    sql`select vat_number from clients where id = ${input.clientId}`,
  );
  return {
    period: {
      from: input.from,
      to: input.to,
      time_zone: input.timeZone,
      venue_id: input.venueId,
      venues: found.counted,
      venue_options: found.options,
    },
    vat_number: client?.vat_number ?? null,
    rows: ordered.map(rowOf),
    totals: {
      sales: { lines: total.sales.lines, ...figures(total.sales) },
      refunds: { count: total.refunds.count, ...figures(total.refunds) },
      net_of_refunds: figures({
        gross: total.sales.gross - total.refunds.gross,
        vat: total.sales.vat - total.refunds.vat,
      }),
    },
  };
}

/** The summary as CSV rows: one per treatment and rate, then the total. */
export function vatSummaryCsvRows(summary: VatSummary) {
  const row = (label: string, treatment: string, rate: number | null, r: VatSummary['totals']) => ({
    label,
    treatment,
    rate,
    salesLines: r.sales.lines,
    salesGross: r.sales.gross.raw,
    salesVat: r.sales.vat.raw,
    salesNet: r.sales.net.raw,
    refundCount: r.refunds.count,
    refundGross: r.refunds.gross.raw,
    refundVat: r.refunds.vat.raw,
    refundNet: r.refunds.net.raw,
    gross: r.net_of_refunds.gross.raw,
    vat: r.net_of_refunds.vat.raw,
    net: r.net_of_refunds.net.raw,
  });
  return [
    ...summary.rows.map((r) => row(r.label, r.treatment, r.rate / 10000, r)),
    row('Total', '', null, summary.totals),
  ];
}
