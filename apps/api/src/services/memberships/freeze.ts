import { MEMBERSHIP_MANAGEMENT_TEXTS, type UpcomingPayment } from '@fieldhouse/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import {
  customers,
  eligibilityDocumentTypes,
  freezeRequests,
  freezeTypes,
  memberships,
} from '../../db/schema.ts';
import { fieldError, forbidden, HttpError } from '../../lib/http-errors.ts';
import {
  addDays,
  addMonths,
  compareDates,
  formatIso,
  type LocalDate,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { lockUploadQuota, type StoredUpload, type UploadDeps } from '../storage/index.ts';
import { findOwnMembership, type OwnMembership } from './membership-state.ts';
import { nextPaymentOnOrAfter } from './payment-schedule.ts';
import { lastFrozenDay } from './status-info.ts';

/** How far ahead a freeze may start: from tomorrow up to three months from today (venue-local). */
export const FREEZE_MAX_MONTHS_AHEAD = 3;
export const freezeWindow = (today: LocalDate) => ({
  min: addDays(today, 1),
  max: addMonths(today, FREEZE_MAX_MONTHS_AHEAD),
});

type FreezeFields = { freeze_type_id: number; active_from: string; months: number };

/** Only an active monthly membership without a freeze waiting for approval (403 otherwise). */
function assertFreezable(own: OwnMembership) {
  if (own.flags.freezePending) throw forbidden(MEMBERSHIP_MANAGEMENT_TEXTS.freezePending);
  if (!own.flags.freezable) throw forbidden(MEMBERSHIP_MANAGEMENT_TEXTS.notFreezable);
}

async function freezeTypesOf(db: DbOrTx, clientId: number) {
  return db
    .select({ type: freezeTypes, proofType: eligibilityDocumentTypes })
    .from(freezeTypes)
    .leftJoin(eligibilityDocumentTypes, eq(eligibilityDocumentTypes.id, freezeTypes.proofDocumentTypeId))
    .where(and(eq(freezeTypes.clientId, clientId), isNull(freezeTypes.archivedAt)))
    .orderBy(asc(freezeTypes.sortOrder), asc(freezeTypes.id));
}

/** GET /api/user/memberships/:id/freezetypes. */
export async function findFreezeTypes(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; now: Date },
) {
  const own = await findOwnMembership(db, input);
  assertFreezable(own);
  const window = freezeWindow(own.today);
  const rows = await freezeTypesOf(db, own.client.id);
  return {
    freeze_types: rows.map(({ type, proofType }) => ({
      id: type.id,
      reason: type.reason,
      time_periods: type.timePeriods,
      monthly_fee: toMoney(type.monthlyFee),
      proof_of_eligibility: proofType
        ? {
            description: type.proofDescription ?? '',
            document_type: { id: proofType.id, name: proofType.name },
          }
        : null,
    })),
    min_freeze_start_date: { raw: formatIso(window.min) },
    max_freeze_start_date: { raw: formatIso(window.max) },
  };
}

/**
 * Checks the freeze fields (422 freeze_type_id, active_from, months) and works out the payments: each billing
 * date from the next one while frozen (active_from up to ends_on = active_from + months − 1 day) costs the freeze
 * type's monthly fee ('Freeze fee'), then the first billing date after the freeze costs the membership's price.
 */
