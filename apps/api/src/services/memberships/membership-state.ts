import { and, asc, desc, eq, inArray, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  clients,
  eligibilityDocuments,
  eligibilityDocumentTypes,
  memberships,
  membershipTypes,
  paymentOptions,
  venues,
} from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { notFound } from '../../lib/http-errors.ts';
import {
  addDays,
  compareDates,
  DEFAULT_TIME_ZONE,
  daysBetween,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import { loadStatusFacts, type StatusFacts } from './status-info.ts';

/** Renewal opens this many days before a fixed membership expires. */
export const RENEW_WINDOW_DAYS = 30;
/** A document expiring within this many days is 'expiring soon'. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;
/** Days a member has to upload proof of eligibility (shown on the dashboard notice). */
export const DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT = 14;

export const CANNOT_CHANGE_REASON = 'Only active monthly memberships can be changed online.';
export const ALREADY_CHANGING_REASON = 'This membership is already changing.';
export const CANNOT_RENEW_REASON = 'This membership cannot be renewed online.';
export const ALREADY_RENEWED_REASON = 'This membership has already been renewed.';

export const isLive = (status: string) => (LIVE_MEMBERSHIP_STATUSES as readonly string[]).includes(status);

type MembershipRow = typeof memberships.$inferSelect;
type OptionRow = typeof paymentOptions.$inferSelect;
type DocumentRow = typeof eligibilityDocuments.$inferSelect;

/** What the flags need to know besides the membership itself. */
export type MembershipContext = {
  today: LocalDate;
  /** A freeze request waits for approval, or an approved freeze has not started yet. */
  freezePending: boolean;
  /** Another (paid) membership already takes over from this one: a change or a renewal. */
  hasSuccessor: boolean;
};

/**
 * The management flags (account-shell §4 Memberships), one place for the list and for the calls that act on them:
 * - freezable: active, monthly, no freeze waiting for approval;
 * - cancellable: pending, active or frozen;
 * - renewable: single-payment (fixed) and live; can_renew from RENEW_WINDOW_DAYS before it expires, once;
 * - can_change: active, monthly, not already changing and no cancellation waiting for fees to be paid.
 */
export function managementFlags(
  m: MembershipRow,
  option: Pick<OptionRow, 'paymentType'>,
  ctx: MembershipContext,
) {
  const live = isLive(m.status);
  const recurring = option.paymentType === 'recurring';
  const renewable = !recurring && live;
  let canRenew = false;
  let renewForbidReason: string | null = null;
  if (renewable) {
    const expires = m.expiresAt ? parseLocalDate(m.expiresAt) : null;
    const from = expires ? addDays(expires, -RENEW_WINDOW_DAYS) : null;
    if (ctx.hasSuccessor) renewForbidReason = ALREADY_RENEWED_REASON;
    else if (!expires) renewForbidReason = CANNOT_RENEW_REASON;
    else if (from && compareDates(from, ctx.today) > 0)
      renewForbidReason = `You can renew from ${prettyDate(from)}`;
    else canRenew = true;
  }
  let cannotChangeReason: string | null = null;
  if (!recurring || m.status !== 'active' || m.cancellationRequestedAt)
    cannotChangeReason = CANNOT_CHANGE_REASON;
  else if (ctx.hasSuccessor) cannotChangeReason = ALREADY_CHANGING_REASON;
  return {
    managementEnabled: live,
    freezable: m.status === 'active' && recurring && !ctx.freezePending,
    freezePending: ctx.freezePending,
    cancellable: live,
    renewable,
    canRenew,
    renewForbidReason,
    canChange: cannotChangeReason === null,
    cannotChangeReason,
  };
}

/** Expiry of a document: expired (the day after expires_on), or expiring within DOCUMENT_EXPIRY_WARNING_DAYS. */
export function documentExpiry(doc: Pick<DocumentRow, 'expiresOn'> | null, today: LocalDate) {
  const expires = doc?.expiresOn ? parseLocalDate(doc.expiresOn) : null;
  if (!expires) return { expired: false, expiringSoon: false, daysToExpiry: null as number | null };
  const days = daysBetween(today, expires);
  return {
    expired: days < 0,
    expiringSoon: days >= 0 && days <= DOCUMENT_EXPIRY_WARNING_DAYS,
    daysToExpiry: days,
  };
}

/**
 * An upload is required (account-shell §4 Memberships) when the type has an eligibility criterion and there is no
 * document, or it is expiring soon, expired or rejected — unless the latest document is pending, the membership is
 * cancelled, suspended or expired, or management is not enabled.
 */
export function isUploadRequired(input: {
  hasCriterion: boolean;
  doc: Pick<DocumentRow, 'status' | 'expiresOn'> | null;
  status: string;
  managementEnabled: boolean;
  today: LocalDate;
}) {
  const { doc } = input;
  if (!input.hasCriterion || !input.managementEnabled) return false;
  if (['cancelled', 'suspended', 'expired'].includes(input.status)) return false;
  if (doc?.status === 'pending') return false;
  const expiry = documentExpiry(doc, input.today);
  return !doc || doc.status === 'rejected' || expiry.expired || expiry.expiringSoon;
}

/**
 * Pending freezes (a request waiting for approval, or an approved freeze that has not started yet), successors
 * (changes and renewals that were paid), latest documents, and the facts of each membership's status line (the
 * freezes and changes come from the same statements: status-info.ts).
 */
export async function loadMembershipContext(db: DbOrTx, membershipIds: number[]) {
  if (!membershipIds.length)
    return {
      pendingFreezes: new Set<number>(),
      successors: new Set<number>(),
      documents: new Map<number, DocumentRow>(),
      statusFacts: new Map<number, StatusFacts>(),
    };
  const [statusFacts, renewed, documents] = await Promise.all([
    loadStatusFacts(db, membershipIds),
    db
      .select({ id: memberships.renewsMembershipId })
      .from(memberships)
      .where(
        and(
          inArray(memberships.renewsMembershipId, membershipIds),
          eq(memberships.awaitingPayment, false),
          isNotNull(memberships.renewsMembershipId),
        ),
      ),
    db
      .select()
      .from(eligibilityDocuments)
      .where(inArray(eligibilityDocuments.membershipId, membershipIds))
      .orderBy(desc(eligibilityDocuments.createdAt), desc(eligibilityDocuments.id)),
  ]);
  const latest = new Map<number, DocumentRow>();
  for (const d of documents) if (!latest.has(d.membershipId)) latest.set(d.membershipId, d);
  const facts = [...statusFacts];
  return {
    pendingFreezes: new Set(facts.filter(([, f]) => f.freezePending).map(([id]) => id)),
    successors: new Set([
      ...facts.filter(([, f]) => f.replacement).map(([id]) => id),
      ...renewed.map((r) => r.id!),
    ]),
    documents: latest,
    statusFacts,
  };
}

/** Document types per criterion, in id order. */
export async function documentTypesOf(db: DbOrTx, criterionIds: number[]) {
  if (!criterionIds.length) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select()
    .from(eligibilityDocumentTypes)
    .where(inArray(eligibilityDocumentTypes.criterionId, criterionIds))
    .orderBy(asc(eligibilityDocumentTypes.id));
  const byCriterion = new Map<number, { id: number; name: string }[]>();
  for (const r of rows)
    byCriterion.set(r.criterionId, [...(byCriterion.get(r.criterionId) ?? []), { id: r.id, name: r.name }]);
  return byCriterion;
}

/**
 * One of the caller's own memberships (never awaiting payment) with its type, option, home venue and client, and
 * venue-local today; 404 when it is not the caller's, so another customer's membership is never revealed.
 */
export async function findOwnMembership(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; now: Date },
) {
  const [row] = await db
    .select({
      membership: memberships,
      type: membershipTypes,
      option: paymentOptions,
      venue: venues,
      client: clients,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .innerJoin(clients, eq(clients.id, membershipTypes.clientId))
    .where(
      and(
        eq(memberships.id, input.membershipId),
        eq(memberships.customerId, input.customerId),
        eq(memberships.awaitingPayment, false),
      ),
    );
  if (!row) throw notFound();
  const today = localDateOf(input.now, row.venue.timeZone || DEFAULT_TIME_ZONE);
  const ctx = await loadMembershipContext(db, [row.membership.id]);
  const flags = managementFlags(row.membership, row.option, {
    today,
    freezePending: ctx.pendingFreezes.has(row.membership.id),
    hasSuccessor: ctx.successors.has(row.membership.id),
  });
  return { ...row, today, flags };
}
export type OwnMembership = Awaited<ReturnType<typeof findOwnMembership>>;

/** A paid membership whose type asks for an eligibility document, as `documentNoticeMembershipsJson` gives it. */
export type DocumentNoticeMembership = {
  id: number;
  status: (typeof memberships.$inferSelect)['status'];
  timeZone: string | null;
};

/**
 * For GET /api/auth/user, read in the customer's own statement (it is called on every page; each statement is a
 * round trip): the customer's paid memberships whose type asks for an eligibility document, as one JSON array, in
 * id order. `documentNoticesOf` works out the notices from it. A subquery's own tables come first in SQL's scope, so
 * its `venues` is the membership's home venue even where the outer statement joins `venues` too.
 */
export const documentNoticeMembershipsJson = (customerId: SQLWrapper) =>
  sql<
    DocumentNoticeMembership[]
  >`(select coalesce(json_agg(json_build_object('id', ${memberships.id}, 'status', ${memberships.status}, 'timeZone', ${venues.timeZone}) order by ${memberships.id}), '[]'::json) from ${memberships} inner join ${membershipTypes} on ${membershipTypes.id} = ${memberships.membershipTypeId} inner join ${venues} on ${venues.id} = ${memberships.homeVenueId} where ${memberships.customerId} = ${customerId} and ${memberships.awaitingPayment} = false and ${membershipTypes.eligibilityCriterionId} is not null)`;

/**
 * Whether any of these memberships needs a document uploaded (isUploadRequired), and the expiry of each live
 * membership's latest document that has an expiry date. Reads the documents only when there is a membership to ask.
 */
export async function documentNoticesOf(db: DbOrTx, rows: DocumentNoticeMembership[], now: Date) {
  if (!rows.length) return { uploadRequired: false, expiry: [] };
  const context = await loadMembershipContext(
    db,
    rows.map((r) => r.id),
  );
  let uploadRequired = false;
  const expiry: {
    expired: boolean;
    document_expiring_soon: boolean;
    days_to_expiry: number;
    membership_id: number;
  }[] = [];
  for (const r of rows) {
    const today = localDateOf(now, r.timeZone || DEFAULT_TIME_ZONE);
    const doc = context.documents.get(r.id) ?? null;
    if (
      isUploadRequired({
        hasCriterion: true,
        doc,
        status: r.status,
        managementEnabled: isLive(r.status),
        today,
      })
    )
      uploadRequired = true;
    const e = documentExpiry(doc, today);
    if (e.daysToExpiry !== null && isLive(r.status))
      expiry.push({
        expired: e.expired,
        document_expiring_soon: e.expiringSoon,
        days_to_expiry: e.daysToExpiry,
        membership_id: r.id,
      });
  }
  return { uploadRequired, expiry };
}
