import type { AccountPackage } from '@fieldhouse/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerPackages, customerPackageVenues, packageUsages, venues } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import { venueDayMonthYear } from '../../lib/venue-time.ts';

/** Where a package is good when it lists no venues. */
export const ALL_CENTRES = 'All centres';

/**
 * GET /api/promotions/user/packages: the caller's packages, newest first. Sessions used are the package's usages
 * not returned by a cancellation; remaining = included - used, never more than the package's own counter (a
 * package may be sold or imported part-used). `area` names the venues it is good at, or 'All centres'.
 */
export async function findCustomerPackages(
  db: DbOrTx,
  input: { customerId: number; timeZone: string },
): Promise<AccountPackage[]> {
  const rows = await db
    .select()
    .from(customerPackages)
    .where(eq(customerPackages.customerId, input.customerId))
    .orderBy(desc(customerPackages.createdAt), desc(customerPackages.id));
  if (!rows.length) return [];
  const ids = rows.map((p) => p.id);

  const usageRows = await db
    .select({ packageId: packageUsages.customerPackageId, used: sql<number>`count(*)::int` })
    .from(packageUsages)
    .where(and(inArray(packageUsages.customerPackageId, ids), isNull(packageUsages.returnedAt)))
    .groupBy(packageUsages.customerPackageId);
  const usedBy = new Map(usageRows.map((u) => [u.packageId, Number(u.used)]));

  const venueRows = await db
    .select({ packageId: customerPackageVenues.customerPackageId, name: venues.name })
    .from(customerPackageVenues)
    .innerJoin(venues, eq(venues.id, customerPackageVenues.venueId))
    .where(inArray(customerPackageVenues.customerPackageId, ids))
    .orderBy(asc(venues.name));
  const venueNames = new Map<number, string[]>();
  for (const v of venueRows) venueNames.set(v.packageId, [...(venueNames.get(v.packageId) ?? []), v.name]);

  return rows.map((pkg) => {
    const used = usedBy.get(pkg.id) ?? 0;
    const remaining = Math.max(0, Math.min(pkg.sessionsRemaining, pkg.sessionsIncluded - used));
    return {
      id: pkg.id,
      area: venueNames.get(pkg.id)?.join(', ') ?? ALL_CENTRES,
      name: pkg.name,
      description: pkg.description,
      price: toMoney(pkg.price),
      expires: pkg.expiresAt ? venueDayMonthYear(pkg.expiresAt, input.timeZone) : null,
      sessions_included: pkg.sessionsIncluded,
      sessions_remaining: remaining,
      contents: [
        {
          usages: pkg.sessionsIncluded,
          concatenated_name:
            pkg.kind === 'guest_pass' ? 'Guest passes' : `${pkg.activityCategory} activities`,
          remaining,
        },
      ],
    };
  });
}