async function resolveFreeze(db: DbOrTx, own: OwnMembership, fields: FreezeFields) {
  const errors: Record<string, string[]> = {};
  const rows = await freezeTypesOf(db, own.client.id);
  const found = rows.find((r) => r.type.id === fields.freeze_type_id);
  if (!found) errors.freeze_type_id = ['Please choose a reason.'];
  const window = freezeWindow(own.today);
  const from = parseLocalDate(fields.active_from);
  if (!from) errors.active_from = ['Please choose a start date.'];
  else if (compareDates(from, window.min) < 0) errors.active_from = [MEMBERSHIP_MANAGEMENT_TEXTS.freezeFrom];
  else if (compareDates(from, window.max) > 0) errors.active_from = [MEMBERSHIP_MANAGEMENT_TEXTS.freezeUpTo];
  if (found && !found.type.timePeriods.includes(fields.months))
    errors.months = ['Please choose one of the time periods offered.'];
  const first = Object.keys(errors)[0];
  if (first) throw new HttpError(422, errors[first]![0]!, errors);

  const start = from!;
  const endsOn = lastFrozenDay(start, fields.months);
  const [customer] = await db
    .select({ billingDay: customers.billingDay })
    .from(customers)
    .where(eq(customers.id, own.membership.customerId));
  const stored = own.membership.nextPaymentDate ? parseLocalDate(own.membership.nextPaymentDate) : null;
  const next = nextPaymentOnOrAfter(own.today, stored, customer?.billingDay ?? null);
  const payments: UpcomingPayment[] = [];
  for (let i = 0; i < 60; i++) {
    const date = addMonths(next, i);
    const frozen = compareDates(date, start) >= 0 && compareDates(date, endsOn) <= 0;
    const after = compareDates(date, endsOn) > 0;
    payments.push({
      date: formatIso(date),
      date_pretty: prettyDate(date),
      amount: toMoney(frozen ? found!.type.monthlyFee : own.membership.price),
      description: frozen ? 'Freeze fee' : 'Monthly payment',
    });
    if (after) break;
  }
  return { type: found!, start, endsOn, payments };
}

/** GET /api/user/memberships/:id/freeze/preview. */
export async function previewFreeze(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; now: Date; fields: FreezeFields },
) {
  const own = await findOwnMembership(db, input);
  assertFreezable(own);
  const resolved = await resolveFreeze(db, own, input.fields);
  return { ends_on: formatIso(resolved.endsOn), next_payments: resolved.payments };
}

/**
 * POST /api/user/memberships/:id/freeze (multipart). The proof file (key `file`, checked like documents) has been
 * typed and stored as it streamed in; it is required when the type needs it. The request (pending approval) is
 * written in one transaction that locks the customer (upload quota, counting this file) and then the membership (a
 * second request racing this one is refused); the membership's status line is derived from it on read (decision
 * 046). On any refusal the route removes the stored file.
 */
export async function freezeMembership(
  deps: UploadDeps,
  input: {
    customerId: number;
    membershipId: number;
    now: Date;
    fields: FreezeFields;
    file: StoredUpload | null;
  },
) {
  const own = await findOwnMembership(deps.db, input);
  assertFreezable(own);
  const resolved = await resolveFreeze(deps.db, own, input.fields);
  const needsProof = resolved.type.proofType !== null;
  const stored = input.file;
  if (needsProof && !stored) throw fieldError('file', MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired);
  await transactionRetried(deps.db, async (tx) => {
    if (stored)
      await lockUploadQuota(tx, {
        customerId: input.customerId,
        quota: deps.quota,
        bytes: stored.size,
        field: 'file',
      });
    const [m] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, own.membership.id), eq(memberships.customerId, input.customerId)))
      .for('update');
    const [pending] = await tx
      .select({ id: freezeRequests.id })
      .from(freezeRequests)
      .where(
        and(
          eq(freezeRequests.membershipId, own.membership.id),
          eq(freezeRequests.status, 'pending_approval'),
        ),
      );
    if (pending) throw forbidden(MEMBERSHIP_MANAGEMENT_TEXTS.freezePending);
    if (m?.status !== 'active') throw forbidden(MEMBERSHIP_MANAGEMENT_TEXTS.notFreezable);
    await tx.insert(freezeRequests).values({
      customerId: input.customerId,
      membershipId: m.id,
      freezeTypeId: resolved.type.type.id,
      activeFrom: formatIso(resolved.start),
      months: input.fields.months,
      storageKey: stored?.key ?? null,
      originalName: stored?.name ?? null,
      mimeType: stored?.mime ?? null,
      sizeBytes: stored?.size ?? null,
      status: 'pending_approval',
      createdAt: input.now,
    });
  });
  return {
    message: MEMBERSHIP_MANAGEMENT_TEXTS.freezeSubmitted,
    start_date: prettyDate(resolved.start),
    reason: resolved.type.type.reason,
    months: input.fields.months,
    documents: stored ? [{ name: stored.name }] : [],
  };
}
