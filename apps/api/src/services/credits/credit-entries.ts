import type { Tx } from '../../db/client.ts';
import { creditTransactions } from '../../db/schema.ts';
import type { CreditKind } from './credit-ledger.ts';

/**
 * The one writer of the credit ledger (`credit_transactions`, issue 14): checkout spends credit, a cancellation
 * awards it, a refund gives it back. Balances are read from the same rows (credit-service.ts, rules in credit-ledger.ts).
 */

/** Credit spent on an order: a negative entry per kind that paid (membership credit first, as priced). */
export async function spendCredit(
  tx: Tx,
  input: {
    customerId: number;
    orderId: number;
    split: Record<CreditKind, number>;
    relatedItem: string;
    location: string | null;
    now: Date;
  },
) {
  for (const kind of ['membership', 'general'] as const) {
    const amount = input.split[kind];
    if (amount <= 0) continue;
    await tx.insert(creditTransactions).values({
      customerId: input.customerId,
      kind,
      amount: -amount,
      reason: 'Used at checkout',
      description: `Payment towards order ${input.orderId}`,
      relatedItem: input.relatedItem,
      location: input.location,
      orderId: input.orderId,
      createdAt: input.now,
    });
  }
}

/** General credit for the value of a cancelled booking, good until `expiresAt`. */
export async function awardCancellationCredit(
  tx: Tx,
  input: {
    customerId: number;
    amount: number;
    activityName: string;
    relatedItem: string;
    location: string;
    expiresAt: Date;
    orderId: number | null;
    bookingId: number;
    now: Date;
  },
) {
  await tx.insert(creditTransactions).values({
    customerId: input.customerId,
    kind: 'general',
    amount: input.amount,
    reason: 'Booking cancelled',
    description: `Credit for a cancelled ${input.activityName} booking`,
    relatedItem: input.relatedItem,
    location: input.location,
    expiresAt: input.expiresAt,
    orderId: input.orderId,
    bookingId: input.bookingId,
    createdAt: input.now,
  });
}

/**
 * A refund to account credit (issue 35): the credit an order spent comes back as the kind it was, and money paid
 * at the desk as general credit. No expiry: it is the member's money.
 */
export async function refundToCredit(
  tx: Tx,
  input: {
    customerId: number;
    kind: CreditKind;
    amount: number;
    reason: string;
    description: string;
    relatedItem: string;
    location: string;
    orderId: number;
    bookingId: number | null;
    now: Date;
  },
) {
  await tx.insert(creditTransactions).values({
    customerId: input.customerId,
    kind: input.kind,
    amount: input.amount,
    reason: input.reason,
    description: input.description,
    relatedItem: input.relatedItem,
    location: input.location,
    orderId: input.orderId,
    bookingId: input.bookingId,
    createdAt: input.now,
  });
}
