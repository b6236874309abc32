import { AUDIT_PAGE_SIZE, type AuditEntry } from '@fieldhouse/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, staffAccounts } from '../../db/schema.ts';

/** Who did it: a logged-in staff member, or a named command / the system (`npm run staff`, a scheduled job). */
export type Actor = { staffId: number; name: string } | { staffId: null; name: string };

export const systemActor = (name: string): Actor => ({ staffId: null, name });

/** Writes one audit entry; call it inside the action's own transaction so both land or neither does. */
export async function recordAudit(
  tx: DbOrTx,
  actor: Actor,
  at: Date,
  entry: {
    action: string;
    entity: string;
    entityId: number | string | null;
    before: unknown;
    after: unknown;
  },
) {
  await tx.insert(auditLog).values({
    at,
    staffId: actor.staffId,
    actor: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Newest first, a page at a time (one more row read than shown, to know whether there is a next page). */
export async function listAudit(db: DbOrTx, input: { page: number; staffId?: number }) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor: auditLog.actor,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      staffId: staffAccounts.id,
      staffName: staffAccounts.name,
      staffEmail: staffAccounts.email,
    })
    .from(auditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
    .where(input.staffId ? eq(auditLog.staffId, input.staffId) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((input.page - 1) * AUDIT_PAGE_SIZE);
  const entries: AuditEntry[] = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    staff:
      r.staffId === null ? null : { id: r.staffId, name: r.staffName ?? r.actor, email: r.staffEmail ?? '' },
    actor: r.actor,
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId,
    before: r.before,
    after: r.after,
  }));
  return { entries, page: input.page, has_more: rows.length > AUDIT_PAGE_SIZE };
}
