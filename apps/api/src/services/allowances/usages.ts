import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { benefitUsages, customerPackages, packageUsages } from '../../db/schema.ts';

/**
 * The one writer of allowance uses (issue 14): a membership benefit's uses (`benefit_usages`) and a package's
 * sessions (`package_usages` and the package's `sessions_remaining`). Checkout spends them on bookings, a guest pass
 * on the pass, a cancellation gives a booking's back. Each takes the caller's transaction.
 */
export type UsedFor = { bookingId: number } | { guestPassId: number };

const usedForColumns = (usedFor: UsedFor) =>
  'bookingId' in usedFor ? { bookingId: usedFor.bookingId } : { guestPassId: usedFor.guestPassId };

/** One use of a membership benefit. */
export async function useBenefit(
  tx: Tx,
  input: { membershipId: number; benefitId: number; usedFor: UsedFor; now: Date },
) {
  await tx.insert(benefitUsages).values({
    membershipId: input.membershipId,
    benefitId: input.benefitId,
    ...usedForColumns(input.usedFor),
    usedAt: input.now,
  });
}

/** One session of a package; false (nothing written) when it has none left. */
export async function usePackageSession(
  tx: Tx,
  input: { packageId: number; usedFor: UsedFor; now: Date },
): Promise<boolean> {
  const used = await tx
    .update(customerPackages)
    .set({ sessionsRemaining: sql`${customerPackages.sessionsRemaining} - 1` })
    .where(and(eq(customerPackages.id, input.packageId), gt(customerPackages.sessionsRemaining, 0)))
    .returning({ id: customerPackages.id });
  if (!used.length) return false;
  await tx
    .insert(packageUsages)
    .values({ customerPackageId: input.packageId, ...usedForColumns(input.usedFor), usedAt: input.now });
  return true;
}

/** Cancelled bookings give back their benefit uses and package sessions (never above what a package included). */
export async function returnBookingUsages(tx: Tx, bookingIds: number[], now: Date) {
  if (!bookingIds.length) return;
  await tx
    .update(benefitUsages)
    .set({ returnedAt: now })
    .where(and(inArray(benefitUsages.bookingId, bookingIds), isNull(benefitUsages.returnedAt)));
  const returned = await tx
    .update(packageUsages)
    .set({ returnedAt: now })
    .where(and(inArray(packageUsages.bookingId, bookingIds), isNull(packageUsages.returnedAt)))
    .returning({ packageId: packageUsages.customerPackageId });
  for (const { packageId } of returned) {
    await tx
      .update(customerPackages)
      .set({
        sessionsRemaining: sql`least(${customerPackages.sessionsRemaining} + 1, ${customerPackages.sessionsIncluded})`,
      })
      .where(eq(customerPackages.id, packageId));
  }
}
