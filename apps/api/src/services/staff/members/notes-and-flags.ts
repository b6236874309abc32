import type { CustomerFlag } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { customerFlags, customerNotes } from '../../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { findServedCustomer, type MemberActor } from './record.ts';

type Input = { clientId: number; customerId: number; actor: MemberActor; now: Date };

/** POST /api/staff/members/:id/notes: a note kept with its author and time (never overwritten), audited. */
export async function addMemberNote(db: Db, input: Input & { body: string }): Promise<boolean> {
  return transactionRetried(db, async (tx) => {
    const customer = await findServedCustomer(tx, { ...input, scope: input.actor.scope });
    if (!customer) return false;
    const [note] = await tx
      .insert(customerNotes)
      .values({
        customerId: customer.id,
        body: input.body,
        staffId: input.actor.staffId,
        author: input.actor.name,
        createdAt: input.now,
      })
      .returning({ id: customerNotes.id });
    await recordAudit(tx, input.actor, input.now, {
      action: 'customer.note_add',
      entity: 'customer',
      entityId: customer.id,
      before: null,
      after: { note_id: note!.id, body: input.body },
    });
    return true;
  });
}

/**
 * PUT /api/staff/members/:id/flags/:flag: sets a flag (who and when, as of now) or clears it, audited with what it
 * was before. Setting a set flag again, or clearing a clear one, writes nothing.
 */
export async function setMemberFlag(
  db: Db,
  input: Input & { flag: CustomerFlag; isSet: boolean },
): Promise<boolean> {
  return transactionRetried(db, async (tx) => {
    const customer = await findServedCustomer(tx, { ...input, scope: input.actor.scope, forUpdate: true });
    if (!customer) return false;
    const where = and(eq(customerFlags.customerId, customer.id), eq(customerFlags.flag, input.flag));
    const [current] = await tx.select().from(customerFlags).where(where);
    if (Boolean(current) === input.isSet) return true;
    const was = current
      ? { flag: input.flag, set_by: current.author, set_at: current.setAt.toISOString() }
      : null;
    if (input.isSet)
      await tx.insert(customerFlags).values({
        customerId: customer.id,
        flag: input.flag,
        staffId: input.actor.staffId,
        author: input.actor.name,
        setAt: input.now,
      });
    else await tx.delete(customerFlags).where(where);
    await recordAudit(tx, input.actor, input.now, {
      action: input.isSet ? 'customer.flag_set' : 'customer.flag_clear',
      entity: 'customer',
      entityId: customer.id,
      before: was ?? { flag: input.flag, is_set: false },
      after: input.isSet
        ? { flag: input.flag, set_by: input.actor.name, set_at: input.now.toISOString() }
        : { flag: input.flag, is_set: false },
    });
    return true;
  });
}
