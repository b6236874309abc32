import {
  GUEST_PASS_TEXTS,
  GUEST_PASS_VALID_DAYS,
  type GuestPass,
  type GuestPassAllowance,
} from '@fieldhouse/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  benefitUsages,
  customerPackages,
  customerPackageVenues,
  customers,
  guestPasses,
  membershipBenefits,
  memberships,
  membershipTypes,
  membershipTypeVenues,
  packageUsages,
  venues,
} from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { addDays, endOfDay, localDateOf, toLocalDate } from '../../lib/local-date.ts';
import { paginate } from '../../lib/pagination.ts';
import { createGuestPassCode } from '../../lib/tokens.ts';
import { periodEnd, periodStart, venueDateAtTime } from '../../lib/venue-time.ts';
import type { ClientRow } from '../clients/index.ts';
import { guestPassMail, queueMail } from '../mail/index.ts';

/**
 * Guest passes. An allowance is a membership benefit of kind 'guest_pass' (uses per month or week, at the venues
 * the membership covers) or a customer package of kind 'guest_pass' (uses left until it expires, at its venues or
 * everywhere). Sending a pass uses one, in one transaction under the source's row lock (the membership for a
 * benefit, the package for a package), so two passes sent at once cannot share the last use.
 */

type VenueRef = { id: number; name: string };

