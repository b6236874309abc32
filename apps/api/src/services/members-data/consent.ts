import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { clients, consentChanges, customers } from '../../db/schema.ts';
import { verifyUnsubscribeToken } from '../mail/index.ts';

export type WithdrawalOutcome =
  | { kind: 'invalid' }
  | { kind: 'used' }
  | { kind: 'valid' }
  | { kind: 'withdrawn'; customerId: number };

/**
 * Checks a marketing mail's withdrawal link (decision 077) without changing anything: `invalid` when it is not one
 * this operator signed (altered, or made up), `used` when it has withdrawn consent before, else `valid`.
 */
export async function checkWithdrawalLink(
  db: Db,
  input: { clientId: number; token: string },
): Promise<WithdrawalOutcome> {
  const [client] = await db
    .select({ key: clients.mailLinkKey })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  const link = verifyUnsubscribeToken(client?.key ?? null, input.clientId, input.token);
  if (!link) return { kind: 'invalid' };
  const [used] = await db
    .select({ id: consentChanges.id })
    .from(consentChanges)
    .where(eq(consentChanges.linkId, link.linkId));
  return used ? { kind: 'used' } : { kind: 'valid' };
}

/**
 * Withdraws the customer's marketing consent by a mail's link, no login needed (decision 077): in one transaction
 * the customer's `marketing_opt_in` is cleared and the change recorded with when and how (`mail_link`: the page's
 * button; `one_click`: a mail client's RFC 8058 POST), under the link's id, which is unique: a link works once (a
 * second use, or two at once, is `used`).
 */
export async function withdrawByLink(
  db: Db,
  input: { clientId: number; token: string; source: 'mail_link' | 'one_click'; now: Date },
): Promise<WithdrawalOutcome> {
  return transactionRetried(db, async (tx) => {
    const [client] = await tx
      .select({ key: clients.mailLinkKey })
      .from(clients)
      .where(eq(clients.id, input.clientId));
    const link = verifyUnsubscribeToken(client?.key ?? null, input.clientId, input.token);
    if (!link) return { kind: 'invalid' };
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, link.customerId), eq(customers.clientId, input.clientId)))
      .for('update');
    if (!customer) return { kind: 'invalid' };
    const recorded = await tx
      .insert(consentChanges)
      .values({
        customerId: customer.id,
        consent: 'marketing_email',
        granted: false,
        source: input.source,
        at: input.now,
        linkId: link.linkId,
      })
      .onConflictDoNothing({ target: consentChanges.linkId })
      .returning({ id: consentChanges.id });
    if (!recorded.length) return { kind: 'used' };
    await tx.update(customers).set({ marketingOptIn: false }).where(eq(customers.id, customer.id));
    return { kind: 'withdrawn', customerId: customer.id };
  });
}
