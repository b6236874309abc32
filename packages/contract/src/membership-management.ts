import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, messageReply, money } from './common.ts';
import { id, idParam } from './fields.ts';
import { membership } from './joining.ts';
import { accountMembership } from './membership-purchase.ts';

export {
  MAX_UPLOAD_BYTES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
  UPLOAD_MIME_TYPES,
} from './texts/membership-management.ts';

/**
 * Managing a membership from the account (account-shell §2 /memberships, §3, §4 Memberships, §5 files and freeze,
 * §7 My account and Memberships (API), §8): change, renew, freeze, cancel and eligibility documents.
 */

/**
 * 422 (under the file's field: document, file or photo) when a customer's stored files (documents, freeze proof and
 * the profile photo) would pass the deployment's upload quota (UPLOAD_QUOTA_FILES / UPLOAD_QUOTA_BYTES). The spec has
 * no text for it.
 */
export const UPLOAD_QUOTA_TEXT =
  'You have reached the upload limit for your account. Delete or replace a document, or contact the centre.';

export const membershipIdParams = z.object({ id: idParam });

/** A payment the member will make under a given state (shown before they confirm a change, freeze or cancel). */
export const upcomingPayment = z.object({
  date: z.string().describe('YYYY-MM-DD, venue-local'),
  date_pretty: z.string().describe('D MMMM YYYY'),
  amount: money,
  description: z
    .string()
    .describe("e.g. 'Monthly payment', 'Pro-rata difference', 'Freeze fee', 'Final payment'"),
});
export type UpcomingPayment = z.infer<typeof upcomingPayment>;

// Change (GET/POST memberships/{id}/change, GET memberships/{id}/change/{paymentOptionId}?startsAt)

/** GET /api/memberships/:id/change — what the membership can change to (same shape as joining's types). */
export const changeOptionsReply = envelope(z.array(membership));

export const changeCostsParams = z.object({
  id: idParam,
  paymentOptionId: idParam,
});
export const changeCostsQuery = z.object({ startsAt: z.string().max(20).optional() });
export const changeCosts = z.object({
  starts_at: z.object({ min: z.string(), max: z.string() }).describe('YYYY-MM-DD window for the change'),
  costs: z.object({
    difference_to_old_membership: z
      .string()
      .describe("e.g. '£5.00 more per month' or '£3.00 less per month'"),
    total_due_now: z.object({
      raw: z.number().int(),
      formatted: z.string(),
      composition: z.object({ month_in_hand: money, fees: money }),
    }),
  }),
  new_membership_price: money,
  pretty_first_billing_date: z.string().nullable(),
  payment_type: z.enum(['recurring', 'fixed']),
  /** The next payments after the change (money consequences). */
  next_payments: z.array(upcomingPayment),
});
export type ChangeCosts = z.infer<typeof changeCosts>;
export const changeCostsReply = envelope(changeCosts);

/** POST /api/memberships/:id/change — 422 keys starts_at, payment_option_id. */
export const changeBody = z.object({
  starts_at: z.string().max(20),
  payment_option_id: id,
});
/**
 * Nothing to pay now: the change is made and an order (total £0.00) records it → booking confirmation.
 * Something to pay: the change waits in the basket → basket checkout.
 */
export const changeReply = envelope(
  z.object({
    message: z.string(),
    order_id: z.number().int().nullable(),
    cart_id: z.number().int().nullable(),
  }),
);

// Renew (GET/POST memberships/{id}/renew)

export const renewalDetails = z.object({
  reference: z.string(),
  name: z.string(),
  description: z.string().describe('Sanitised HTML'),
  access: z.string().describe("'National' or the venues' names"),
  duration: z.string().describe("e.g. '12 months'"),
  price: money,
  joining_fee: money,
  start_date: z.object({ full_date_pretty: z.string(), raw: z.string() }),
  end_date: z.object({ full_date_pretty: z.string(), raw: z.string() }),
  benefits: z.array(z.object({ name: z.string(), description: z.string() })),
  total_cost: money,
});
export type RenewalDetails = z.infer<typeof renewalDetails>;
/** GET /api/memberships/:id/renew — 404 'No membership found' when it cannot be renewed online. */
export const renewalDetailsReply = envelope(renewalDetails);
/** POST /api/memberships/:id/renew — adds the renewal to the basket (200); 422 keyed `membership`. */
export const renewReply = envelope(z.object({ message: z.string(), cart_id: z.number().int() }));

// Freeze (GET user/memberships/{id}/freezetypes, POST user/memberships/{id}/freeze multipart)

