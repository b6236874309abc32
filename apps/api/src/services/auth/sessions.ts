import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { encodedPlaceholder, prepared } from '../../db/prepared.ts';
import { authSessions, customers } from '../../db/schema.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

/** Creates a session; returns the token (only ever sent as an HttpOnly cookie). */
export async function createSession(
  db: DbOrTx,
  input: { customerId: number; ttlDays: number; now: Date; userAgent?: string; ip?: string },
): Promise<string> {
  const token = createToken();
  await db.insert(authSessions).values({
    customerId: input.customerId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlDays * 86_400_000),
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    ip: input.ip ?? null,
  });
  return token;
}

// Every authenticated request runs it: built once, and named so PostgreSQL plans it once per connection.
const sessionCustomer = prepared((db) =>
  db
    .select({ id: customers.id, clientId: customers.clientId, sessionId: authSessions.id })
    .from(authSessions)
    .innerJoin(customers, eq(customers.id, authSessions.customerId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, encodedPlaceholder('now', authSessions.expiresAt)),
      ),
    )
    .limit(1)
    .prepare('session_customer'),
);

export async function findSessionCustomer(db: DbOrTx, token: string, now: Date) {
  const [row] = await sessionCustomer(db, { tokenHash: hashToken(token), now });
  return row ?? null;
}

export async function revokeSession(db: DbOrTx, token: string, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.tokenHash, hashToken(token)), isNull(authSessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, customerId: number, now: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.customerId, customerId), isNull(authSessions.revokedAt)));
}
