/**
 * The VAT summary (issue 37 item 2, decision 082): for a period of venue-local days and the venues a staff member
 * may see, the lines sold and the refunds given, grouped in the database by VAT treatment and rate.
 *
 * - A sale counts on its order's day (orders.created_at, on orders_venue_created_idx) at the order's venue
 *   (decision 080; the venues of the report's scope, as every report counts them), with each line's VAT as recorded when it was sold (order_items.vat_amount).
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
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { toMoney } from '../../lib/money.ts';
import { periodReply, type ReportScope, venueArray } from './period.ts';

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

/** The period's sales and refunds by treatment and rate, at the venues of a report's scope (resolveReportScope). */
export async function findVatSummary(db: DbOrTx, clientId: number, scope: ReportScope): Promise<VatSummary> {
  const start = scope.fromInstant.toISOString();
  const end = scope.toInstant.toISOString();
  const venueIds = venueArray(scope.venueIds);

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
        where o.venue_id = any(${venueIds}::int[]) and o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz
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
    sql`select coalesce(li.vat_treatment, bi.vat_treatment, 'standard') as treatment,
          coalesce(li.vat_rate, bi.vat_rate, 2000) as rate,
          count(*)::int as count, coalesce(sum(r.amount), 0)::bigint as gross,
          coalesce(sum(round(r.amount::numeric * coalesce(li.vat_rate, bi.vat_rate, 2000)
            / (10000 + coalesce(li.vat_rate, bi.vat_rate, 2000)))), 0)::bigint as vat
        from refunds r
        join orders o on o.id = r.order_id
        left join order_items li on li.id = r.order_item_id
        left join lateral (
          select x.vat_treatment, x.vat_rate from order_items x
          where r.order_item_id is null and x.order_id = r.order_id and x.booking_id = r.booking_id
          order by x.id limit 1
        ) bi on true
        where r.created_at >= ${start}::timestamptz and r.created_at < ${end}::timestamptz and o.venue_id = any(${venueIds}::int[])
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
    sql`select vat_number from clients where id = ${clientId}`,
  );
  return {
    period: periodReply(scope),
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
