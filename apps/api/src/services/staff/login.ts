import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { accountForName, type LoginThrottle } from '../auth/index.ts';
import { findStaffByEmail, type StaffAccountRow } from './accounts.ts';
import { totpStep } from './totp.ts';

export type StaffLoginOutcome =
  | { kind: 'ok'; account: StaffAccountRow }
  | { kind: 'invalid' }
  | { kind: 'code_required' }
  | { kind: 'invalid_code' }
  | { kind: 'throttled'; retryAfterSeconds: number };

const throttleKey = (email: string) => accountForName(`staff:${email}`);

/**
 * Email and password, then (when the account has one) the authenticator code; throttled per account and address
 * like customer logins. An unknown email costs the same time as a wrong password. A disabled account cannot log in.
 */
export async function attemptStaffLogin(
  db: DbOrTx,
  throttle: LoginThrottle,
  input: { email: string; password: string; code?: string; address: string; now: Date },
): Promise<StaffLoginOutcome> {
  const key = throttleKey(input.email);
  const wait = await throttle.secondsToWait([key], input.address);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };
  const account = await findStaffByEmail(db, input.email);
  const passwordOk = account
    ? await verifyPassword(input.password, account.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!account || !passwordOk || account.disabledAt) {
    await throttle.recordFailure([key], input.address);
    return { kind: 'invalid' };
  }
  if (account.totpSecret) {
    if (!input.code) return { kind: 'code_required' };
    const step = totpStep(account.totpSecret, input.code, input.now);
    // Taken in one conditional write: of two logins racing with the same code, one wins.
    const taken =
      step === null
        ? []
        : await db
            .update(staffAccounts)
            .set({ totpLastStep: step })
            .where(
              and(
                eq(staffAccounts.id, account.id),
                or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
              ),
            )
            .returning({ id: staffAccounts.id });
    if (taken.length === 0) {
      await throttle.recordFailure([key], input.address);
      return { kind: 'invalid_code' };
    }
  }
  await throttle.recordSuccess(key, input.address);
  return { kind: 'ok', account };
}
