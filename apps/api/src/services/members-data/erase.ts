import {
  ERASED_FIRST_NAME,
  ERASED_LAST_NAME,
  ERASURE_TEXTS,
  erasedEmail,
} from '@fieldhouse/contract/texts/member-erasure';
import { type AnyColumn, and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import {
  activitySessions,
  auditLog,
  authSessions,
  bookings,
  carts,
  checkIns,
  customerFlags,
  customerNotes,
  customers,
  customQuestionAnswers,
  directDebitMandates,
  directDebitPayments,
  directDebitWebhookEvents,
  eligibilityDocuments,
  freezeRequests,
  mailOutbox,
  memberships,
  passwordResets,
  paymentWebhookEvents,
  penalties,
  rateLimits,
  sandboxCardTokens,
  savedCards,
  waitlistEntries,
  waiverSignatures,
} from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { formatMoney } from '../../lib/money.ts';
import type { FileStorage } from '../storage/index.ts';

/** What an erased value reads in the rows kept (mandates' account holder, audit entries' before and after). */
const ERASED = '[erased]';
/** Mandates that may still take money, and collections not yet settled (GoCardless statuses, trimmed). */
const COLLECTING_MANDATES = ['pending_submission', 'active'] as const;
const UNSETTLED_COLLECTIONS = ['pending_submission', 'submitted'] as const;

/** Who erases: an administrator, or the retention policy (no staff member: decision 077). */
export type ErasureActor = { staffId: number | null; name: string };

export type ErasureOutcome =
  | { kind: 'not_found' }
  | { kind: 'wrong_confirmation' }
  | { kind: 'already_erased' }
  | { kind: 'outstanding'; reasons: { code: string; text: string }[] }
  | { kind: 'erased'; id: number; reference: string; filesDeleted: number };

/** Whether the record is an erased customer's (its email is the placeholder erasure writes). */
export const isErased = (customer: { id: number; email: string }) =>
  customer.email === erasedEmail(customer.id);

/**
 * Erases one customer's personal data (UK GDPR right to erasure, decision 073) in one transaction: the customer row
 * keeps its id and number with a placeholder name and an undeliverable unique email, no password (no login), and
 * nothing else about the person; what is only about them (sessions, reset links, saved cards, baskets, waitlist
 * places, notes, flags, answers, mail to them) is deleted; rows the finance records need (mandates, orders,
 * payments, refunds, collections) stay without the identity; audit entries about them have their values replaced;
 * their files (photo, eligibility documents, freeze proof) are deleted from the file store before the commit, so a
 * failed delete rolls the erasure back and it can be tried again. Refused while the customer has obligations
 * outstanding (`outstanding`): staff end those first. The audit entry names who erased which customer, not the data.
 */
export async function eraseCustomer(
  deps: { db: Db; storage: FileStorage },
  input: { clientId: number; customerId: number; confirmation: string; actor: ErasureActor; now: Date },
): Promise<ErasureOutcome> {
  return transactionRetried(deps.db, async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, input.customerId), eq(customers.clientId, input.clientId)))
      .for('update');
    if (!customer) return { kind: 'not_found' };
    if (isErased(customer)) return { kind: 'already_erased' };
    if (input.confirmation.trim().toUpperCase() !== customer.reference.toUpperCase())
      return { kind: 'wrong_confirmation' };

    const reasons = await outstandingObligations(tx, customer.id, input.now);
    if (reasons.length > 0) return { kind: 'outstanding', reasons };

    const identifiers = identifiersOf(customer);
    const files = await filesOf(tx, customer);

    // What is only about the person goes.
    await tx.delete(authSessions).where(eq(authSessions.customerId, customer.id));
    await tx.delete(passwordResets).where(eq(passwordResets.customerId, customer.id));
    await tx.delete(savedCards).where(eq(savedCards.customerId, customer.id));
    await tx.delete(carts).where(eq(carts.customerId, customer.id));
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.customerId, customer.id));
    await tx.delete(customerNotes).where(eq(customerNotes.customerId, customer.id));
    await tx.delete(customerFlags).where(eq(customerFlags.customerId, customer.id));
    await tx.delete(customQuestionAnswers).where(eq(customQuestionAnswers.customerId, customer.id));
    await tx.delete(eligibilityDocuments).where(eq(eligibilityDocuments.customerId, customer.id));
    await eraseMail(tx, customer);
    if (identifiers.email)
      await tx.delete(rateLimits).where(sql`position(${identifiers.email} in lower(${rateLimits.key})) > 0`);

    // Rows kept for what they record, without the person.
    await tx
      .update(freezeRequests)
      .set({ storageKey: null, originalName: null, mimeType: null })
      .where(eq(freezeRequests.customerId, customer.id));
    await tx
      .update(waiverSignatures)
      .set({ attendeeName: null, answers: [] })
      .where(eq(waiverSignatures.customerId, customer.id));
    await tx
      .update(checkIns)
      .set({ overrideReason: sql`case when ${checkIns.overrideReason} is null then null else ${ERASED} end` })
      .where(eq(checkIns.customerId, customer.id));
    await tx
      .update(sandboxCardTokens)
      .set({ cardholderName: ERASED, billing: {} })
      .where(eq(sandboxCardTokens.customerId, customer.id));
    // A mandate's provider reference stays: finance reconciles collections and refunds by it (decision 073).
    await tx
      .update(directDebitMandates)
      .set({
        accountHolder: ERASED,
        billingAddressLine1: ERASED,
        billingAddressLine2: null,
        billingCity: ERASED,
        billingPostcode: ERASED,
      })
      .where(eq(directDebitMandates.customerId, customer.id));
    await tx
      .update(customers)
      .set({
        email: erasedEmail(customer.id),
        firstName: ERASED_FIRST_NAME,
        lastName: ERASED_LAST_NAME,
        passwordHash: '',
        dateOfBirth: null,
        phone: null,
        marketingOptIn: false,
        profilePhotoPath: null,
        profilePhotoBytes: null,
        addressLine1: null,
        addressLine2: null,
        town: null,
        postcode: null,
        emergencyContactName: null,
        emergencyContactPhone: null,
        medicalNotes: null,
      })
      .where(eq(customers.id, customer.id));

    await scrubAudit(tx, customer.id, identifiers);
    await scrubWebhookPayloads(tx, identifiers);

    await tx.insert(auditLog).values({
      at: input.now,
      staffId: input.actor.staffId,
      actor: input.actor.name,
      action: 'customer.erase',
      entity: 'customer',
      entityId: String(customer.id),
      before: null,
      after: { reference: customer.reference, files_deleted: files.length },
    });

    // Last: a file store that fails rolls the erasure back (deleting a missing file is no error, so a retry works).
    for (const key of files) await deps.storage.delete(key);
    return { kind: 'erased', id: customer.id, reference: customer.reference, filesDeleted: files.length };
  });
}

