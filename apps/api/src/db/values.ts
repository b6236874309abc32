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
/** The statuses of a membership that still counts for its member: not started yet, active or frozen. */
export const LIVE_MEMBERSHIP_STATUSES = ['pending', 'active', 'frozen'] as const;
/** 'failed': the provider could not set the mandate up (GoCardless `mandates.failed`). */
export const MANDATE_STATUSES = ['pending_submission', 'active', 'cancelled', 'failed'] as const;
/** A direct-debit collection's status as the provider reports it (GoCardless payment statuses, trimmed). */
export const DIRECT_DEBIT_PAYMENT_STATUSES = [
  'pending_submission',
  'submitted',
  'confirmed',
  'paid_out',
  'failed',
  'cancelled',
  'charged_back',
] as const;
export const ORDER_STATUSES = ['completed', 'refunded'] as const;
export const ORDER_ITEM_KINDS = ['activity', 'membership', 'penalty', 'other'] as const;
export const BOOKING_STATUSES = ['booked', 'cancelled', 'attended', 'no_show'] as const;
export const PENALTY_STATUSES = ['unpaid', 'paid', 'waived'] as const;
export const CREDIT_KINDS = ['general', 'membership'] as const;
export const CART_STATUSES = ['open', 'completed'] as const;
/**
 * What a basket line can hold: a session, a new or renewed membership waiting for payment, a fee. The spec's wire
 * type lists more (`av2Booking`, `activityTicket`, `other`; packages/contract/src/cart.ts), which no line is made of.
 */
export const CART_ITEM_TYPES = ['activity', 'membershipRenewal', 'membership', 'penalty'] as const;
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
/**
 * 'expired' is stored by the scheduled guest-pass expiry (services/scheduled-changes) once valid_to has passed
 * unredeemed; reads work it out from valid_to too, so a pass is shown expired before the job has run.
 */
export const GUEST_PASS_STATUSES = ['issued', 'redeemed', 'expired'] as const;
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
/**
 * A date exception in a venue's weekly timetable: the venue closed all day, one rule's session cancelled or
 * changed (time, capacity, price, location) on that date, or an extra one-off session.
 */
export const TIMETABLE_EXCEPTION_KINDS = ['closed', 'cancelled', 'changed', 'extra'] as const;
/**
 * A generated session its timetable would change but that has bookings, so it was kept as it is: the rules would
 * move it (another start or activity), remove it, or give it fewer places than are booked.
 */
export const TIMETABLE_CONFLICT_KINDS = ['move', 'remove', 'capacity'] as const;
/** What asked for that change (the planner's reasons: services/timetable-rules/planner.ts). */
export const TIMETABLE_CONFLICT_REASONS = [
  'rule_changed',
  'rule_archived',
  'rule_dates',
  'closed',
  'cancelled',
  'changed',
  'extra_removed',
  'activity_archived',
  'venue_archived',
] as const;

/**
 * Who took a session off sale: the timetable (a catalogue exception or rule no longer wants a session that has
 * bookings on record, none of them live; it comes back if the timetable wants it again) or staff (the console's
 * cancel, with everything that follows; never undone by the timetable).
 */
export const SESSION_CANCELLED_BY = ['timetable', 'staff'] as const;

/** A booked member's answer to a large move of their session by staff: keep the place, or cancel with a refund. */
export const SESSION_CHANGE_CHOICES = ['kept', 'cancelled'] as const;

/**
 * A refund's life: 'pending' until the money is back (a card refund waits for the provider, retried by its job),
 * then 'succeeded'. Credit comes back in the same transaction, so its refund is 'succeeded' when written.
 */
export const REFUND_STATUSES = ['pending', 'succeeded'] as const;
/**
 * Where a refund's money goes: back to the card through the provider, to the member's account credit, or as cash
 * handed over at the desk (staff refunds, decision 074).
 */
export const REFUND_DESTINATIONS = ['card', 'credit', 'cash'] as const;
/** Consents a customer gives and withdraws (decision 077): marketing by email. */
export const CONSENTS = ['marketing_email'] as const;
/** How a consent changed: a marketing mail's link (page) or its one-click header, My details, staff at the desk. */
export const CONSENT_SOURCES = ['mail_link', 'one_click', 'my_details', 'staff'] as const;

/** Staff roles (the contract's list). */
export { STAFF_ROLES } from '@fieldhouse/contract/staff';
/** What staff can mark as checked on a customer's record (the contract's list). */
export { CUSTOMER_FLAGS } from '@fieldhouse/contract/staff-members';
/** Real card payment providers that keep records of their own here (customers, webhook events); decision 036. */
export const CARD_PROVIDERS = ['stripe'] as const;
/** A provider's webhook event: stored when it arrives, processed once by its job. */
export const WEBHOOK_EVENT_STATUSES = ['received', 'processed'] as const;
/** VAT on a product and on each order line (decision 082). */
export { VAT_TREATMENTS } from '@fieldhouse/contract/vat';
