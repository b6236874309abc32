import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, messageReply } from './common.ts';
import { id, idParam, personName, text } from './fields.ts';
import { UK_POSTCODE } from './texts/payments.ts';
import { CUSTOMER_FLAGS, MEMBER_TEXTS } from './texts/staff-members.ts';

export {
  CUSTOMER_FLAG_LABELS,
  CUSTOMER_FLAGS,
  type CustomerFlag,
  INVITE_LINK_VALID_DAYS,
  MEMBER_TEXTS,
} from './texts/staff-members.ts';

/**
 * The member record in the staff console (decision 070): staff read and correct a customer's details (the fields of
 * the member's own form, plus address, emergency contact and medical notes), add notes, set flags, and make walk-in
 * customers at the desk. Administrators for every customer; centre managers and front desk for customers whose home
 * venue they work at (404 otherwise, as elsewhere). Every change is in the audit log with before and after.
 */

/** An optional text field of the form: '' (left empty) is kept as ''; the server stores null. */
const optionalText = (max: number, label: string) => text(max, label).default('');
const email = z.string().trim().toLowerCase().max(254, MEMBER_TEXTS.email).email(MEMBER_TEXTS.email);
/** Digits, spaces, '+', brackets and hyphens, with 6 to 15 digits (UK and international numbers). */
const PHONE = /^\+?[0-9 ()-]{6,30}$/;
const phone = (label: string) =>
  optionalText(30, label).refine(
    (v) => v === '' || (PHONE.test(v) && /^(\D*\d){6,15}\D*$/.test(v)),
    MEMBER_TEXTS.phone,
  );

export const memberDetailsFields = z.object({
  first_name: personName('First name').min(1, MEMBER_TEXTS.firstNameRequired),
  last_name: personName('Last name').min(1, MEMBER_TEXTS.lastNameRequired),
  email: z.union([z.literal(''), email]).default(''),
  /** Staff confirm that this email is shared with another account (a family): the duplicate check is skipped. */
  shared_email: z.boolean().default(false),
  phone: phone('Phone number'),
});

/** PUT /api/staff/members/:id: the whole record (the form sends every field); '' empties an optional field. */
export const memberDetailsBody = memberDetailsFields
  .extend({
    date_of_birth: z
      .union([z.literal(''), z.iso.date(MEMBER_TEXTS.dateOfBirth)])
      .default('')
      .describe('YYYY-MM-DD, or empty'),
    address_line_one: optionalText(100, 'Address line 1'),
    address_line_two: optionalText(100, 'Address line 2'),
    town: optionalText(60, 'Town or city'),
    postcode: optionalText(10, 'Postcode').refine(
      (v) => v === '' || UK_POSTCODE.test(v),
      MEMBER_TEXTS.postcode,
    ),
    emergency_contact_name: personName('Emergency contact name').default(''),
    emergency_contact_phone: phone('Emergency contact phone'),
    medical_notes: optionalText(2000, 'Medical information'),
    marketing_opt_in: z.boolean(),
  })
  .refine((b) => b.email !== '' || b.phone !== '', { path: ['email'], message: MEMBER_TEXTS.emailOrPhone });
export type MemberDetailsBody = z.input<typeof memberDetailsBody>;

/** POST /api/staff/members: a walk-in customer with the least a desk needs, at one of the staff member's venues. */
export const walkInBody = memberDetailsFields
  .extend({
    home_venue_id: id,
    /** Email them a link to set a password and use the website (needs an email). */
    invite: z.boolean().default(false),
  })
  .refine((b) => b.email !== '' || b.phone !== '', { path: ['email'], message: MEMBER_TEXTS.emailOrPhone })
  .refine((b) => !b.invite || b.email !== '', { path: ['invite'], message: MEMBER_TEXTS.inviteNeedsEmail });
export type WalkInBody = z.input<typeof walkInBody>;

export const memberParams = z.object({ id: idParam });
export const memberFlagParams = z.object({ id: idParam, flag: z.enum(CUSTOMER_FLAGS) });
export const memberFlagBody = z.object({ is_set: z.boolean() });
export const memberNoteBody = z.object({
  body: text(2000, 'The note').min(1, MEMBER_TEXTS.noteRequired),
});

const staffInstant = z.object({
  raw: z.string().describe('ISO 8601 instant'),
  pretty: z.string().describe("'D MMM YYYY at HH:mm' in the operator's zone"),
});

export const memberRecord = z.object({
  id,
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().describe("'' when the desk recorded none"),
  phone: z.string(),
  date_of_birth: z.string().describe("YYYY-MM-DD, or ''"),
  address_line_one: z.string(),
  address_line_two: z.string(),
  town: z.string(),
  postcode: z.string(),
  emergency_contact_name: z.string(),
  emergency_contact_phone: z.string(),
  medical_notes: z.string(),
  marketing_opt_in: z.boolean(),
  home_venue: z.object({ id, name: z.string() }).nullable(),
  /** Made at the desk (a walk-in), by whom. */
  walk_in: z.object({ created_by: z.string().nullable() }).nullable(),
  /** Whether they can log in to the website (false: a walk-in who has not set a password yet). */
  has_password: z.boolean(),
  flags: z.array(
    z.object({
      flag: z.enum(CUSTOMER_FLAGS),
      label: z.string(),
      is_set: z.boolean(),
      set_by: z.string().nullable(),
      set_at: staffInstant.nullable(),
    }),
  ),
  notes: z.array(z.object({ id, body: z.string(), author: z.string(), created_at: staffInstant })),
});
export type MemberRecord = z.infer<typeof memberRecord>;
export const memberRecordReply = envelope(memberRecord);
export const walkInReply = envelope(
  z.object({ id, reference: z.string(), invited: z.boolean().describe('An invitation was emailed') }),
);

export const staffMemberCalls = {
  getStaffMember: { params: memberParams, reply: memberRecordReply },
  updateStaffMember: { params: memberParams, body: memberDetailsBody, reply: memberRecordReply },
  addStaffMemberNote: { params: memberParams, body: memberNoteBody, reply: memberRecordReply, status: 201 },
  setStaffMemberFlag: { params: memberFlagParams, body: memberFlagBody, reply: memberRecordReply },
  inviteStaffMember: { params: memberParams, reply: messageReply },
  createWalkIn: { body: walkInBody, reply: walkInReply, status: 201 },
} as const satisfies Calls;
