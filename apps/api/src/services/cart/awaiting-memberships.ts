import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { cartItems, directDebitMandates, memberships } from '../../db/schema.ts';
import type { DirectDebitProvider } from '../direct-debit/index.ts';

export type MandateDeps = { directDebit: DirectDebitProvider; log: FastifyBaseLogger };

/**
 * Releases the customer's awaiting-payment memberships (optionally only some): deletes their basket lines and the
 * memberships, and marks their unused mandates cancelled. Returns the mandate references to cancel with the
 * provider once the transaction has committed.
 */
export async function releaseAwaitingMemberships(
  tx: Tx,
  input: { customerId: number; membershipIds?: number[]; now: Date },
): Promise<string[]> {
  const found = await tx
    .select({ id: memberships.id, mandateId: memberships.mandateId })
    .from(memberships)
    .where(
      and(
        eq(memberships.customerId, input.customerId),
        eq(memberships.awaitingPayment, true),
        input.membershipIds ? inArray(memberships.id, input.membershipIds) : undefined,
      ),
    )
    .for('update');
  if (!found.length) return [];
  const ids = found.map((m) => m.id);
  await tx.delete(cartItems).where(inArray(cartItems.membershipId, ids));
  await tx.delete(memberships).where(inArray(memberships.id, ids));
  const mandateIds = found.flatMap((m) => (m.mandateId ? [m.mandateId] : []));
  if (!mandateIds.length) return [];
  const cancelled = await tx
    .update(directDebitMandates)
    .set({ status: 'cancelled', cancelledAt: input.now })
    .where(
      and(inArray(directDebitMandates.id, mandateIds), eq(directDebitMandates.status, 'pending_submission')),
    )
    .returning({ reference: directDebitMandates.reference });
  return cancelled.map((m) => m.reference);
}

/** Cancels mandates with the provider after the transaction that released them committed (best effort). */
export async function cancelReleasedMandates(deps: MandateDeps | undefined, references: string[]) {
  if (!deps) return;
  for (const reference of references) {
    try {
      await deps.directDebit.cancelMandate(reference);
    } catch (err) {
      deps.log.warn({ err, reference }, 'Could not cancel an unused direct-debit mandate');
    }
  }
}
