import type { CreditTransaction } from '@fieldhouse/contract';
import { and, desc, eq, gt, lt, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { creditTransactions } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import { type CreditBalances, creditBalances } from './credit-ledger.ts';

/**
 * The customer's available (unexpired, unspent) credit per kind: the one balance that checkout, the basket, the
 * user and the payments area all use (rules in credit-ledger.ts).
 */
const creditRows = prepared((db) =>
  db
    .select({
      id: creditTransactions.id,
      kind: creditTransactions.kind,
      amount: creditTransactions.amount,
      expiresAt: creditTransactions.expiresAt,
      createdAt: creditTransactions.createdAt,
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.customerId, sql.placeholder('customerId')))
    .prepare('credit_balances'),
);

export async function findCreditBalances(db: DbOrTx, customerId: number, now: Date): Promise<CreditBalances> {
  return creditBalances(await creditRows(db, { customerId }), now);
}

/** One ledger row as `creditLedgerJson` gives it (times in epoch milliseconds). */
export type CreditLedgerJson = {
  id: number;
  kind: 'general' | 'membership';
  amount: number;
  expiresAt: number | null;
  createdAt: number;
};

const epochMs = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The customer's credit ledger as one JSON array, for a caller reading it in the same statement as other facts
 * (the basket's pricing: one round trip instead of several); `creditBalancesOf` turns it into balances.
 */
export const creditLedgerJson = (customerId: SQLWrapper) =>
  sql<
    CreditLedgerJson[]
  >`(select coalesce(json_agg(json_build_object('id', ${creditTransactions.id}, 'kind', ${creditTransactions.kind}, 'amount', ${creditTransactions.amount}, 'expiresAt', ${epochMs(creditTransactions.expiresAt)}, 'createdAt', ${epochMs(creditTransactions.createdAt)})), '[]'::json) from ${creditTransactions} where ${creditTransactions.customerId} = ${customerId})`;

export function creditBalancesOf(rows: CreditLedgerJson[], now: Date): CreditBalances {
  return creditBalances(
    rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      expiresAt: r.expiresAt === null ? null : new Date(Number(r.expiresAt)),
      createdAt: new Date(Number(r.createdAt)),
    })),
    now,
  );
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
