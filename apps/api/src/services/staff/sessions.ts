import { STAFF_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS } from '@fieldhouse/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffSessions } from '../../db/schema.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';

const IDLE_MS = STAFF_IDLE_MINUTES * 60_000;
/** lastSeenAt is written at most this often (not on every call). */
const TOUCH_EVERY_MS = 60_000;

/** Starts a staff session; returns the token (only ever sent as an HttpOnly cookie). */
export async function createStaffSession(
  db: DbOrTx,
  input: { staffId: number; now: Date; userAgent?: string; ip?: string },
): Promise<string> {
  const token = createToken();
  await db.insert(staffSessions).values({
    staffId: input.staffId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000),
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    ip: input.ip ?? null,
  });
  return token;
}

/**
 * The live session's staff account: not revoked, not past its absolute end, used within the idle limit, and the
 * account not disabled. Each use moves the idle clock on (written at most once a minute).
 */
export async function findStaffSession(db: DbOrTx, token: string, now: Date) {
  const [row] = await db
    .select({ sessionId: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  return { sessionId: row.sessionId, account: row.account };
}

export async function revokeStaffSession(db: DbOrTx, token: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)));
}

/**
 * Ends every live session of the staff member, but `keepSessionId` (theirs, after a password change) when given;
 * returns how many ended.
 */
export async function revokeOtherStaffSessions(
  db: DbOrTx,
  staffId: number,
  keepSessionId: number | null,
  now: Date,
) {
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        keepSessionId === null ? undefined : ne(staffSessions.id, keepSessionId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .returning({ id: staffSessions.id });
  return ended.length;
}