/** Why the customer cannot be erased yet (none: they may be). */
async function outstandingObligations(tx: Tx, customerId: number, now: Date) {
  const reasons: { code: string; text: string }[] = [];
  const live = await tx
    .select({ reference: memberships.reference })
    .from(memberships)
    .where(
      and(eq(memberships.customerId, customerId), inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES])),
    )
    .orderBy(memberships.id);
  for (const m of live)
    reasons.push({ code: 'live_membership', text: ERASURE_TEXTS.liveMembership(m.reference) });

  const mandates = await tx
    .select({
      id: directDebitMandates.id,
      reference: directDebitMandates.reference,
      status: directDebitMandates.status,
    })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.customerId, customerId))
    .orderBy(directDebitMandates.id);
  for (const m of mandates)
    if ((COLLECTING_MANDATES as readonly string[]).includes(m.status))
      reasons.push({ code: 'mandate_collecting', text: ERASURE_TEXTS.mandateCollecting(m.reference) });
  if (mandates.length > 0) {
    const [unsettled] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(directDebitPayments)
      .where(
        and(
          inArray(
            directDebitPayments.mandateId,
            mandates.map((m) => m.id),
          ),
          inArray(directDebitPayments.status, [...UNSETTLED_COLLECTIONS]),
        ),
      );
    if (unsettled!.n > 0)
      reasons.push({ code: 'collection_in_progress', text: ERASURE_TEXTS.collectionInProgress });
  }

  const [fees] = await tx
    .select({ owed: sql<number>`coalesce(sum(${penalties.amount}), 0)::int` })
    .from(penalties)
    .where(and(eq(penalties.customerId, customerId), eq(penalties.status, 'unpaid')));
  if (fees!.owed > 0)
    reasons.push({ code: 'unpaid_fees', text: ERASURE_TEXTS.unpaidFees(formatMoney(fees!.owed)) });

  const [future] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
    .where(
      and(
        eq(bookings.customerId, customerId),
        eq(bookings.status, 'booked'),
        gt(activitySessions.startsAt, now),
      ),
    );
  if (future!.n > 0) reasons.push({ code: 'future_bookings', text: ERASURE_TEXTS.futureBookings(future!.n) });
  return reasons;
}

type Customer = typeof customers.$inferSelect;
type Identifiers = { email: string; texts: string[] };

/**
 * The values that identify the person, to find them in free text and JSON kept elsewhere (audit entries, provider
 * events): email, full name, phone, postcode, medical notes, emergency contact, address. Short values (under 4
 * characters) are left out: they would match unrelated text.
 */
