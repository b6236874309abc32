import type { CreditTransaction } from '@fieldhouse/contract';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditTransactions } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import { type CreditBalances, creditBalances } from './credit-ledger.ts';

/**
 * The customer's available (unexpired, unspent) credit per kind: the one balance that checkout, the basket, the
 * user and the payments area all use (rules in credit-ledger.ts).
 */
export async function findCreditBalances(db: DbOrTx, customerId: number, now: Date): Promise<CreditBalances> {
  const rows = await db
    .select({
      id: creditTransactions.id,
      kind: creditTransactions.kind,
      amount: creditTransactions.amount,
      expiresAt: creditTransactions.expiresAt,
      createdAt: creditTransactions.createdAt,
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.customerId, customerId))
    .prepare('credit_balances')
    .execute();
  return creditBalances(rows, now);
}

/** GET /api/credits/user */
export async function findCreditBalanceWire(db: DbOrTx, customerId: number, now: Date) {
  const balances = await findCreditBalances(db, customerId, now);
  return {
    general_credit: { total_available: toMoney(balances.general) },
    membership_credit: { total_available: toMoney(balances.membership) },
    credit_balance: toMoney(balances.general + balances.membership),
  };
}

/**
 * GET /api/credits/user/credit-transactions?type=added|spent, newest first. Added rows (positive, expired ones
 * included and flagged) or spent rows (negative in the ledger, shown as positive values); `total` adds them up.
 */
export async function findCreditTransactions(
  db: DbOrTx,
  customerId: number,
  type: 'added' | 'spent',
  now: Date,
): Promise<{ transactions: CreditTransaction[]; total: ReturnType<typeof toMoney> }> {
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.customerId, customerId),
        type === 'added' ? gt(creditTransactions.amount, 0) : lt(creditTransactions.amount, 0),
      ),
    )
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id));
  const transactions = rows.map((row): CreditTransaction => {
    const added = row.amount > 0;
    return {
      id: row.id,
      kind: row.kind,
      value: toMoney(Math.abs(row.amount)),
      added_at: added ? row.createdAt.toISOString() : null,
      spent_at: added ? null : row.createdAt.toISOString(),
      expires_at: added ? (row.expiresAt?.toISOString() ?? null) : null,
      expired: added && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
      related_item: row.relatedItem,
      spent_at_location: added ? null : row.location,
      reason: row.reason,
      description: row.description,
      order_id: row.orderId,
    };
  });
  const total = rows.reduce((sum, row) => sum + Math.abs(row.amount), 0);
  return { transactions, total: toMoney(total) };
}
