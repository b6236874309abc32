import {
  INVITE_LINK_VALID_DAYS,
  MULTIPLE_ACCOUNTS_MESSAGE,
  PASSWORD_LINK_VALID_MINUTES,
  RESET_LINK_INVALID,
} from '@fieldhouse/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { customers, passwordResets } from '../../db/schema.ts';
import { fieldError, HttpError } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import type { ClientRow } from '../clients/index.ts';
import { accountInviteMail, passwordResetMail, queueMail } from '../mail/index.ts';
import { findCustomersByLoginName } from './login.ts';
import { revokeAllSessions } from './sessions.ts';

export const RESET_TOKEN_TTL_MINUTES = PASSWORD_LINK_VALID_MINUTES;

export type ResetAccount = { id: number; email: string; firstName: string; reference: string };

/**
 * The one account a forgotten-password request names, or null when it names none (the caller answers as if a
 * link had been sent: no account enumeration). Several accounts: 422 'Multiple…'. Costs the same for known and
 * unknown names; the writes for a known one are `sendPasswordReset`, which the caller runs after replying.
 */
export async function findResetAccount(
  db: DbOrTx,
  clientId: number,
  emailOrReference: string,
): Promise<ResetAccount | null> {
  const candidates = await findCustomersByLoginName(db, clientId, emailOrReference);
  const value = emailOrReference.trim().toUpperCase();
  const byReference = candidates.filter((c) => c.reference.toUpperCase() === value);
  const matches = byReference.length ? byReference : candidates;
  if (matches.length === 0) return null;
  if (matches.length > 1) throw fieldError('email_or_reference', MULTIPLE_ACCOUNTS_MESSAGE);
  const { id, email, firstName, reference } = matches[0]!;
  return { id, email, firstName, reference };
}

/**
 * A new password link for the customer, inside the caller's transaction: only the newest link works (the customer's
 * row lock orders two requests at once, older links go). Returns the token for the mail's link.
 */
async function issuePasswordLink(tx: DbOrTx, input: { customerId: number; now: Date; ttlMinutes: number }) {
  const token = createToken();
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, input.customerId))
    .for('update');
  await revokePasswordResets(tx, input.customerId);
  await tx.insert(passwordResets).values({
    customerId: input.customerId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMinutes * 60_000),
  });
  return token;
}

/**
 * Invites a customer made at the desk to set a password (decision 070): a link of the password-reset kind that
 * works for INVITE_LINK_VALID_DAYS, mailed to their address, inside the caller's transaction. The same page sets the
 * password as a reset does, after which they log in.
 */
export async function sendAccountInvite(
  tx: DbOrTx,
  input: { clientName: string; customer: ResetAccount; now: Date; accountUrl: string },
) {
  const { customer } = input;
  const token = await issuePasswordLink(tx, {
    customerId: customer.id,
    now: input.now,
    ttlMinutes: INVITE_LINK_VALID_DAYS * 24 * 60,
  });
  const mail = accountInviteMail({
    clientName: input.clientName,
    firstName: customer.firstName,
    reference: customer.reference,
    link: `${input.accountUrl}/password-reset/${token}`,
    validDays: INVITE_LINK_VALID_DAYS,
  });
  await queueMail(tx, { ...mail, to: customer.email });
}

/** Stores a new reset token for the account and queues the mail with its link, in one transaction. */
export async function sendPasswordReset(
  db: Db,
  input: { client: ClientRow; customer: ResetAccount; now: Date; accountUrl: string },
) {
  const { customer } = input;
  await transactionRetried(db, async (tx) => {
    const token = await issuePasswordLink(tx, {
      customerId: customer.id,
      now: input.now,
      ttlMinutes: RESET_TOKEN_TTL_MINUTES,
    });
    const mail = passwordResetMail({
      clientName: input.client.name,
      firstName: customer.firstName,
      reference: customer.reference,
      link: `${input.accountUrl}/password-reset/${token}`,
    });
    await queueMail(tx, { ...mail, to: customer.email });
  });
}

/** Every reset link of the customer stops working (a newer one was sent, or the password changed). */
export async function revokePasswordResets(tx: DbOrTx, customerId: number) {
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
}

async function findLiveReset(db: DbOrTx, token: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResets.id, customerId: passwordResets.customerId, email: customers.email })
    .from(passwordResets)
    .innerJoin(customers, eq(customers.id, passwordResets.customerId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) throw new HttpError(403, RESET_LINK_INVALID);
  return row;
}

export async function validateResetToken(db: DbOrTx, token: string, now: Date) {
  const row = await findLiveReset(db, token, now);
  return { valid: true as const, email: row.email };
}

/**
 * Sets the new password, uses up the token, revokes the customer's other reset links and every session,
 * atomically.
 */
export async function resetPassword(db: Db, input: { token: string; password: string; now: Date }) {
  const passwordHash = await hashPassword(input.password);
  await transactionRetried(db, async (tx) => {
    const reset = await findLiveReset(tx, input.token, input.now);
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: input.now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw new HttpError(403, RESET_LINK_INVALID);
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, reset.customerId));
    await revokePasswordResets(tx, reset.customerId);
    await revokeAllSessions(tx, reset.customerId, input.now);
  });
}
