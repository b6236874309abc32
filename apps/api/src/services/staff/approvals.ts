import type { ApprovalItem, ApprovalKind, Pagination } from '@fieldhouse/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import {
  clients,
  customers,
  eligibilityCriteria,
  eligibilityDocuments,
  eligibilityDocumentTypes,
  freezeRequests,
  freezeTypes,
  memberships,
  membershipTypes,
  venues,
} from '../../db/schema.ts';
import { compareDates, localDateOf, prettyDate, toLocalDate } from '../../lib/local-date.ts';
import { paginate } from '../../lib/pagination.ts';
import { queueMail, staffDecisionMail } from '../mail/index.ts';
import { findStatusInfo, lastFrozenDay } from '../memberships/index.ts';
import { type Actor, recordAudit } from './audit.ts';

type Scope = { venueIds: number[] | 'all' };
const atVenues = (scope: Scope): SQL | undefined =>
  scope.venueIds === 'all'
    ? undefined
    : inArray(memberships.homeVenueId, scope.venueIds.length ? scope.venueIds : [0]);

const fileUrl = (kind: ApprovalKind, id: number) => `/api/staff/approvals/${kind}/${id}/file`;

/**
 * Whether a request's membership is at the staff member's venues: for the queue's keys and counts, which read the
 * requests alone (administrators: no condition, so the pending rows' partial indexes answer).
 */
const membershipInScope = (membershipId: AnyPgColumn, scope: Scope): SQL | undefined =>
  scope.venueIds === 'all'
    ? undefined
    : sql`exists (select 1 from ${memberships} where ${memberships.id} = ${membershipId} and ${inArray(
        memberships.homeVenueId,
        scope.venueIds.length ? scope.venueIds : [0],
      )})`;

const pendingFreezes = (scope: Scope) =>
  and(eq(freezeRequests.status, 'pending_approval'), membershipInScope(freezeRequests.membershipId, scope));
const pendingDocuments = (scope: Scope) =>
  and(
    eq(eligibilityDocuments.status, 'pending'),
    membershipInScope(eligibilityDocuments.membershipId, scope),
  );

/**
 * One page of the queue: the pending freeze requests and eligibility documents at the staff member's venues, as
 * one list oldest submitted first (ties by id, then kind), with the totals. The two kinds are merged in SQL (UNION
 * ALL ordered, LIMIT and OFFSET), so a page reads the rows up to its own, not the whole queue, and then only that
 * page's items in full. The totals count the pending rows (on their partial indexes).
 */
