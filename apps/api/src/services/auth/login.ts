import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';

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

/**
 * Checks a username (email or customer reference) and password. An email may belong to several accounts
 * (families): the password is tried against each, and the one account it opens is logged in.
 */
export async function checkCredentials(db: DbOrTx, clientId: number, username: string, password: string) {
  const candidates = await findCustomersByLoginName(db, clientId, username);
  if (candidates.length === 0) {
    await verifyAgainstDummy(password);
    return { kind: 'invalid' } satisfies LoginOutcome;
  }
  const matches: number[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) matches.push(candidate.id);
  }
  if (matches.length === 0) return { kind: 'invalid' } satisfies LoginOutcome;
  if (matches.length > 1) return { kind: 'multiple' } satisfies LoginOutcome;
  return { kind: 'ok', customerId: matches[0]! } satisfies LoginOutcome;
}