function identifiersOf(c: Customer): Identifiers {
  const values = [
    c.email,
    `${c.firstName} ${c.lastName}`,
    c.phone,
    c.postcode,
    c.medicalNotes,
    c.emergencyContactName,
    c.emergencyContactPhone,
    c.addressLine1,
  ];
  return {
    email: c.email.trim().toLowerCase(),
    texts: [...new Set(values.map((v) => v?.trim().toLowerCase() ?? '').filter((v) => v.length >= 4))],
  };
}

/** The file-store keys of the customer's files: profile photo, eligibility documents, freeze proof. */
async function filesOf(tx: Tx, c: Customer) {
  const [documents, proofs] = await Promise.all([
    tx
      .select({ key: eligibilityDocuments.storageKey })
      .from(eligibilityDocuments)
      .where(eq(eligibilityDocuments.customerId, c.id)),
    tx
      .select({ key: freezeRequests.storageKey })
      .from(freezeRequests)
      .where(eq(freezeRequests.customerId, c.id)),
  ]);
  const keys = [c.profilePhotoPath, ...documents.map((d) => d.key), ...proofs.map((p) => p.key)];
  return [...new Set(keys.filter((k): k is string => Boolean(k)))];
}

/**
 * Mail to the person goes from the outbox. An email shared with another (not erased) account, a family's, keeps the
 * others' mail: only the mail naming this person goes.
 */
async function eraseMail(tx: Tx, c: Customer) {
  const email = c.email.trim().toLowerCase();
  if (!email) return;
  const [shared] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email}`, sql`${customers.id} <> ${c.id}`));
  const toThem = sql`lower(${mailOutbox.toAddress}) = ${email}`;
  const naming = or(
    sql`position(lower(${c.firstName}) in lower(${mailOutbox.textBody})) > 0`,
    sql`position(lower(${c.firstName}) in lower(coalesce(${mailOutbox.htmlBody}, ''))) > 0`,
  );
  await tx.delete(mailOutbox).where(shared!.n > 0 ? and(toThem, naming) : toThem);
}

/** Replaces every value under each key (nested included) with '[erased]', keeping the shape: what was changed. */
function erasedValues(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(erasedValues);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, erasedValues(v)]));
  return typeof value === 'boolean' ? value : ERASED;
}

const holdsAny = (column: AnyColumn, texts: string[]) =>
  or(...texts.map((t) => sql`position(${t} in lower(coalesce(${column}::text, ''))) > 0`));

/**
 * Audit entries about the customer (entity 'customer', their id: edits with before and after, notes) keep who did
 * what and when, with every value replaced; any other entry whose before or after holds one of their identifiers
 * is treated the same way.
 */
async function scrubAudit(tx: Tx, customerId: number, ids: Identifiers) {
  const rows = await tx
    .select({ id: auditLog.id, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(customerId))),
        ...(ids.texts.length
          ? [holdsAny(auditLog.before, ids.texts), holdsAny(auditLog.after, ids.texts)]
          : []),
      ),
    );
  for (const row of rows)
    await tx
      .update(auditLog)
      .set({ before: erasedValues(row.before) ?? null, after: erasedValues(row.after) ?? null })
      .where(eq(auditLog.id, row.id));
}

/**
 * Card and direct-debit providers' events kept after processing: one that holds an identifier of the person (a
 * Stripe event's billing details) keeps its id and type with the payload's values replaced.
 */
async function scrubWebhookPayloads(tx: Tx, ids: Identifiers) {
  if (!ids.texts.length) return;
  const cardEvents = await tx
    .select({
      provider: paymentWebhookEvents.provider,
      eventId: paymentWebhookEvents.eventId,
      payload: paymentWebhookEvents.payload,
    })
    .from(paymentWebhookEvents)
    .where(holdsAny(paymentWebhookEvents.payload, ids.texts));
  for (const e of cardEvents)
    await tx
      .update(paymentWebhookEvents)
      .set({ payload: erasedValues(e.payload) as Record<string, unknown> })
      .where(and(eq(paymentWebhookEvents.provider, e.provider), eq(paymentWebhookEvents.eventId, e.eventId)));
  const ddEvents = await tx
    .select({ id: directDebitWebhookEvents.id, payload: directDebitWebhookEvents.payload })
    .from(directDebitWebhookEvents)
    .where(holdsAny(directDebitWebhookEvents.payload, ids.texts));
  for (const e of ddEvents)
    await tx
      .update(directDebitWebhookEvents)
      .set({ payload: erasedValues(e.payload) as never })
      .where(eq(directDebitWebhookEvents.id, e.id));
}