export async function listApprovals(
  db: DbOrTx,
  scope: Scope,
  query: { page: number; per_page: number },
): Promise<{ approvals: ApprovalItem[]; pagination: Pagination }> {
  const [[freezeCount], [documentCount]] = await Promise.all([
    db.select({ n: count() }).from(freezeRequests).where(pendingFreezes(scope)),
    db.select({ n: count() }).from(eligibilityDocuments).where(pendingDocuments(scope)),
  ]);
  const { offset, limit, pagination } = paginate({
    page: query.page,
    perPage: query.per_page,
    totalRecords: Number(freezeCount?.n ?? 0) + Number(documentCount?.n ?? 0),
  });
  if (pagination.first_record_on_current_page === 0) return { approvals: [], pagination };

  // The page's keys: each kind's first `offset + limit` pending rows in submitted order (the ORDER BY and LIMIT inside
  // each branch let it stop there, on the pending rows' indexes), merged and cut to the page. Ties: id, then kind.
  // (eligibility_documents_pending_idx and freeze_requests_pending_idx, migration 0027.)
  const reach = offset + limit;
  const queue = unionAll(
    db
      .select({
        kind: sql<ApprovalKind>`'freeze_request'::text`.as('kind'),
        id: freezeRequests.id,
        at: freezeRequests.createdAt,
      })
      .from(freezeRequests)
      .where(pendingFreezes(scope))
      .orderBy(asc(freezeRequests.createdAt), asc(freezeRequests.id))
      .limit(reach),
    db
      .select({
        kind: sql<ApprovalKind>`'eligibility_document'::text`.as('kind'),
        id: eligibilityDocuments.id,
        at: eligibilityDocuments.createdAt,
      })
      .from(eligibilityDocuments)
      .where(pendingDocuments(scope))
      .orderBy(asc(eligibilityDocuments.createdAt), asc(eligibilityDocuments.id))
      .limit(reach),
  ).as('queue');
  const keys = await db
    .select()
    .from(queue)
    .orderBy(asc(queue.at), asc(queue.id), asc(queue.kind))
    .limit(limit)
    .offset(offset);
  const idsOf = (kind: ApprovalKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
  const freezeIds = idsOf('freeze_request');
  const documentIds = idsOf('eligibility_document');

  const person = {
    customerId: customers.id,
    customerReference: customers.reference,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    membershipId: memberships.id,
    membershipReference: memberships.reference,
    membershipName: membershipTypes.name,
    venue: venues.name,
  };
  const [freezes, documents] = await Promise.all([
    freezeIds.length === 0
      ? []
      : db
          .select({
            ...person,
            id: freezeRequests.id,
            at: freezeRequests.createdAt,
            reason: freezeTypes.reason,
            activeFrom: freezeRequests.activeFrom,
            months: freezeRequests.months,
            storageKey: freezeRequests.storageKey,
            originalName: freezeRequests.originalName,
            mimeType: freezeRequests.mimeType,
          })
          .from(freezeRequests)
          .innerJoin(memberships, eq(memberships.id, freezeRequests.membershipId))
          .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
          .innerJoin(customers, eq(customers.id, freezeRequests.customerId))
          .innerJoin(freezeTypes, eq(freezeTypes.id, freezeRequests.freezeTypeId))
          .leftJoin(venues, eq(venues.id, memberships.homeVenueId))
          .where(inArray(freezeRequests.id, freezeIds)),
    documentIds.length === 0
      ? []
      : db
          .select({
            ...person,
            id: eligibilityDocuments.id,
            at: eligibilityDocuments.createdAt,
            criterion: eligibilityCriteria.name,
            documentType: eligibilityDocumentTypes.name,
            storageKey: eligibilityDocuments.storageKey,
            originalName: eligibilityDocuments.originalName,
            mimeType: eligibilityDocuments.mimeType,
          })
          .from(eligibilityDocuments)
          .innerJoin(memberships, eq(memberships.id, eligibilityDocuments.membershipId))
          .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
          .innerJoin(customers, eq(customers.id, eligibilityDocuments.customerId))
          .innerJoin(eligibilityCriteria, eq(eligibilityCriteria.id, eligibilityDocuments.criterionId))
          .innerJoin(
            eligibilityDocumentTypes,
            eq(eligibilityDocumentTypes.id, eligibilityDocuments.documentTypeId),
          )
          .leftJoin(venues, eq(venues.id, memberships.homeVenueId))
          .where(inArray(eligibilityDocuments.id, documentIds)),
  ]);
  const base = (r: (typeof freezes)[number] | (typeof documents)[number]) => ({
    id: r.id,
    submitted_at: r.at.toISOString(),
    customer: {
      id: r.customerId,
      reference: r.customerReference,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
    },
    membership: {
      id: r.membershipId,
      reference: r.membershipReference,
      name: r.membershipName,
      venue: r.venue,
    },
  });
  const items = new Map<string, ApprovalItem>();
  for (const r of freezes)
    items.set(`freeze_request-${r.id}`, {
      ...base(r),
      kind: 'freeze_request',
      summary: `${r.reason}, ${r.months} month${r.months === 1 ? '' : 's'} from ${prettyDate(toLocalDate(r.activeFrom))}`,
      file: r.storageKey
        ? {
            url: fileUrl('freeze_request', r.id),
            name: r.originalName ?? 'proof',
            mime_type: r.mimeType ?? 'application/octet-stream',
          }
        : null,
    });
  for (const r of documents)
    items.set(`eligibility_document-${r.id}`, {
      ...base(r),
      kind: 'eligibility_document',
      summary: `${r.criterion}: ${r.documentType}`,
      file: { url: fileUrl('eligibility_document', r.id), name: r.originalName, mime_type: r.mimeType },
    });
  // In the page's order (a request deleted with its member between the two reads is left out).
  const approvals = keys.flatMap((k) => items.get(`${k.kind}-${k.id}`) ?? []);
  return { approvals, pagination };
}

/** The stored file of a request at the staff member's venues (null when absent, out of scope or without a file). */
export async function approvalFile(db: DbOrTx, scope: Scope, kind: ApprovalKind, id: number) {
  const table = kind === 'freeze_request' ? freezeRequests : eligibilityDocuments;
  const [row] = await db
    .select({ storageKey: table.storageKey, name: table.originalName, mimeType: table.mimeType })
    .from(table)
    .innerJoin(memberships, eq(memberships.id, table.membershipId))
    .where(and(eq(table.id, id), atVenues(scope)))
    .limit(1);
  return row?.storageKey
    ? { key: row.storageKey, name: row.name ?? 'file', mimeType: row.mimeType ?? 'application/octet-stream' }
    : null;
}

export type DecisionOutcome =
  | { kind: 'done'; status: string }
  | { kind: 'not_found' }
  | { kind: 'already_decided' };

/**
 * Approves or rejects one pending request, in one transaction that locks it: the request's status, the
 * membership's state, a mail to the member and the audit entry land together, and a second decision (two staff
 * at once) finds it decided. Freeze approved: 'freeze pending' until its first day (the scheduled job freezes it
 * then), or frozen at once when that day has come. Rejected: the member sees the reason.
 */
export async function decideApproval(
  db: Db,
  input: {
    scope: Scope;
    kind: ApprovalKind;
    id: number;
    approve: boolean;
    reason: string | null;
    actor: Actor;
    now: Date;
    accountUrl: string;
  },
): Promise<DecisionOutcome> {
  return transactionRetried(db, async (tx) => {
    const table = input.kind === 'freeze_request' ? freezeRequests : eligibilityDocuments;
    const [row] = await tx
      .select({
        id: table.id,
        status: table.status,
        membershipId: table.membershipId,
        customerId: table.customerId,
      })
      .from(table)
      .innerJoin(memberships, eq(memberships.id, table.membershipId))
      .where(and(eq(table.id, input.id), atVenues(input.scope)))
      .for('update', { of: table })
      .limit(1);
    if (!row) return { kind: 'not_found' };
    const pending = input.kind === 'freeze_request' ? 'pending_approval' : 'pending';
    if (row.status !== pending) return { kind: 'already_decided' };
    const [who] = await tx
      .select({
        firstName: customers.firstName,
        email: customers.email,
        clientName: clients.name,
        membershipName: membershipTypes.name,
        membershipStatus: memberships.status,
      })
      .from(memberships)
      .innerJoin(customers, eq(customers.id, memberships.customerId))
      .innerJoin(clients, eq(clients.id, customers.clientId))
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
      .where(eq(memberships.id, row.membershipId));
    // The membership's status and status_info before and after the decision, for the audit log (status_info is
    // derived from the freeze and the membership: memberships/status-info.ts).
    const membershipNow = async () => {
      const [m] = await tx
        .select({
          id: memberships.id,
          status: memberships.status,
          awaitingPayment: memberships.awaitingPayment,
        })
        .from(memberships)
        .where(eq(memberships.id, row.membershipId));
      return { status: m!.status, status_info: (await findStatusInfo(tx, [m!])).get(m!.id) ?? null };
    };
    const membershipBefore = await membershipNow();
    const status = input.approve ? 'approved' : 'rejected';
    const decided = {
      status,
      rejectionReason: input.approve ? null : input.reason,
      decidedAt: input.now,
      decidedByStaffId: input.actor.staffId,
    };
    let detail: string;
    let what: string;
    let membershipAfter: { status: string; status_info: string | null } | null = null;
    if (input.kind === 'freeze_request') {
      const [freeze] = await tx
        .update(freezeRequests)
        .set(decided as typeof freezeRequests.$inferInsert)
        .where(eq(freezeRequests.id, row.id))
        .returning({ activeFrom: freezeRequests.activeFrom, months: freezeRequests.months });
      const from = toLocalDate(freeze!.activeFrom);
      // The last frozen day, as the member was shown and the scheduled change ends it (decision 032).
      const lastDay = lastFrozenDay(freeze!.activeFrom, freeze!.months);
      what = `Your freeze request for ${who!.membershipName}`;
      if (input.approve) {
        const started = compareDates(from, localDateOf(input.now)) <= 0 && who!.membershipStatus === 'active';
        // Started here when its first day has come, so the scheduled change does not start it again.
        if (started) {
          await tx.update(freezeRequests).set({ startedAt: input.now }).where(eq(freezeRequests.id, row.id));
          await tx.update(memberships).set({ status: 'frozen' }).where(eq(memberships.id, row.membershipId));
        }
        detail = `Your membership is frozen from ${prettyDate(from)} to ${prettyDate(lastDay)}.`;
      } else {
        detail = `Reason: ${input.reason}. Your membership stays as it was.`;
      }
      membershipAfter = await membershipNow();
    } else {
      await tx
        .update(eligibilityDocuments)
        .set(decided as typeof eligibilityDocuments.$inferInsert)
        .where(eq(eligibilityDocuments.id, row.id));
      what = `Your document for ${who!.membershipName}`;
      detail = input.approve
        ? 'Thank you: nothing more is needed.'
        : `Latest document upload was rejected: ${input.reason}. Please try upload again`;
    }
    await queueMail(tx, {
      ...staffDecisionMail({
        clientName: who!.clientName,
        firstName: who!.firstName,
        what,
        approved: input.approve,
        detail,
        accountUrl: input.accountUrl,
      }),
      to: who!.email,
    });
    await recordAudit(tx, input.actor, input.now, {
      action: `${input.kind}.${input.approve ? 'approve' : 'reject'}`,
      entity: input.kind,
      entityId: row.id,
      before: { status: row.status, membership: membershipBefore },
      after: {
        status,
        reason: input.approve ? null : input.reason,
        ...(membershipAfter ? { membership: membershipAfter } : {}),
      },
    });
    return { kind: 'done', status };
  });
}
