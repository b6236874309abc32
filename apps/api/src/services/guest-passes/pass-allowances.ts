import type { GuestPassAllowance } from '@fieldhouse/contract';
import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  benefitUsages,
  customerPackages,
  customerPackageVenues,
  membershipBenefits,
  memberships,
  membershipTypes,
  membershipTypeVenues,
  venues,
} from '../../db/schema.ts';
import { endOfDay, toLocalDate } from '../../lib/local-date.ts';
import { periodEnd, periodStart } from '../../lib/venue-time.ts';
import type { ClientRow } from '../clients/index.ts';

/**
 * Guest passes. An allowance is a membership benefit of kind 'guest_pass' (uses per month or week, at the venues
 * the membership covers) or a customer package of kind 'guest_pass' (uses left until it expires, at its venues or
 * everywhere). Sending a pass uses one, in one transaction under the source's row lock (the membership for a
 * benefit, the package for a package), so two passes sent at once cannot share the last use.
 */

export type VenueRef = { id: number; name: string };

/** An allowance with what sending needs to find and lock its source. */
export type Allowance = GuestPassAllowance & {
  expiresAtDate: Date | null;
  source:
    | {
        type: 'benefit';
        membershipId: number;
        benefitId: number;
        usesPerPeriod: number;
        period: 'month' | 'week';
      }
    | { type: 'package'; packageId: number };
};

async function clientVenues(db: DbOrTx, clientId: number): Promise<VenueRef[]> {
  return db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(eq(venues.clientId, clientId))
    .orderBy(asc(venues.name), asc(venues.id));
}