export const freezeType = z.object({
  id: z.number().int(),
  reason: z.string(),
  /** Months the member may choose. */
  time_periods: z.array(z.number().int().positive()),
  /** Monthly fee while frozen (pence), 0 when free. */
  monthly_fee: money,
  proof_of_eligibility: z
    .object({ description: z.string(), document_type: z.object({ id: z.number().int(), name: z.string() }) })
    .nullable(),
});
export const freezeTypesReply = envelope(
  z.object({
    freeze_types: z.array(freezeType),
    min_freeze_start_date: z.object({ raw: z.string().describe('YYYY-MM-DD') }),
    max_freeze_start_date: z.object({ raw: z.string().describe('YYYY-MM-DD') }),
  }),
);
/** GET /api/user/memberships/:id/freeze/preview?freeze_type_id&active_from&months — payments while frozen. */
export const freezePreviewQuery = z.object({
  freeze_type_id: idParam,
  active_from: z.string().max(20),
  months: idParam.max(24),
});
export const freezePreviewReply = envelope(
  z.object({ ends_on: z.string().describe('YYYY-MM-DD'), next_payments: z.array(upcomingPayment) }),
);
/**
 * POST /api/user/memberships/:id/freeze (multipart: freeze_type_id, active_from YYYY-MM-DD, months, file optional)
 * → 201. 422 keys: freeze_type_id, active_from, months, file. Recorded as pending approval; the membership's
 * status_info becomes 'freeze pending approval'.
 */
export const freezeFields = z.object({
  freeze_type_id: idParam,
  active_from: z.string().max(20),
  months: idParam.max(24),
});
export const freezeReply = envelope(
  z.object({
    message: z.string(),
    start_date: z.string().describe('D MMMM YYYY'),
    reason: z.string(),
    months: z.number().int(),
    documents: z.array(z.object({ name: z.string() })),
  }),
);

// Cancel (GET/POST memberships/{id}/cancel)

export const cancelInfo = z.object({
  allow_online_membership_cancellation: z.boolean(),
  membership_cancellation_refusal_message: z.string().nullable(),
  payment_type: z.enum(['recurring', 'fixed']).describe('fixed = paid in full'),
  has_outstanding_penalties_due: z.boolean(),
  outstanding_penalties_due: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      fee_amount: z.object({ amount: z.number().int(), formatted: z.string() }),
      venue: z.string().nullable(),
      session: z.string().nullable(),
      created_at: z.string().describe('D MMM YYYY'),
    }),
  ),
  recurring: z
    .object({
      cancellation_notice_period: z.number().int().describe('Days'),
      earliest_final_payment_date: z.string().nullable().describe('D MMMM YYYY'),
      earliest_final_day_of_membership: z.string().describe('D MMMM YYYY'),
      cancellation_notice_required: z.boolean(),
    })
    .nullable(),
  /** Payments still to come if the member cancels now. */
  next_payments: z.array(upcomingPayment),
  /** A cancellation already waits for the outstanding fees to be paid. */
  cancellation_pending_payment: z.boolean(),
});
export type CancelInfo = z.infer<typeof cancelInfo>;
export const cancelInfoReply = envelope(cancelInfo);
/**
 * POST /api/memberships/:id/cancel → 200. With outstanding penalties nothing is cancelled yet: the request is
 * recorded (cancellation_pending_payment) and paying the fees at checkout cancels it automatically.
 */
export const cancelReply = envelope(
  z.object({
    message: z.string(),
    cancelled: z.boolean(),
    membership: accountMembership,
  }),
);

// Eligibility documents (POST eligibility/document multipart)

/**
 * POST /api/eligibility/document (multipart: eligibility_document_type_id, document, membership_id,
 * eligibility_criterion_id) → 201 { message }. 422 keys: document, eligibility_document_type_id, membership_id.
 * Files are checked by content (JPEG/PNG/PDF magic bytes), at most MAX_UPLOAD_BYTES; stored outside the web
 * root and served back only to their owner (GET /api/eligibility/document/:id/file).
 */
export const documentFields = z.object({
  eligibility_document_type_id: idParam,
  membership_id: idParam,
  eligibility_criterion_id: idParam,
});
export const documentUploadReply = messageReply;
export const documentFileParams = z.object({ id: idParam });

/**
 * Managing a membership's calls (decision 043): change, renew, freeze and cancel, and eligibility documents. The
 * freeze request and a document are multipart uploads (a file part streamed into storage, text fields beside it).
 */
export const membershipManagementCalls = {
  membershipChangeOptions: { params: membershipIdParams, reply: changeOptionsReply },
  membershipChangeCosts: { params: changeCostsParams, query: changeCostsQuery, reply: changeCostsReply },
  changeMembership: { params: membershipIdParams, body: changeBody, reply: changeReply },
  membershipRenewalDetails: { params: membershipIdParams, reply: renewalDetailsReply },
  renewMembership: { params: membershipIdParams, reply: renewReply },
  membershipCancelInfo: { params: membershipIdParams, reply: cancelInfoReply },
  cancelMembership: { params: membershipIdParams, reply: cancelReply },
  membershipFreezeTypes: { params: membershipIdParams, reply: freezeTypesReply },
  membershipFreezePreview: {
    params: membershipIdParams,
    query: freezePreviewQuery,
    reply: freezePreviewReply,
  },
  freezeMembership: {
    params: membershipIdParams,
    upload: { fields: freezeFields, file: 'file' },
    reply: freezeReply,
    status: 201,
  },
  uploadEligibilityDocument: {
    upload: { fields: documentFields, file: 'document' },
    reply: documentUploadReply,
    status: 201,
  },
} as const satisfies Calls;
