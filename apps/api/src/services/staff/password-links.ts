import { STAFF_PASSWORD_LINK_VALID_HOURS, STAFF_TEXTS } from '@fieldhouse/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffPasswordResets } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import { queueMail, staffPasswordLinkMail } from '../mail/index.ts';
import { StaffAccountError } from './accounts.ts';
import { type Actor, recordAudit } from './audit.ts';
import { revokeOtherStaffSessions } from './sessions.ts';

/** Every unused password link of the staff member stops working (a newer one was sent, or a new password set). */
async function revokeStaffPasswordLinks(tx: DbOrTx, staffId: number) {
  await tx
    .delete(staffPasswordResets)
    .where(and(eq(staffPasswordResets.staffId, staffId), isNull(staffPasswordResets.usedAt)));
}

/**
 * An administrator resets a staff member's password (in the caller's transaction; decision 072): a new link (only the
 * newest works), mailed to the account's address for STAFF_PASSWORD_LINK_VALID_HOURS, and every session of the
 * account ends now, so whoever is using it is out at once; the current password works until a new one is set. Not
 * for one's own account (changed from Your account, with the current password). Null when there is no such account.
 */
export async function sendStaffPasswordLink(
  tx: DbOrTx,
  input: { staffId: number; now: Date; consoleUrl: string; clientName: string },
  actor: Actor,
) {
  if (actor.staffId === input.staffId)
    throw new StaffAccountError('password', STAFF_TEXTS.cannotResetOwnPassword);
  const [account] = await tx
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, input.staffId))
    .for('update');
  if (!account) return null;
  await revokeStaffPasswordLinks(tx, account.id);
  const token = createToken();
  const expiresAt = new Date(input.now.getTime() + STAFF_PASSWORD_LINK_VALID_HOURS * 3_600_000);
  await tx
    .insert(staffPasswordResets)
    .values({ staffId: account.id, tokenHash: hashToken(token), createdAt: input.now, expiresAt });
  const sessionsEnded = await revokeOtherStaffSessions(tx, account.id, null, input.now);
  const mail = staffPasswordLinkMail({
    clientName: input.clientName,
    name: account.name,
    sentBy: actor.name,
    link: `${input.consoleUrl}/password-reset/${token}`,
    validHours: STAFF_PASSWORD_LINK_VALID_HOURS,
  });
  await queueMail(tx, { ...mail, to: account.email });
  await recordAudit(tx, actor, input.now, {
    action: 'staff_account.password_reset_sent',
    entity: 'staff_account',
    entityId: account.id,
    before: null,
    after: { sent_to: account.email, expires_at: expiresAt.toISOString(), sessions_ended: sessionsEnded },
  });
  return { sentTo: account.email, expiresAt, sessionsEnded };
}

/** The live link's row and its account (not used, not expired, the account not disabled), else 403. */
async function findLiveLink(db: DbOrTx, token: string, now: Date) {
  const [row] = await db
    .select({ id: staffPasswordResets.id, account: staffAccounts })
    .from(staffPasswordResets)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffPasswordResets.staffId))
    .where(
      and(
        eq(staffPasswordResets.tokenHash, hashToken(token)),
        isNull(staffPasswordResets.usedAt),
        gt(staffPasswordResets.expiresAt, now),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .limit(1);
  if (!row) throw new HttpError(403, STAFF_TEXTS.passwordLinkInvalid);
  return row;
}

/** Whose a mailed password link is, while it works (the page that sets the password greets them). */
export async function checkStaffPasswordLink(db: DbOrTx, token: string, now: Date) {
  const { account } = await findLiveLink(db, token, now);
  return { email: account.email, name: account.name };
}

/**
 * Sets the password a link was sent for (in the caller's transaction): the link is used up (of two uses at once, one
 * wins; the other is 403), the account's other links go, every session of it ends, and the change is audited as the
 * staff member's own without the password. The caller has checked the staff password rule (the contract).
 */
export async function resetStaffPasswordWithLink(
  tx: DbOrTx,
  input: { token: string; password: string; now: Date },
) {
  const link = await findLiveLink(tx, input.token, input.now);
  const used = await tx
    .update(staffPasswordResets)
    .set({ usedAt: input.now })
    .where(and(eq(staffPasswordResets.id, link.id), isNull(staffPasswordResets.usedAt)))
    .returning({ id: staffPasswordResets.id });
  if (used.length === 0) throw new HttpError(403, STAFF_TEXTS.passwordLinkInvalid);
  await tx
    .update(staffAccounts)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(staffAccounts.id, link.account.id));
  await revokeStaffPasswordLinks(tx, link.account.id);
  const sessionsEnded = await revokeOtherStaffSessions(tx, link.account.id, null, input.now);
  await recordAudit(tx, { staffId: link.account.id, name: link.account.name }, input.now, {
    action: 'staff.password_reset',
    entity: 'staff_account',
    entityId: link.account.id,
    before: null,
    after: { sessions_ended: sessionsEnded },
  });
}