/** An allowance with what sending needs to find and lock its source. */
type Allowance = GuestPassAllowance & {
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
async function findUsableAllowances(db: DbOrTx, customerId: number, client: ClientRow, now: Date) {
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

type GuestPassRow = typeof guestPasses.$inferSelect;

/** The status a person sees: a pass not redeemed by its valid-to moment has expired. */
export function guestPassStatus(
  pass: Pick<GuestPassRow, 'status' | 'validTo'>,
  now: Date,
): GuestPass['status'] {
  if (pass.status === 'redeemed') return 'redeemed';
  return pass.validTo.getTime() <= now.getTime() ? 'expired' : 'issued';
}

const toGuestPassWire = (pass: GuestPassRow, venue: VenueRef, now: Date): GuestPass => ({
  id: pass.id,
  guest_name: pass.guestName,
  guest_email: pass.guestEmail,
  status: guestPassStatus(pass, now),
  valid_to: pass.validTo.toISOString(),
  redeemed_at: pass.redeemedAt?.toISOString() ?? null,
  created_at: pass.createdAt.toISOString(),
  code: pass.code,
  venue,
});

/** GET /api/v1/users/:userId/guestPasses?page&per_page (newest first). */
export async function findGuestPasses(
  db: DbOrTx,
  customerId: number,
  query: { page: number; per_page: number },
  now: Date,
) {
  const [total] = await db
    .select({ n: count() })
    .from(guestPasses)
    .where(eq(guestPasses.customerId, customerId));
  const { offset, limit, pagination } = paginate({
    page: query.page,
    perPage: query.per_page,
    totalRecords: Number(total?.n ?? 0),
  });
  const rows = await db
    .select({ pass: guestPasses, venue: { id: venues.id, name: venues.name } })
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(eq(guestPasses.customerId, customerId))
    .orderBy(desc(guestPasses.createdAt), desc(guestPasses.id))
    .limit(limit)
    .offset(offset);
  return { guest_passes: rows.map((r) => toGuestPassWire(r.pass, r.venue, now)), pagination };
}

/** GET /api/v1/users/:userId/guestPasses/:id (the caller's own, else 404). */
export async function findGuestPass(db: DbOrTx, customerId: number, id: number, now: Date) {
  const [row] = await db
    .select({ pass: guestPasses, venue: { id: venues.id, name: venues.name } })
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(and(eq(guestPasses.id, id), eq(guestPasses.customerId, customerId)))
    .limit(1);
  if (!row) throw notFound();
  return toGuestPassWire(row.pass, row.venue, now);
}

/** The pass is good to the end of the GUEST_PASS_VALID_DAYS-th day after today (venue-local). */
export function guestPassValidTo(now: Date, timeZone: string) {
  return endOfDay(addDays(localDateOf(now, timeZone), GUEST_PASS_VALID_DAYS), timeZone);
}

/** Locks the allowance's source row and answers whether it still has a use left (fresh read after the lock). */
async function lockAndCheck(tx: Tx, allowance: Allowance, now: Date, timeZone: string) {
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

export type SendGuestPassInput = {
  customerId: number;
  client: ClientRow;
  now: Date;
  guestName: string;
  guestEmail: string;
  venueId: number;
  pricingOptionId?: number;
};

/**
 * POST /api/v1/users/:userId/guestPasses: in one transaction, picks the allowance (the one asked for, else the
 * soonest to expire that covers the venue), locks its source, checks a use is left, creates the pass, records
 * the use and queues the mail to the guest. Refusals: no use left (422 noAllowance), venue not covered (422
 * under venue_id).
 */
export async function sendGuestPass(db: Db, input: SendGuestPassInput): Promise<GuestPass> {
  const { customerId, client, now } = input;
  return db.transaction(async (tx) => {
    const [venue] = await tx
      .select()
      .from(venues)
      .where(and(eq(venues.id, input.venueId), eq(venues.clientId, client.id)))
      .limit(1);
    if (!venue) throw fieldError('venue_id', GUEST_PASS_TEXTS.venueNotCovered);

    let candidates = await findUsableAllowances(tx, customerId, client, now);
    if (input.pricingOptionId !== undefined) {
      candidates = candidates.filter((a) => a.pricing_option_id === input.pricingOptionId);
    }
    if (!candidates.length) throw fieldError('pricing_option_id', GUEST_PASS_TEXTS.noAllowance);
    candidates = candidates.filter((a) => a.venues.some((v) => v.id === venue.id));
    if (!candidates.length) throw fieldError('venue_id', GUEST_PASS_TEXTS.venueNotCovered);

    let chosen: Allowance | undefined;
    for (const candidate of candidates) {
      if (await lockAndCheck(tx, candidate, now, client.timeZone)) {
        chosen = candidate;
        break;
      }
    }
    if (!chosen) throw fieldError('pricing_option_id', GUEST_PASS_TEXTS.noAllowance);

    const { source } = chosen;
    const [pass] = await tx
      .insert(guestPasses)
      .values({
        customerId,
        venueId: venue.id,
        guestName: input.guestName,
        guestEmail: input.guestEmail,
        code: createGuestPassCode(),
        validTo: guestPassValidTo(now, venue.timeZone),
        status: 'issued',
        sourceType: source.type,
        membershipId: source.type === 'benefit' ? source.membershipId : null,
        benefitId: source.type === 'benefit' ? source.benefitId : null,
        customerPackageId: source.type === 'package' ? source.packageId : null,
        createdAt: now,
      })
      .returning();
    if (source.type === 'benefit') {
      await tx.insert(benefitUsages).values({
        membershipId: source.membershipId,
        benefitId: source.benefitId,
        guestPassId: pass!.id,
        usedAt: now,
      });
    } else {
      const used = await tx
        .update(customerPackages)
        .set({ sessionsRemaining: sql`${customerPackages.sessionsRemaining} - 1` })
        .where(and(eq(customerPackages.id, source.packageId), gt(customerPackages.sessionsRemaining, 0)))
        .returning({ id: customerPackages.id });
      if (!used.length) throw fieldError('pricing_option_id', GUEST_PASS_TEXTS.noAllowance);
      await tx
        .insert(packageUsages)
        .values({ customerPackageId: source.packageId, guestPassId: pass!.id, usedAt: now });
    }

    const [sender] = await tx
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId));
    const mail = guestPassMail({
      clientName: client.name,
      guestName: pass!.guestName,
      senderName: `${sender!.firstName} ${sender!.lastName}`,
      venueName: venue.name,
      venueAddress: [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', '),
      code: pass!.code,
      validTo: venueDateAtTime(pass!.validTo, venue.timeZone),
    });
    await queueMail(tx, { ...mail, to: pass!.guestEmail });
    return toGuestPassWire(pass!, { id: venue.id, name: venue.name }, now);
  });
}
