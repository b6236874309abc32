import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { accountForCustomer, accountForName, type LoginThrottle } from './login-throttle.ts';

export type LoginOutcome = { kind: 'ok'; customerId: number } | { kind: 'invalid' } | { kind: 'multiple' };

/** Customers whose email (case-insensitive) or reference matches the name someone types to log in. */
export async function findCustomersByLoginName(db: DbOrTx, clientId: number, name: string) {
  const value = name.trim();
  return db
    .select({
      id: customers.id,
      email: customers.email,
      reference: customers.reference,
      firstName: customers.firstName,
      passwordHash: customers.passwordHash,
    })
    .from(customers)
    .where(
      and(
        eq(customers.clientId, clientId),
        or(
          sql`lower(${customers.email}) = ${value.toLowerCase()}`,
          sql`upper(${customers.reference}) = ${value.toUpperCase()}`,
        ),
      ),
    )
    .limit(20);
}

export type LoginAttempt = LoginOutcome | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Checks a username (email or customer reference) and password, throttled per account and address. The name is
 * resolved first, so an email and a customer number count against the same account; a name that matches nobody is
 * counted under itself and checked against a dummy hash, so it costs the same time as a wrong password. An email may
 * belong to several accounts (families): the password is tried against each, and the one account it opens is
 * logged in.
 */
export async function attemptLogin(
  db: DbOrTx,
  throttle: LoginThrottle,
  input: { clientId: number; username: string; password: string; address: string },
): Promise<LoginAttempt> {
  const candidates = await findCustomersByLoginName(db, input.clientId, input.username);
  const accounts = candidates.length
    ? candidates.map((c) => accountForCustomer(c.id))
    : [accountForName(input.username)];
  const wait = await throttle.secondsToWait(accounts, input.address);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };
  const outcome = await verifyCandidates(candidates, input.password);
  if (outcome.kind === 'invalid') await throttle.recordFailure(accounts, input.address);
  if (outcome.kind === 'ok')
    await throttle.recordSuccess(accountForCustomer(outcome.customerId), input.address);
  return outcome;
}

async function verifyCandidates(
  candidates: { id: number; passwordHash: string }[],
  password: string,
): Promise<LoginOutcome> {
  if (candidates.length === 0) {
    await verifyAgainstDummy(password);
    return { kind: 'invalid' };
  }
  const matches: number[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) matches.push(candidate.id);
  }
  if (matches.length === 0) return { kind: 'invalid' };
  if (matches.length > 1) return { kind: 'multiple' };
  return { kind: 'ok', customerId: matches[0]! };
}
