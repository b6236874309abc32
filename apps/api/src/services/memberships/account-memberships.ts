import type { AccountMembership } from '@fieldhouse/contract';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  benefitUsages,
  directDebitMandates,
  membershipBenefits,
  memberships,
  membershipTypes,
  membershipTypeVenues,
  paymentOptions,
  venues,
} from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import {
  addVenueDays,
  DEFAULT_TIME_ZONE,
  formatVenueDate,
  periodEnd,
  periodStart,
  venueDatePretty,
  venueLocalDate,
} from '../../lib/venue-time.ts';
import { parseLocalDate, prettyDate } from './pricing.ts';

export const RENEW_WINDOW_DAYS = 30;
export const CANNOT_CHANGE_REASON = 'Only active monthly memberships can be changed online.';
const LIVE = ['pending', 'active', 'frozen'] as const;
const STATUS_ORDER: Record<string, number> = { pending: 0, active: 1, frozen: 2 };

const pretty = (iso: string) => {
  const d = parseLocalDate(iso);
  return { full_date: d ? prettyDate(d) : iso, raw: iso };
};

/**
 * GET /api/my-account/user/memberships: the caller's memberships (never an awaiting-payment one, never another
 * customer's), pending, active, frozen first, then the rest, newest first within each.
 */
export async function findAccountMemberships(
  db: DbOrTx,
  input: { customerId: number; now: Date; timeZone: string },
): Promise<AccountMembership[]> {
  const rows = await db
    .select({
      membership: memberships,
      type: membershipTypes,
      option: paymentOptions,
      venueName: venues.name,
      mandate: directDebitMandates,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .leftJoin(directDebitMandates, eq(directDebitMandates.id, memberships.mandateId))
    .where(and(eq(memberships.customerId, input.customerId), eq(memberships.awaitingPayment, false)))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  if (!rows.length) return [];
  rows.sort((a, b) => (STATUS_ORDER[a.membership.status] ?? 9) - (STATUS_ORDER[b.membership.status] ?? 9));

  const typeIds = [...new Set(rows.map((r) => r.type.id))];
  const membershipIds = rows.map((r) => r.membership.id);
  const zone = input.timeZone || DEFAULT_TIME_ZONE;
  const monthStart = periodStart(input.now, 'month', zone);
  const weekStart = periodStart(input.now, 'week', zone);
  const [benefits, coverage, usages] = await Promise.all([
    db
      .select()
      .from(membershipBenefits)
      .where(inArray(membershipBenefits.membershipTypeId, typeIds))
      .orderBy(asc(membershipBenefits.id)),
    db
      .select({ typeId: membershipTypeVenues.membershipTypeId, name: venues.name })
      .from(membershipTypeVenues)
      .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
      .where(inArray(membershipTypeVenues.membershipTypeId, typeIds))
      .orderBy(asc(venues.name)),
    db
      .select({
        membershipId: benefitUsages.membershipId,
        benefitId: benefitUsages.benefitId,
        usedAt: benefitUsages.usedAt,
      })
      .from(benefitUsages)
      .where(
        and(
          inArray(benefitUsages.membershipId, membershipIds),
          isNull(benefitUsages.returnedAt),
          gte(
            benefitUsages.usedAt,
            sql`${(monthStart < weekStart ? monthStart : weekStart).toISOString()}::timestamptz`,
          ),
        ),
      ),
  ]);

  const today = venueLocalDate(input.now, zone);
  const todayIso = formatVenueDate(today);
  return rows.map(({ membership: m, type, option, venueName, mandate }): AccountMembership => {
    const live = (LIVE as readonly string[]).includes(m.status);
    const recurring = option.paymentType === 'recurring';
    let canRenew = false;
    let renewReason: string | null = null;
    if (!recurring) {
      const expires = m.expiresAt ? parseLocalDate(m.expiresAt) : null;
      const from = expires ? addVenueDays(expires, -RENEW_WINDOW_DAYS) : null;
      if (from && formatVenueDate(from) > todayIso) renewReason = `You can renew from ${prettyDate(from)}`;
      else canRenew = m.status !== 'cancelled';
    }
    const canChange = recurring && (m.status === 'active' || m.status === 'pending');
    return {
      id: m.id,
      reference: m.reference,
      slug: type.slug,
      status: m.status,
      status_info: m.statusInfo,
      membership_type: {
        id: type.id,
        name: type.name,
        coverage:
          type.coverage === 'national'
            ? 'National'
            : coverage
                .filter((c) => c.typeId === type.id)
                .map((c) => c.name)
                .join(', '),
        eligibility_criterion: type.eligibilityName ? { id: type.id, document_types: [] } : null,
      },
      home_venue: { name: venueName },
      payment_type: option.paymentType,
      start_date: pretty(m.startDate),
      expires_at: m.expiresAt ? pretty(m.expiresAt) : null,
      price: toMoney(m.price),
      next_payment_date: m.nextPaymentDate ? pretty(m.nextPaymentDate) : null,
      direct_debit: mandate
        ? {
            provider: mandate.provider,
            reference: mandate.reference,
            account_holder: mandate.accountHolder,
            account_number_ending: mandate.accountNumberLast4.slice(-2),
            sort_code: mandate.sortCodeMasked,
            status: mandate.status,
          }
        : null,
      benefits: benefits
        .filter((b) => b.membershipTypeId === type.id)
        .map((b) => {
          const since = b.period === 'week' ? weekStart : monthStart;
          const used = usages.filter(
            (u) => u.membershipId === m.id && u.benefitId === b.id && u.usedAt >= since,
          ).length;
          return {
            id: b.id,
            name: b.name,
            description: b.description,
            remaining_uses: Math.max(0, b.usesPerPeriod - used),
            renews_at: { raw_pretty: venueDatePretty(periodEnd(input.now, b.period, zone), zone) },
          };
        }),
      document: null,
      management_enabled: live,
      freezable: m.status === 'active' && recurring,
      cancellable: live,
      renewable: !recurring,
      can_renew: canRenew,
      renew_forbid_reason: renewReason,
      can_change: canChange,
      cannot_change_reason: canChange ? null : CANNOT_CHANGE_REASON,
    };
  });
}
