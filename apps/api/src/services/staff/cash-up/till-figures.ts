import {
  CASH_UP_TENDERS,
  type CashUpTender,
  type TenderFigures,
  type TillSession,
} from '@fieldhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executeRows } from '../../../db/references.ts';
import { toMoney } from '../../../lib/money.ts';
import { venueDateAtTime } from '../../../lib/venue-time.ts';

/** Pence by tender. */
export type Figures = Record<CashUpTender, number>;

type SessionRow = {
  id: number;
  till_id: number;
  till_name: string;
  venue_id: number;
  time_zone: string;
  business_date: string;
  status: 'open' | 'closed';
  float: number;
  opened_by: string;
  opened_at: Date | string;
  closed_by: string | null;
  closed_at: Date | string | null;
  expected_cash: number | null;
  expected_cheques: number | null;
  expected_vouchers: number | null;
  counted_cash: number | null;
  counted_cheques: number | null;
  counted_vouchers: number | null;
  cheque_count: number | null;
  voucher_count: number | null;
  denominations: Record<string, number> | string | null;
  note: string | null;
  taken_cash: number;
  taken_cheques: number;
  taken_vouchers: number;
  refunded_cash: number;
};

type AdjustmentRow = {
  id: number;
  till_session_id: number;
  tender: CashUpTender;
  amount: number;
  reason: string;
  staff_name: string;
  created_at: Date | string;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Till sessions with their figures, in one statement: what each took through its drawer (desk payments of orders
 * carrying it, by tender), the cash refunded from it, on the partial indexes orders_till_session_idx and
 * refunds_till_session_idx; then their adjustments. `where` filters `ts` (till_sessions), `t` (tills), `v` (venues).
 */
export async function readTillSessions(db: DbOrTx, where: SQL): Promise<TillSession[]> {
  const rows = await executeRows<SessionRow>(
    db,
    sql`
    select ts.id, ts.till_id, t.name as till_name, ts.venue_id, v.time_zone, ts.business_date::text as business_date,
      ts.status, ts.float, ob.name as opened_by, ts.opened_at, cb.name as closed_by, ts.closed_at,
      ts.expected_cash, ts.expected_cheques, ts.expected_vouchers, ts.counted_cash, ts.counted_cheques,
      ts.counted_vouchers, ts.cheque_count, ts.voucher_count, ts.denominations, ts.note,
      coalesce(p.cash, 0)::int as taken_cash, coalesce(p.cheques, 0)::int as taken_cheques,
      coalesce(p.vouchers, 0)::int as taken_vouchers, coalesce(r.cash, 0)::int as refunded_cash
    from till_sessions ts
    join tills t on t.id = ts.till_id
    join venues v on v.id = ts.venue_id
    join staff_accounts ob on ob.id = ts.opened_by
    left join staff_accounts cb on cb.id = ts.closed_by
    left join lateral (
      select sum(pay.amount) filter (where pay.tender_type = 'cash') as cash,
        sum(pay.amount) filter (where pay.tender_type = 'cheque') as cheques,
        sum(pay.amount) filter (where pay.tender_type = 'offline-voucher') as vouchers
      from orders o join payments pay on pay.order_id = o.id
      where o.till_session_id = ts.id
    ) p on true
    left join lateral (
      select sum(rf.amount) as cash from refunds rf
      where rf.till_session_id = ts.id and rf.destination = 'cash' and rf.status = 'succeeded'
    ) r on true
    where ${where}
    order by ts.business_date desc, t.name, ts.opened_at, ts.id`,
  );
  if (rows.length === 0) return [];
  const adjustments = await executeRows<AdjustmentRow>(
    db,
    sql`
    select a.id, a.till_session_id, a.tender, a.amount, a.reason, s.name as staff_name, a.created_at
    from till_adjustments a join staff_accounts s on s.id = a.staff_id
    where a.till_session_id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})
    order by a.created_at, a.id`,
  );
  return rows.map((row) =>
    toTillSession(
      row,
      adjustments.filter((a) => a.till_session_id === row.id),
    ),
  );
}

export const figures = (f: Figures): TenderFigures => ({
  cash: toMoney(f.cash),
  cheque: toMoney(f.cheque),
  voucher: toMoney(f['offline-voucher']),
});

const minus = (a: Figures, b: Figures): Figures => ({
  cash: a.cash - b.cash,
  cheque: a.cheque - b.cheque,
  'offline-voucher': a['offline-voucher'] - b['offline-voucher'],
});

/** What the drawer should hold: float + cash taken − cash refunded; cheques and vouchers taken. */
export function expectedOf(
  row: Pick<SessionRow, 'float' | 'taken_cash' | 'taken_cheques' | 'taken_vouchers' | 'refunded_cash'>,
): Figures {
  return {
    cash: row.float + row.taken_cash - row.refunded_cash,
    cheque: row.taken_cheques,
    'offline-voucher': row.taken_vouchers,
  };
}

function toTillSession(row: SessionRow, adjustments: AdjustmentRow[]): TillSession {
  const tz = row.time_zone;
  const closed = row.status === 'closed';
  const expected: Figures = closed
    ? { cash: row.expected_cash!, cheque: row.expected_cheques!, 'offline-voucher': row.expected_vouchers! }
    : expectedOf(row);
  const counted: Figures | null = closed
    ? { cash: row.counted_cash!, cheque: row.counted_cheques!, 'offline-voucher': row.counted_vouchers! }
    : null;
  const adjusted: Figures = { cash: 0, cheque: 0, 'offline-voucher': 0 };
  for (const a of adjustments) adjusted[a.tender] += a.amount;
  const denominations =
    typeof row.denominations === 'string' ? JSON.parse(row.denominations) : row.denominations;
  return {
    id: row.id,
    till_id: row.till_id,
    till_name: row.till_name,
    venue_id: row.venue_id,
    business_date: row.business_date,
    status: row.status,
    float: toMoney(row.float),
    opened_by: row.opened_by,
    opened_at: venueDateAtTime(asDate(row.opened_at), tz),
    closed_by: row.closed_by,
    closed_at: row.closed_at ? venueDateAtTime(asDate(row.closed_at), tz) : null,
    taken: figures({
      cash: row.taken_cash,
      cheque: row.taken_cheques,
      'offline-voucher': row.taken_vouchers,
    }),
    refunded_cash: toMoney(row.refunded_cash),
    expected: figures(expected),
    counted: counted && figures(counted),
    cheque_count: row.cheque_count,
    voucher_count: row.voucher_count,
    denominations: denominations
      ? Object.entries(denominations as Record<string, number>)
          .map(([value, count]) => ({ value: Number(value), count }))
          .sort((a, b) => b.value - a.value)
      : null,
    variance: counted && figures(minus(counted, expected)),
    adjustments: adjustments.map((a) => ({
      id: a.id,
      tender: a.tender,
      amount: toMoney(a.amount),
      reason: a.reason,
      staff_name: a.staff_name,
      created_at: venueDateAtTime(asDate(a.created_at), tz),
    })),
    adjusted_variance:
      counted &&
      figures(
        minus(
          {
            cash: counted.cash + adjusted.cash,
            cheque: counted.cheque + adjusted.cheque,
            'offline-voucher': counted['offline-voucher'] + adjusted['offline-voucher'],
          },
          expected,
        ),
      ),
    note: row.note,
  };
}

export const TENDERS = CASH_UP_TENDERS;
