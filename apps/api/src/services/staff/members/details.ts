import { MEMBER_TEXTS, type MemberDetailsBody, memberDetailsBody } from '@fieldhouse/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { consentChanges, customers } from '../../../db/schema.ts';
import { fieldError } from '../../../lib/http-errors.ts';
import { compareDates, localDateOf, parseLocalDate } from '../../../lib/local-date.ts';
import { revokePasswordResets } from '../../auth/index.ts';
import { emailChangedMail, queueMail } from '../../mail/index.ts';
import { recordAudit } from '../audit.ts';
import { findServedCustomer, type MemberActor } from './record.ts';

type Details = z.output<typeof memberDetailsBody>;
type CustomerRow = typeof customers.$inferSelect;

/** 'ls62ab' → 'LS6 2AB': the inward code (the last three characters) after one space. */
export const normalisePostcode = (postcode: string) => {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : '';
};

/** The record's wire fields as the table holds them ('' is stored as null; the email stays '' when there is none). */
function columnsOf(body: Details) {
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    phone: orNull(body.phone),
    dateOfBirth: orNull(body.date_of_birth),
    addressLine1: orNull(body.address_line_one),
    addressLine2: orNull(body.address_line_two),
    town: orNull(body.town),
    postcode: orNull(normalisePostcode(body.postcode)),
    emergencyContactName: orNull(body.emergency_contact_name),
    emergencyContactPhone: orNull(body.emergency_contact_phone),
    medicalNotes: orNull(body.medical_notes),
    marketingOptIn: body.marketing_opt_in,
  } satisfies Partial<CustomerRow>;
}
type Columns = ReturnType<typeof columnsOf>;

/** The wire name of each column the form edits (the audit log names them as the form and the API do). */
const WIRE: Record<keyof Columns, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  dateOfBirth: 'date_of_birth',
  addressLine1: 'address_line_one',
  addressLine2: 'address_line_two',
  town: 'town',
  postcode: 'postcode',
  emergencyContactName: 'emergency_contact_name',
  emergencyContactPhone: 'emergency_contact_phone',
  medicalNotes: 'medical_notes',
  marketingOptIn: 'marketing_opt_in',
};

/**
 * 422 on `email` when another of the operator's accounts uses it (any case), unless staff said it is shared by a
 * family (`shared_email`), which the product allows: every account keeps its own password, and logging in with the
 * email opens the one whose password is given (decision 070).
 */
export async function checkEmailFree(
  tx: DbOrTx,
  input: { clientId: number; email: string; isShared: boolean; exceptCustomerId?: number },
) {
  if (input.email === '' || input.isShared) return;
  const [other] = await tx
    .select({ reference: customers.reference })
    .from(customers)
    .where(
      and(
        eq(customers.clientId, input.clientId),
        sql`lower(${customers.email}) = ${input.email.toLowerCase()}`,
        input.exceptCustomerId ? ne(customers.id, input.exceptCustomerId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw fieldError('email', MEMBER_TEXTS.emailInUse(other.reference));
}

/** 422 on `date_of_birth` for a date after today where the operator is. */
function checkDateOfBirth(dateOfBirth: string, now: Date, timeZone: string) {
  if (dateOfBirth === '') return;
  const date = parseLocalDate(dateOfBirth);
  if (!date) throw fieldError('date_of_birth', MEMBER_TEXTS.dateOfBirth);
  if (compareDates(date, localDateOf(now, timeZone)) > 0)
    throw fieldError('date_of_birth', MEMBER_TEXTS.dateOfBirthFuture);
}

/**
 * PUT /api/staff/members/:id: staff correct a customer's details, in one transaction under the customer's row lock:
 * the same rules as the member's own form (names, a valid date not in the future, a valid email; a UK postcode),
 * an email another account uses refused unless shared by a family, one audit entry with the fields that changed
 * before and after. A new email keeps the customer's sessions (they are the account's, not the address's), ends
 * the password links mailed to the old address, and tells the old address; mail goes to the new one from now on.
 * Null when the customer is not one the staff member may serve (404); nothing is written when nothing changed.
 */
export async function updateMemberDetails(
  db: Db,
  input: {
    clientId: number;
    clientName: string;
    customerId: number;
    body: MemberDetailsBody;
    actor: MemberActor;
    now: Date;
    timeZone: string;
  },
): Promise<'updated' | 'unchanged' | null> {
  const body = memberDetailsBody.parse(input.body);
  checkDateOfBirth(body.date_of_birth, input.now, input.timeZone);
  const wanted = columnsOf(body);
  return transactionRetried(db, async (tx) => {
    const current = await findServedCustomer(tx, { ...input, scope: input.actor.scope, forUpdate: true });
    if (!current) return null;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Partial<Columns> = {};
    for (const key of Object.keys(WIRE) as (keyof Columns)[]) {
      const was = current[key] ?? null;
      const now = wanted[key] ?? null;
      const isSame = key === 'email' ? String(was).toLowerCase() === String(now).toLowerCase() : was === now;
      if (isSame) continue;
      before[WIRE[key]] = was;
      after[WIRE[key]] = now;
      (changes as Record<string, unknown>)[key] = now;
    }
    if (Object.keys(changes).length === 0) return 'unchanged';
    const isNewEmail = 'email' in changes;
    if (isNewEmail)
      await checkEmailFree(tx, {
        clientId: input.clientId,
        email: body.email,
        isShared: body.shared_email,
        exceptCustomerId: current.id,
      });
    await tx.update(customers).set(changes).where(eq(customers.id, current.id));
    if (isNewEmail) {
      // The links went to the old address: they stop working. Sessions stay (they belong to the account).
      await revokePasswordResets(tx, current.id);
      const mail = emailChangedMail({
        clientName: input.clientName,
        firstName: body.first_name,
        reference: current.reference,
        newEmail: body.email || 'none',
      });
      await queueMail(tx, { ...mail, to: current.email });
    }
    // A change of marketing consent made by staff (a member's word at the desk) joins the consent history (decision 077).
    if (changes.marketingOptIn !== undefined)
      await tx.insert(consentChanges).values({
        customerId: current.id,
        consent: 'marketing_email',
        granted: changes.marketingOptIn,
        source: 'staff',
        at: input.now,
        staffId: input.actor.staffId,
      });
    await recordAudit(tx, input.actor, input.now, {
      action: 'customer.update',
      entity: 'customer',
      entityId: current.id,
      before,
      after: body.shared_email && isNewEmail ? { ...after, shared_email: true } : after,
    });
    return 'updated';
  });
}
