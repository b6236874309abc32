import { z } from 'zod';
import { password, registerBody, user } from './auth.ts';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, personName } from './fields.ts';
import { customAnswersBody, paymentType } from './joining.ts';
import { UK_POSTCODE } from './payments.ts';
import { MEMBERSHIP_PURCHASE_TEXTS } from './texts/membership-purchase.ts';

export { MEMBERSHIP_PURCHASE_TEXTS, MEMBERSHIP_RENEWAL_TEXTS } from './texts/membership-purchase.ts';

/**
 * Buying a membership (joining §2 Monthly payment / Confirm, §3 Membership details, §5 Bank details) and the
 * account's membership list (account-shell §3 Account membership).
 */

/** Bank details for a direct-debit mandate (joining §5). Digits only; spaces and dashes are stripped first. */
const digits = (v: string) => v.replace(/[\s-]/g, '');
export const accountDetails = z.object({
  account_number: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{8,17}$/, MEMBERSHIP_PURCHASE_TEXTS.accountNumber)),
  sort_code: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{6}$/, MEMBERSHIP_PURCHASE_TEXTS.sortCode)),
  billing_address_line_one: z.string().trim().min(2, MEMBERSHIP_PURCHASE_TEXTS.billingAddress).max(200),
  billing_address_line_two: z.string().trim().max(200).nullable().optional(),
  billing_city: z.string().trim().min(2, MEMBERSHIP_PURCHASE_TEXTS.billingCity).max(100),
  billing_postcode: z
    .string()
    .trim()
    .regex(UK_POSTCODE, MEMBERSHIP_PURCHASE_TEXTS.billingPostcode)
    .describe('UK postcode'),
});
export type AccountDetails = z.infer<typeof accountDetails>;

/**
 * A guest's new account (joining §2 Your details, §4): the Create Account form is the register call
 * (POST /api/auth/customer/register?onboarding_type=membership_purchase, 201, logs the guest in). The data-field
 * form's answers (first_name, last_name, date_of_birth, email, phone, marketing_opt_in) plus the password pair and
 * terms.
 */
export const newAccount = registerBody;
export type NewAccount = z.infer<typeof newAccount>;

/**
 * POST /api/memberships — submit a new membership (joining §3 Membership details submitted). Logged in only (401
 * otherwise): a guest's account is made earlier, in 'Your details' (decision 011).
 * One transaction: answers, the membership (status pending, awaiting payment), the direct-debit mandate (recurring
 * without an existing instruction) and the basket item. A failure leaves nothing of them behind.
 * Submitting again while a previous new membership still waits in the basket replaces it.
 *
 * 422 field errors: membership_type_id, payment_option_id, home_venue_id, start_date, billing_day,
 * promotion_code_id, account_holder, account_details.account_number, account_details.sort_code,
 * account_details.billing_*, dd_terms_accepted, health_commitment_accepted, membership_terms_accepted,
 * answers (message 'Please fill in required questions', plus answers.{questionId} per question).
 */
export const membershipDetailsBody = z.object({
  home_venue_id: id,
  membership_type_id: id,
  payment_option_id: id,
  start_date: z.string().max(20).describe('YYYY-MM-DD, venue-local'),
  billing_day: z.number().int().nullable().describe('1–28; null when the user already has a billing date'),
  promotion_code: z.string().max(50).nullable().optional(),
  promotion_code_id: id.nullable().optional(),
  account_holder: personName('Account holder').nullable().optional(),
  account_details: accountDetails.nullable().optional(),
  dd_terms_accepted: z.boolean().default(false),
  /** The caller confirmed being the account holder and the only person needed to authorise debits. */
  dd_authorised: z.boolean().default(false),
  health_commitment_accepted: z.boolean().default(false),
  membership_terms_accepted: z.boolean().default(false),
  answers: customAnswersBody.shape.answers.optional(),
});
export type MembershipDetailsBody = z.infer<typeof membershipDetailsBody>;

export const membershipSubmitReply = envelope(
  z.object({
    message: z.string().describe("'Membership added to basket.'"),
    membership_id: z.number().int(),
    cart_id: z.number().int(),
    cart_item_id: z.number().int(),
    /** True when this submission set up a new direct-debit mandate. */
    new_mandate: z.boolean(),
  }),
);

