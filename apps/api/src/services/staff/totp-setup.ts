import { STAFF_TEXTS, STAFF_TOTP_SETUP_MINUTES } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema.ts';
import { StaffAccountError } from './accounts.ts';
import { type Actor, recordAudit } from './audit.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

const SETUP_MS = STAFF_TOTP_SETUP_MINUTES * 60_000;

async function lockAccount(tx: DbOrTx, staffId: number) {
  const [account] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update');
  return account ?? null;
}

/**
 * Starts setting up an authenticator app for the account (decision 072): a new secret waits beside the account's
 * current one (which goes on working) until a first code from it is confirmed within STAFF_TOTP_SETUP_MINUTES.
 * Starting again replaces a waiting secret. Returns what the QR code and the typed key show, or null when there is
 * no such account.
 */
export async function startTotpSetup(tx: DbOrTx, input: { staffId: number; now: Date }) {
  const account = await lockAccount(tx, input.staffId);
  if (!account) return null;
  const secret = newTotpSecret();
  await tx
    .update(staffAccounts)
    .set({ totpPendingSecret: secret, totpPendingAt: input.now })
    .where(eq(staffAccounts.id, account.id));
  return {
    secret,
    otpauthUri: totpUri(secret, account.email),
    expiresAt: new Date(input.now.getTime() + SETUP_MS),
  };
}

/**
 * The first code from the new authenticator: right (one step of drift either way), the waiting secret becomes the
 * account's second factor and that code's step counts as used, so it cannot also log in; audited. Wrong, or the
 * set-up expired or never started: 422 under `code`, and nothing changes. Null when there is no such account.
 */
export async function confirmTotpSetup(
  tx: DbOrTx,
  input: { staffId: number; code: string; now: Date },
  actor: Actor,
) {
  const account = await lockAccount(tx, input.staffId);
  if (!account) return null;
  const pending = account.totpPendingSecret;
  if (!pending || !account.totpPendingAt || input.now.getTime() - account.totpPendingAt.getTime() > SETUP_MS)
    throw new StaffAccountError('code', STAFF_TEXTS.totpSetupExpired);
  const step = totpStep(pending, input.code, input.now);
  if (step === null) throw new StaffAccountError('code', STAFF_TEXTS.invalidCode);
  const [updated] = await tx
    .update(staffAccounts)
    .set({ totpSecret: pending, totpLastStep: step, totpPendingSecret: null, totpPendingAt: null })
    .where(eq(staffAccounts.id, account.id))
    .returning();
  await recordAudit(tx, actor, input.now, {
    action: 'staff_account.totp_setup',
    entity: 'staff_account',
    entityId: account.id,
    before: { totp_enabled: account.totpSecret !== null },
    after: { totp_enabled: true },
  });
  return updated!;
}

/**
 * An administrator removes the account's authenticator (a lost phone, a new one to set up): logging in asks for no
 * code until one is set up again; a set-up under way is dropped too. Audited when there was one. Null when there is
 * no such account.
 */
export async function resetTotp(tx: DbOrTx, input: { staffId: number; now: Date }, actor: Actor) {
  const account = await lockAccount(tx, input.staffId);
  if (!account) return null;
  const [updated] = await tx
    .update(staffAccounts)
    .set({ totpSecret: null, totpLastStep: null, totpPendingSecret: null, totpPendingAt: null })
    .where(eq(staffAccounts.id, account.id))
    .returning();
  if (account.totpSecret !== null)
    await recordAudit(tx, actor, input.now, {
      action: 'staff_account.totp_reset',
      entity: 'staff_account',
      entityId: account.id,
      before: { totp_enabled: true },
      after: { totp_enabled: false },
    });
  return updated!;
}
