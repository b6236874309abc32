import { and, eq, inArray, lte } from 'drizzle-orm';
import { guestPasses } from '../../db/schema.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps } from './run.ts';

/**
 * Guest passes expire past their validity: an 'issued' pass whose valid_to has passed is stored 'expired' (what
 * the member is shown already, worked out from valid_to on read). A redeemed pass never expires. An instant
 * comparison, so clock changes do not matter. Only 'issued' passes change: a second run changes nothing.
 */
export async function expireGuestPasses(deps: ScheduledChangeDeps) {
  const now = deps.now();
  const expired = await inBatches(deps.db, async (tx) => {
    const due = await tx
      .select({ id: guestPasses.id })
      .from(guestPasses)
      .where(and(eq(guestPasses.status, 'issued'), lte(guestPasses.validTo, now)))
      .orderBy(guestPasses.id)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (!due.length) return 0;
    await tx
      .update(guestPasses)
      .set({ status: 'expired' })
      .where(
        and(
          inArray(
            guestPasses.id,
            due.map((d) => d.id),
          ),
          eq(guestPasses.status, 'issued'),
        ),
      );
    return due.length;
  });
  deps.log.info({ expired }, 'Scheduled change: guest passes');
  return { expired };
}
