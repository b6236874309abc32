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
import { DEFAULT_TIME_ZONE, localDateOf, parseLocalDate, prettyDate } from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { periodEnd, periodStart, venueDatePretty } from '../../lib/venue-time.ts';
import {
  documentExpiry,
  documentTypesOf,
  isUploadRequired,
  loadMembershipContext,
  managementFlags,
} from './membership-state.ts';
import { statusInfoOf } from './status-info.ts';

export { CANNOT_CHANGE_REASON, RENEW_WINDOW_DAYS } from './membership-state.ts';

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
  input: { customerId: number; now: Date; timeZone: string; membershipIds?: number[] },
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
    .where(
      and(
        eq(memberships.customerId, input.customerId),
        eq(memberships.awaitingPayment, false),
        input.membershipIds ? inArray(memberships.id, input.membershipIds) : undefined,
      ),
    )
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  if (!rows.length) return [];
  rows.sort((a, b) => (STATUS_ORDER[a.membership.status] ?? 9) - (STATUS_ORDER[b.membership.status] ?? 9));

  const typeIds = [...new Set(rows.map((r) => r.type.id))];
  const membershipIds = rows.map((r) => r.membership.id);
  const zone = input.timeZone || DEFAULT_TIME_ZONE;
  const monthStart = periodStart(input.now, 'month', zone);
  const weekStart = periodStart(input.now, 'week', zone);
  const criterionIds = [
    ...new Set(rows.flatMap((r) => (r.type.eligibilityCriterionId ? [r.type.eligibilityCriterionId] : []))),
  ];
  const [benefits, coverage, usages, context, documentTypes] = await Promise.all([
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
    loadMembershipContext(db, membershipIds),
    documentTypesOf(db, criterionIds),
  ]);

  const today = localDateOf(input.now, zone);
  const documentTypeNames = new Map([...documentTypes.values()].flat().map((d) => [d.id, d.name]));
  return rows.map(({ membership: m, type, option, venueName, mandate }): AccountMembership => {
    const flags = managementFlags(m, option, {
      today,
      freezePending: context.pendingFreezes.has(m.id),
      hasSuccessor: context.successors.has(m.id),
    });
    const doc = type.eligibilityCriterionId ? (context.documents.get(m.id) ?? null) : null;
    const expiry = documentExpiry(doc, today);
    return {
      id: m.id,
      reference: m.reference,
      slug: type.slug,
      status: m.status,
      status_info: statusInfoOf(m, context.statusFacts.get(m.id)),
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
        eligibility_criterion: type.eligibilityCriterionId
          ? {
              id: type.eligibilityCriterionId,
              document_types: documentTypes.get(type.eligibilityCriterionId) ?? [],
            }
          : null,
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
      document: doc
        ? {
            id: doc.id,
            status: doc.status,
            rejection_reason: doc.rejectionReason,
            type: { name: documentTypeNames.get(doc.documentTypeId) ?? '' },
            document_expiry: { document_expiring_soon: expiry.expiringSoon, expired: expiry.expired },
          }
        : null,
      management_enabled: flags.managementEnabled,
      freeze_pending: flags.freezePending,
      upload_required: isUploadRequired({
        hasCriterion: type.eligibilityCriterionId !== null,
        doc,
        status: m.status,
        managementEnabled: flags.managementEnabled,
        today,
      }),
      freezable: flags.freezable,
      cancellable: flags.cancellable,
      renewable: flags.renewable,
      can_renew: flags.canRenew,
      renew_forbid_reason: flags.renewForbidReason,
      can_change: flags.canChange,
      cannot_change_reason: flags.cannotChangeReason,
    };
  });
}
