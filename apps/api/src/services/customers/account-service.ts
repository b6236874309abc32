import {
  CUSTOM_QUESTION_TEXTS,
  FIELD_TEXTS,
  isPersonName,
  MEMBERSHIP_PURCHASE_TEXTS,
  type ONBOARDING_TYPES,
} from '@fieldhouse/contract';
import { isCleanText } from '@fieldhouse/contract/fields';
import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import { UK_POSTCODE } from '@fieldhouse/contract/texts/payments';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { authSessions, consentChanges, customers } from '../../db/schema.ts';
import { fieldError, HttpError, notFound } from '../../lib/http-errors.ts';
import { parseLocalDate } from '../../lib/local-date.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { revokePasswordResets } from '../auth/index.ts';
import { findDataFields } from './data-fields.ts';

type OnboardingType = (typeof ONBOARDING_TYPES)[number];
type Value = string | number | boolean | string[] | null | undefined;

export const CURRENT_PASSWORD_INCORRECT = 'Your current password is incorrect.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isEmpty = (v: Value) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/** Compares a submitted value with the stored one the way the form shows them. */
const sameValue = (a: Value, b: Value) => {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof b === 'boolean') return (a === true || a === 'true' || a === '1') === b;
  return String(a).trim() === String(b ?? '').trim();
};

const COLUMN_BY_PATH = {
  first_name: 'firstName',
  last_name: 'lastName',
  date_of_birth: 'dateOfBirth',
  email: 'email',
  phone: 'phone',
  marketing_opt_in: 'marketingOptIn',
  address_line_one: 'addressLine1',
  address_line_two: 'addressLine2',
  town: 'town',
  postcode: 'postcode',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_phone: 'emergencyContactPhone',
} as const;

/** Digits, spaces, '+', brackets and hyphens with 6 to 15 digits: the staff record's rule (contract staff-members). */
const isPhone = (v: string) => /^\+?[0-9 ()-]{6,30}$/.test(v) && /^(\D*\d){6,15}\D*$/.test(v);

/**
 * PUT /api/my-account/user/update: saves the data-field form for the caller only. 409 when the checksum is not the
 * form's current one; 422 keyed by path for required empty fields, invalid dates, invalid emails and changes to
 * fields the customer may not change (is_authorised false). Keys that are not fields of the form are ignored.
 */
export async function updateUserDetails(
  db: Db,
  input: {
    customerId: number;
    type: OnboardingType;
    body: Record<string, Value> & { checksum: string };
    now?: Date;
  },
) {
  const form = await findDataFields(db, { type: input.type, customerId: input.customerId });
  if (input.body.checksum !== form.checksum) throw new HttpError(409, MEMBERSHIP_PURCHASE_TEXTS.formChanged);
  const errors: Record<string, string[]> = {};
  const changes: Partial<typeof customers.$inferInsert> = {};
  for (const field of form.sections.flatMap((s) => s.section_fields)) {
    const path = field.path as keyof typeof COLUMN_BY_PATH;
    const column = COLUMN_BY_PATH[path];
    if (!column) continue;
    const given = input.body[field.path];
    const current = field.answer as Value;
    if (!field.is_authorised) {
      if (given !== undefined && !sameValue(given, current))
        errors[field.path] = [MEMBERSHIP_PURCHASE_TEXTS.notAuthorised(field.label)];
      continue;
    }
    if (field.type === 'checkbox') {
      changes.marketingOptIn = given === true || given === 'true' || given === '1';
      continue;
    }
    if (isEmpty(given)) {
      if (field.is_required) errors[field.path] = [CUSTOM_QUESTION_TEXTS.required(field.label)];
      else (changes as Record<string, unknown>)[column] = null;
      continue;
    }
    const text = String(given).trim();
    if (field.type === 'date') {
      if (!parseLocalDate(text)) {
        errors[field.path] = [CUSTOM_QUESTION_TEXTS.invalidDate];
        continue;
      }
    }
    if ((path === 'phone' || path === 'emergency_contact_phone') && !isPhone(text)) {
      errors[field.path] = [MEMBER_DATA_TEXTS.phone];
      continue;
    }
    if (path === 'postcode' && !UK_POSTCODE.test(text)) {
      errors[field.path] = [MEMBER_DATA_TEXTS.postcode];
      continue;
    }
    if (!isCleanText(text)) {
      errors[field.path] = [FIELD_TEXTS.invalid(field.label)];
      continue;
    }
    if (
      (path === 'first_name' || path === 'last_name' || path === 'emergency_contact_name') &&
      !isPersonName(text)
    ) {
      errors[field.path] = [FIELD_TEXTS.invalid(field.label)];
      continue;
    }
    if (path === 'email' && !EMAIL.test(text)) {
      errors[field.path] = ['Please enter a valid email address.'];
      continue;
    }
    const max = Number(field.html_attributes.maxlength ?? (path === 'email' ? 254 : 200));
    if (text.length > max) {
      errors[field.path] = [`${field.label} may not be greater than ${max} characters.`];
      continue;
    }
    (changes as Record<string, unknown>)[column] =
      path === 'email' ? text.toLowerCase() : path === 'postcode' ? text.toUpperCase() : text;
  }
  const fields = Object.keys(errors);
  if (fields.length) throw new HttpError(422, errors[fields[0]!]![0]!, errors);
  if (!Object.keys(changes).length) return;
  await transactionRetried(db, async (tx) => {
    const [before] = await tx
      .select({ marketingOptIn: customers.marketingOptIn })
      .from(customers)
      .where(eq(customers.id, input.customerId))
      .for('update');
    await tx.update(customers).set(changes).where(eq(customers.id, input.customerId));
    // A change of marketing consent is recorded with when and how (decision 077).
    if (before && changes.marketingOptIn !== undefined && changes.marketingOptIn !== before.marketingOptIn)
      await tx.insert(consentChanges).values({
        customerId: input.customerId,
        consent: 'marketing_email',
        granted: changes.marketingOptIn,
        source: 'my_details',
        at: input.now ?? new Date(),
      });
  });
}

/**
 * PUT /api/my-account/user/password: checks the current password, stores the new one and revokes the customer's
 * other sessions (this one stays) and reset links, in one transaction.
 */
export async function changePassword(
  db: Db,
  input: { customerId: number; sessionId: number; currentPassword: string; password: string; now: Date },
) {
  const [customer] = await db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  if (!customer) throw notFound();
  if (!(await verifyPassword(input.currentPassword, customer.passwordHash)))
    throw fieldError('current_password', CURRENT_PASSWORD_INCORRECT);
  const passwordHash = await hashPassword(input.password);
  await transactionRetried(db, async (tx) => {
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, input.customerId));
    await revokePasswordResets(tx, input.customerId);
    await tx
      .update(authSessions)
      .set({ revokedAt: input.now })
      .where(
        and(
          eq(authSessions.customerId, input.customerId),
          ne(authSessions.id, input.sessionId),
          isNull(authSessions.revokedAt),
        ),
      );
  });
}