/** Benefit uses taken in the current period (returned uses do not count). */
async function countBenefitUses(
  db: DbOrTx,
  source: { membershipId: number; benefitId: number; period: 'month' | 'week' },
  now: Date,
  timeZone: string,
) {
  const [row] = await db
    .select({ used: count() })
    .from(benefitUsages)
    .where(
      and(
        eq(benefitUsages.membershipId, source.membershipId),
        eq(benefitUsages.benefitId, source.benefitId),
        isNull(benefitUsages.returnedAt),
        sql`${benefitUsages.usedAt} >= ${periodStart(now, source.period, timeZone).toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.used ?? 0);
}

async function findBenefitAllowances(
  db: DbOrTx,
  customerId: number,
  client: ClientRow,
  now: Date,
  everywhere: VenueRef[],
): Promise<Allowance[]> {
  const rows = await db
    .select({ benefit: membershipBenefits, membership: memberships, coverage: membershipTypes.coverage })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(membershipBenefits, eq(membershipBenefits.membershipTypeId, memberships.membershipTypeId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(memberships.status, 'active'),
        eq(membershipBenefits.kind, 'guest_pass'),
      ),
    )
    .orderBy(asc(membershipBenefits.id), asc(memberships.id));
  const allowances: Allowance[] = [];
  const seen = new Set<number>();
  for (const { benefit, membership, coverage } of rows) {
    if (seen.has(benefit.pricingOptionId)) continue; // two memberships of one type: the first one's uses
    seen.add(benefit.pricingOptionId);
    const source = {
      type: 'benefit' as const,
      membershipId: membership.id,
      benefitId: benefit.id,
      usesPerPeriod: benefit.usesPerPeriod,
      period: benefit.period,
    };
    const used = await countBenefitUses(db, source, now, client.timeZone);
    let expires = new Date(periodEnd(now, benefit.period, client.timeZone).getTime() - 1);
    if (membership.expiresAt) {
      const membershipEnd = endOfDay(toLocalDate(membership.expiresAt), client.timeZone);
      if (membershipEnd < expires) expires = membershipEnd;
    }
    const covered =
      coverage === 'national'
        ? everywhere
        : await db
            .select({ id: venues.id, name: venues.name })
            .from(membershipTypeVenues)
            .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
            .where(eq(membershipTypeVenues.membershipTypeId, membership.membershipTypeId))
            .orderBy(asc(venues.name), asc(venues.id));
    allowances.push({
      pricing_option_id: benefit.pricingOptionId,
      name: benefit.name,
      uses_remaining: Math.max(0, benefit.usesPerPeriod - used),
      expires_at: expires.toISOString(),
      expiresAtDate: expires,
      type: 'benefit',
      venues: covered,
      source,
    });
  }
  return allowances;
}

async function findPackageAllowances(
  db: DbOrTx,
  customerId: number,
  now: Date,
  everywhere: VenueRef[],
): Promise<Allowance[]> {
  const packages = await db
    .select()
    .from(customerPackages)
    .where(
      and(
        eq(customerPackages.customerId, customerId),
        eq(customerPackages.kind, 'guest_pass'),
        or(isNull(customerPackages.expiresAt), gt(customerPackages.expiresAt, now)),
      ),
    )
    .orderBy(asc(customerPackages.id));
  if (!packages.length) return [];
  const limited = await db
    .select({ packageId: customerPackageVenues.customerPackageId, id: venues.id, name: venues.name })
    .from(customerPackageVenues)
    .innerJoin(venues, eq(venues.id, customerPackageVenues.venueId))
    .where(
      inArray(
        customerPackageVenues.customerPackageId,
        packages.map((p) => p.id),
      ),
    )
    .orderBy(asc(venues.name), asc(venues.id));
  return packages.map((p) => {
    const own = limited.filter((v) => v.packageId === p.id).map(({ id, name }) => ({ id, name }));
    return {
      pricing_option_id: p.pricingOptionId,
      name: p.name,
      uses_remaining: p.sessionsRemaining,
      expires_at: p.expiresAt?.toISOString() ?? null,
      expiresAtDate: p.expiresAt,
      type: 'package' as const,
      venues: own.length ? own : everywhere,
      source: { type: 'package' as const, packageId: p.id },
    };
  });
}

const bySoonestExpiry = (a: Allowance, b: Allowance) =>
  (a.expiresAtDate?.getTime() ?? Number.POSITIVE_INFINITY) -
    (b.expiresAtDate?.getTime() ?? Number.POSITIVE_INFINITY) ||
  a.name.localeCompare(b.name) ||
  a.pricing_option_id - b.pricing_option_id;

/** Every allowance with uses left, soonest to expire first. */
export async function findUsableAllowances(db: DbOrTx, customerId: number, client: ClientRow, now: Date) {
  const everywhere = await clientVenues(db, client.id);
  const benefits = await findBenefitAllowances(db, customerId, client, now, everywhere);
  const packages = await findPackageAllowances(db, customerId, now, everywhere);
  return [...benefits, ...packages].filter((a) => a.uses_remaining > 0).sort(bySoonestExpiry);
}

const toAllowanceWire = ({ expiresAtDate: _e, source: _s, ...wire }: Allowance): GuestPassAllowance => wire;

/** GET /api/v1/users/:userId/guestPasses/allowances */
export async function findAllowances(db: DbOrTx, customerId: number, client: ClientRow, now: Date) {
  return (await findUsableAllowances(db, customerId, client, now)).map(toAllowanceWire);
}

/** Locks the allowance's source row and answers whether it still has a use left (fresh read after the lock). */
export async function lockAndCheck(tx: Tx, allowance: Allowance, now: Date, timeZone: string) {
  const { source } = allowance;
  if (source.type === 'benefit') {
    const [membership] = await tx
      .select({ status: memberships.status })
      .from(memberships)
      .where(eq(memberships.id, source.membershipId))
      .for('update');
    if (membership?.status !== 'active') return false;
    return (await countBenefitUses(tx, source, now, timeZone)) < source.usesPerPeriod;
  }
  const [pkg] = await tx
    .select({ remaining: customerPackages.sessionsRemaining, expiresAt: customerPackages.expiresAt })
    .from(customerPackages)
    .where(eq(customerPackages.id, source.packageId))
    .for('update');
  if (!pkg) return false;
  return pkg.remaining > 0 && (pkg.expiresAt === null || pkg.expiresAt.getTime() > now.getTime());
}
