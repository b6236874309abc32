/**
 * The closed value sets of the schema's text columns, each written once: schema.ts gives a column its list as
 * Drizzle's `enum` (the TypeScript type every read and write is checked against) and as a CHECK constraint (the
 * database refuses anything else, whoever writes it). Adding a value: add it here, then `npm run db:generate`.
 */

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const MEMBERSHIP_COVERAGES = ['national', 'venues'] as const;
export const PAYMENT_OPTION_TYPES = ['recurring', 'fixed'] as const;
export const FIXED_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const MEMBERSHIP_STATUSES = [
  'pending',
  'active',
  'frozen',
  'cancelled',
  'expired',
  'suspended',
] as const;
export const MANDATE_STATUSES = ['pending_submission', 'active', 'cancelled'] as const;
export const ORDER_STATUSES = ['completed', 'refunded'] as const;
export const ORDER_ITEM_KINDS = ['activity', 'membership', 'penalty', 'other'] as const;
export const BOOKING_STATUSES = ['booked', 'cancelled', 'attended', 'no_show'] as const;
export const PENALTY_STATUSES = ['unpaid', 'paid', 'waived'] as const;
export const CREDIT_KINDS = ['general', 'membership'] as const;
export const CART_STATUSES = ['open', 'completed'] as const;
export const CART_ITEM_TYPES = [
  'activity',
  'av2Booking',
  'activityTicket',
  'membershipRenewal',
  'membership',
  'penalty',
  'other',
] as const;
/** Tenders put against a basket before checkout (the card is charged at checkout, so it is not one). */
export const CART_TENDERS = ['cash', 'offline-voucher', 'cheque', 'credit'] as const;
export const PAYMENT_TENDERS = ['card', 'credit', 'cash', 'offline-voucher', 'cheque'] as const;
export const WAITLIST_STATUSES = ['waiting', 'left', 'booked', 'expired'] as const;
export const SANDBOX_TOKEN_KINDS = ['token', 'payment_method'] as const;
export const SANDBOX_BEHAVIOURS = ['succeed', 'decline', 'challenge'] as const;
export const SANDBOX_INTENT_STATUSES = ['succeeded', 'requires_action', 'declined', 'refunded'] as const;
export const SANDBOX_CHALLENGE_STATUSES = ['pending', 'approved', 'declined'] as const;
export const BENEFIT_KINDS = ['activity', 'guest_pass'] as const;
export const BENEFIT_PERIODS = ['month', 'week'] as const;
export const PACKAGE_KINDS = ['sessions', 'guest_pass'] as const;
export const TERMS_KINDS = ['checkout', 'direct_debit', 'health_commitment', 'membership'] as const;
export const ELIGIBILITY_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const FREEZE_REQUEST_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
/** Stored statuses only: 'expired' is worked out when read (valid_to has passed unredeemed). */
export const GUEST_PASS_STATUSES = ['issued', 'redeemed'] as const;
export const GUEST_PASS_SOURCES = ['benefit', 'package'] as const;
export const PROMOTION_KINDS = ['percent', 'fixed'] as const;
export const PROMOTION_APPLIES_TO = ['joining_fee', 'first_payment', 'both'] as const;
export const CUSTOM_QUESTION_TYPES = [
  'text',
  'number',
  'select',
  'multi_select',
  'date',
  'checkbox',
] as const;
export const WAIVER_TYPES = ['simple', 'enhanced-pre-waiver'] as const;
