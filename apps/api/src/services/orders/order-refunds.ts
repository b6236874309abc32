import { creditNoteNumber, REFUND_DESTINATION_NAMES } from '@fieldhouse/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import { venueDateAtTime } from '../../lib/venue-time.ts';

/**
 * The refunds of an order as the member sees them (the order page, the receipt): one per staff refund (its credit
 * note) and one per refund of a cancelled session, oldest first, with where the money went.
 */
export async function findOrderRefunds(db: DbOrTx, orderId: number, timeZone: string) {
  const rows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const grouped = new Map<
    string,
    {
      id: number;
      credit_note: string | null;
      created_at: string;
      amount: number;
      destination: 'card' | 'credit' | 'cash';
      status: 'pending' | 'succeeded';
      reason: string;
    }
  >();
  for (const row of rows) {
    const key = row.staffRefundId ? `s${row.staffRefundId}` : `r${row.id}`;
    const seen = grouped.get(key);
    if (seen) {
      seen.amount += row.amount;
      if (row.status === 'pending') seen.status = 'pending';
      continue;
    }
    grouped.set(key, {
      id: row.staffRefundId ?? row.id,
      credit_note: row.staffRefundId ? creditNoteNumber(row.staffRefundId) : null,
      created_at: venueDateAtTime(row.createdAt, timeZone),
      amount: row.amount,
      destination: row.destination,
      status: row.status,
      reason: row.reason,
    });
  }
  return [...grouped.values()];
}

/** The order's refunds as the wire carries them (GET /api/orders/:orderId). */
export async function orderRefundsWire(db: DbOrTx, orderId: number, timeZone: string) {
  return (await findOrderRefunds(db, orderId, timeZone)).map((r) => ({
    ...r,
    amount: toMoney(r.amount),
    credit_note_id: r.credit_note ? r.id : null,
  }));
}

/** A refund's line on the receipt: 'Credit note CN-000012, 2 December 2026 at 09:30: card'. */
export const receiptRefundLines = (list: Awaited<ReturnType<typeof findOrderRefunds>>) =>
  list.map((r) => ({
    label: `${r.credit_note ? `Credit note ${r.credit_note}` : 'Session cancelled'}, ${r.created_at}: ${REFUND_DESTINATION_NAMES[r.destination].toLowerCase()}${r.status === 'pending' ? ' (on its way)' : ''}`,
    amount: r.amount,
  }));