/**
 * PUT /api/my-account/user/update?onboarding_type=… — saves the data-field form (joining §3 Data-field form,
 * account-shell §7). Body: the fields by path (empty ones left out) plus the checksum the form was loaded with.
 * 409 with formChanged when the checksum is stale; 422 keyed by path; fields with is_authorised false refused.
 */
export const userUpdateBody = z
  .object({ checksum: z.string().min(1).max(128) })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.array(z.string()), z.null()]));
export const userUpdateReply = envelope(user);

/** PUT /api/my-account/user/password (joining §3 Password fields, change). */
export const passwordChangeBody = z
  .object({ current_password: z.string().min(1).max(200), password, repeat_new_password: z.string() })
  .refine((b) => b.password === b.repeat_new_password, {
    path: ['repeat_new_password'],
    message: 'The new passwords do not match.',
  });

// Direct-debit instruction (shown back to the member)

export const directDebitInstruction = z.object({
  provider: z.string().describe("e.g. 'sandbox' or 'go_cardless'"),
  reference: z.string(),
  account_holder: z.string(),
  account_number_ending: z.string().describe('Last 2 digits'),
  sort_code: z.string().describe('Masked, e.g. 20-**-**'),
  status: z
    .enum(['pending_submission', 'active', 'cancelled', 'failed'])
    .describe(
      "'cancelled': the member or their bank cancelled it; 'failed': the provider could not set it up",
    ),
});

/** GET /api/direct-debit/provider — which provider collects direct debits (the web shows go_cardless's notice). */
export const directDebitProviderReply = envelope(z.object({ provider: z.string() }));

// Account memberships (account-shell §3 Account membership); GET /api/my-account/user/memberships

export const ACCOUNT_MEMBERSHIP_STATUSES = [
  'pending',
  'active',
  'frozen',
  'cancelled',
  'expired',
  'suspended',
] as const;

const prettyDate = z.object({ full_date: z.string().describe('e.g. 1 December 2026'), raw: z.string() });

export const accountMembership = z.object({
  id: z.number().int(),
  reference: z.string(),
  slug: z.string(),
  status: z.enum(ACCOUNT_MEMBERSHIP_STATUSES),
  status_info: z.string().nullable(),
  membership_type: z.object({
    id: z.number().int(),
    name: z.string(),
    coverage: z.string().describe("'National' or the venues' names"),
    eligibility_criterion: z
      .object({
        id: z.number().int(),
        document_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
      })
      .nullable(),
  }),
  home_venue: z.object({ name: z.string() }),
  payment_type: paymentType,
  start_date: prettyDate,
  expires_at: prettyDate.nullable(),
  price: money,
  next_payment_date: z.object({ full_date: z.string(), raw: z.string() }).nullable(),
  direct_debit: directDebitInstruction.nullable(),
  benefits: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      remaining_uses: z.number().int(),
      renews_at: z.object({ raw_pretty: z.string() }).nullable(),
    }),
  ),
  document: z
    .object({
      id: z.number().int().describe('GET /api/eligibility/document/:id/file serves it back (owner only)'),
      status: z.enum(['pending', 'approved', 'rejected']),
      rejection_reason: z.string().nullable(),
      type: z.object({ name: z.string() }),
      document_expiry: z.object({ document_expiring_soon: z.boolean(), expired: z.boolean() }),
    })
    .nullable(),
  management_enabled: z.boolean(),
  /**
   * A freeze waits: asked for and not yet decided, or approved and not yet started (the spec's status_info 'freeze
   * pending approval' or 'freeze pending'). Derived on the server; the web no longer reads it from status_info.
   */
  freeze_pending: z.boolean(),
  /** The membership needs an eligibility document uploaded (account-shell §4 Memberships), derived on the server. */
  upload_required: z.boolean(),
  freezable: z.boolean(),
  cancellable: z.boolean(),
  renewable: z.boolean(),
  can_renew: z.boolean(),
  renew_forbid_reason: z.string().nullable(),
  can_change: z.boolean(),
  cannot_change_reason: z.string().nullable(),
});
export type AccountMembership = z.infer<typeof accountMembership>;
export const accountMembershipsReply = envelope(z.array(accountMembership));

export const membershipPurchaseCalls = {
  /** Submits a new membership into the basket (members only: 401 for a guest). */
  submitMembership: { body: membershipDetailsBody, reply: membershipSubmitReply, status: 201 },
  /** Which provider collects direct debits. */
  getDirectDebitProvider: { reply: directDebitProviderReply },
} as const satisfies Calls;
