/**
 * The one database schema (PostgreSQL dialect, runs on PGlite and PostgreSQL).
 * Money is integer minor units (pence); instants are timestamptz (UTC); calendar dates are `date`.
 * Change it here, then `npm run db:generate -w apps/api` writes the next versioned migration.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BENEFIT_KINDS,
  BENEFIT_PERIODS,
  BOOKING_STATUSES,
  CARD_PROVIDERS,
  CART_ITEM_TYPES,
  CART_STATUSES,
  CART_TENDERS,
  CONSENT_SOURCES,
  CONSENTS,
  CREDIT_KINDS,
  CUSTOM_QUESTION_TYPES,
  CUSTOMER_FLAGS,
  DIRECT_DEBIT_PAYMENT_STATUSES,
  ELIGIBILITY_DOCUMENT_STATUSES,
  FIXED_PERIODS,
  FREEZE_REQUEST_STATUSES,
  GUEST_PASS_SOURCES,
  GUEST_PASS_STATUSES,
  MAIL_STATUSES,
  MANDATE_STATUSES,
  MEMBERSHIP_COVERAGES,
  MEMBERSHIP_STATUSES,
  ORDER_ITEM_KINDS,
  ORDER_STATUSES,
  PACKAGE_KINDS,
  PAYMENT_OPTION_TYPES,
  PAYMENT_TENDERS,
  PENALTY_STATUSES,
  PROMOTION_APPLIES_TO,
  PROMOTION_KINDS,
  REFUND_DESTINATIONS,
  REFUND_STATUSES,
  SANDBOX_BEHAVIOURS,
  SANDBOX_CHALLENGE_STATUSES,
  SANDBOX_INTENT_STATUSES,
  SANDBOX_TOKEN_KINDS,
  SESSION_CANCELLED_BY,
  SESSION_CHANGE_CHOICES,
  STAFF_ROLES,
  TERMS_KINDS,
  TIMETABLE_CONFLICT_KINDS,
  TIMETABLE_CONFLICT_REASONS,
  TIMETABLE_EXCEPTION_KINDS,
  VAT_TREATMENTS,
  WAITLIST_STATUSES,
  WAIVER_TYPES,
  WEBHOOK_EVENT_STATUSES,
} from './values.ts';

/** CHECK (column in (…)): the database refuses a value outside the column's list in db/values.ts. */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** The operator's stable key for a catalogue entity (`key: gym-and-swim`); null for rows made before catalogues. */
const catalogueKey = () => text('key');
/** Set when the catalogue no longer lists the entity: no longer offered, history kept (never deleted). */
const archivedAt = () => timestamp('archived_at', { withTimezone: true });

/** Opening hours by ISO weekday ('1' = Monday … '7' = Sunday): local 'HH:MM' ranges; a missing day is closed. */
export type OpeningHours = Partial<
  Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', { opens: string; closes: string }[]>
>;

export type ClientFeatures = {
  online_joining: boolean;
  online_joining_map: boolean;
  online_guest_passes: boolean;
  credits: boolean;
  activities_v2: boolean;
  profile_photo: boolean;
};

/** The operator. One deployment normally serves one client (CLIENT_ID). */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  opGtmId: text('op_gtm_id'),
  features: jsonb('features').$type<ClientFeatures>().notNull(),
  kioskHomeUrl: text('kiosk_home_url'),
  /**
   * The key marketing mails' withdrawal links are signed with (HMAC-SHA256, decision 077): made at random on first
   * use (migration 0038), the same for every process.
   */
  mailLinkKey: text('mail_link_key'),
  supportEmail: text('support_email').notNull(),
  /** Full theme in the contract's wire shape (snake_case keys). */
  theme: jsonb('theme').$type<Record<string, string>>().notNull(),
  footerHtml: text('footer_html').notNull().default(''),
  timeZone: text('time_zone').notNull().default('Europe/London'),
  /** Postal address printed on receipts (lines separated by newlines). */
  address: text('address'),
  /** Contact telephone printed on receipts. */
  phone: text('phone'),
  /** Members may cancel online (account-shell §4 Cancel); otherwise the refusal message is shown. */
  allowOnlineCancellation: boolean('allow_online_cancellation').notNull().default(true),
  cancellationRefusalMessage: text('cancellation_refusal_message'),
  /** Days of notice a recurring membership needs to cancel (the last day is today + this). */
  cancellationNoticeDays: integer('cancellation_notice_days').notNull().default(30),
  /** Weeks ahead the timetable's sessions are generated from its weekly rules. */
  timetableHorizonWeeks: integer('timetable_horizon_weeks').notNull().default(8),
  /**
   * A session staff move by more than this many minutes (or to another day) offers each booked member to keep
   * the place or cancel with a full refund (decision 075).
   */
  sessionMoveChoiceMinutes: integer('session_move_choice_minutes').notNull().default(30),
  /**
   * Hours after a session ends when its bookings nobody marked become unattended (the member then reads
   * 'Unattended'); null leaves them unmarked. From the catalogue's `attendance.unmarked_unattended_after_hours`.
   */
  unmarkedUnattendedAfterHours: integer('unmarked_unattended_after_hours').default(2),
  /**
   * Where the attendance rule's last run stopped: sessions that ended up to this instant have been looked at
   * (services/attendance, decision 060). Null until the first run, which reads every ended session once.
   */
  attendanceCheckedUntil: timestamp('attendance_checked_until', { withTimezone: true }),
  /**
   * Fee (pence) raised when a direct-debit collection fails; 0 = the member is told, no fee. From the catalogue's
   * `direct_debit.failed_collection_fee`.
   */
  failedCollectionFee: integer('failed_collection_fee').notNull().default(0),
  /**
   * The front desk refuses entry to a member with unpaid fees (staff may override with a reason). From the
   * catalogue's `check_in.block_on_unpaid_fees` (services/staff/desk/entitlement.ts).
   */
  checkInBlocksOnUnpaidFees: boolean('check_in_blocks_on_unpaid_fees').notNull().default(false),
  createdAt: createdAt(),
  /** The operator's VAT registration number (GB123456789), printed on receipts; null when not registered (decision 082). */
  vatNumber: text('vat_number'),
  /** VAT on fees (penalties) members pay: the catalogue's `vat.fees` (checked there; no constraint, see 082). */
  feeVatTreatment: text('fee_vat_treatment', { enum: VAT_TREATMENTS }).notNull().default('standard'),
});

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Unique within its client (two clients may both have a 'central' venue). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    /** Partial theme (snake_case keys) merged over the client's theme. */
    themeOverrides: jsonb('theme_overrides').$type<Record<string, string>>().notNull().default({}),
    footerHtml: text('footer_html'),
    displayVenueSelectionButton: boolean('display_venue_selection_button').notNull().default(true),
    activitiesV2Enabled: boolean('activities_v2_enabled').notNull().default(true),
    allowIneligibleMemberships: boolean('allow_ineligible_memberships').notNull().default(false),
    /** How many days ahead sessions are released for booking. */
    bookingWindowDays: integer('booking_window_days').notNull().default(7),
    /** When the venue is open (sessions of the weekly timetable must fall inside). Empty: not stated. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default({}),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('venues_client_idx').on(t.clientId),
    uniqueIndex('venues_client_slug_idx').on(t.clientId, t.slug),
  ],
);

/**
 * Customer numbers ('FH' + this): one atomic step per registration, with no lock held and no scan of the customers
 * (services/customers/register.ts skips a number a customer was given by hand, as the demo seed gives them).
 */
export const customerReferenceSeq = pgSequence('customer_reference_seq', {
  startWith: 100001,
  minValue: 100001,
});

/** Membership references ('M-' + this), as customer numbers (services/memberships/membership-purchase.ts). */
export const membershipReferenceSeq = pgSequence('membership_reference_seq', {
  startWith: 100001,
  minValue: 100001,
});

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Customer number shown as "Customer no"; also a login name. */
    reference: text('reference').notNull().unique(),
    /** Not unique: a family may share one email across several accounts. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    dateOfBirth: date('date_of_birth'),
    phone: text('phone'),
    homeVenueId: integer('home_venue_id').references(() => venues.id),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    source: text('source').notNull().default('online'),
    /** Day of month direct debits are collected; null until a recurring membership sets it. */
    billingDay: integer('billing_day'),
    hasInstruction: boolean('has_instruction').notNull().default(false),
    profilePhotoPath: text('profile_photo_path'),
    /** Stored size of the profile photo (counts towards the upload quota); null with no photo. */
    profilePhotoBytes: integer('profile_photo_bytes'),
    profilePhotoReminderDismissed: boolean('profile_photo_reminder_dismissed').notNull().default(false),
    /** The customer's own postal address, as staff record it (migration 0033; none before). */
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    town: text('town'),
    postcode: text('postcode'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    /** What the customer told staff about their health (conditions, medication, allergies); free text. */
    medicalNotes: text('medical_notes'),
    /**
     * A walk-in: the staff member who made the record at the desk (null: registered online). A walk-in has no
     * password (an empty `password_hash`, which no password matches) until they set one by a mailed link
     * (decision 070).
     */
    createdByStaffId: integer('created_by_staff_id').references((): AnyPgColumn => staffAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    // `text_pattern_ops`: an email prefix (the desk's search) is an index range as well as an exact email.
    index('customers_email_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('customers_client_idx').on(t.clientId),
    // Reports (issue 37, decision 081): new members of a venue on a day.
    index('customers_home_venue_created_idx').on(t.homeVenueId, t.createdAt),
    // The desk's search (services/staff/desk/search.ts, decision 059): a customer number or its start; every word of
    // a name anywhere in the first or last name (pg_trgm's trigrams, migration 0025); a first or last name's start,
    // for words too short for a trigram.
    index('customers_reference_prefix_idx').on(sql`upper(${t.reference}) text_pattern_ops`),
    index('customers_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('customers_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('customers_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the random token; the token itself is only ever in the HttpOnly cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_customer_idx').on(t.customerId)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Every mail goes through the outbox; a sender delivers it (SMTP) or leaves it for /api/dev/mail (demo). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    /** The last delivery error (SMTP's answer), kept after a retry succeeds only until it is sent. */
    error: text('error'),
    /** Delivery attempts made (every try counts, across re-queues). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When its delivery job was queued (null: waiting for the dispatcher; a re-queue clears it). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** An attempt in progress holds the mail until then; no other attempt sends it meanwhile. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** Extra headers sent with the mail (a marketing mail's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status),
    oneOf('mail_outbox_status_check', t.status, MAIL_STATUSES),
  ],
);

export const membershipTypes = pgTable(
  'membership_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** Unique within its client. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    category: text('category').notNull(),
    /** 'national' or 'venues' (then membership_type_venues lists them). */
    coverage: text('coverage', { enum: MEMBERSHIP_COVERAGES }).notNull(),
    eligibilityName: text('eligibility_name'),
    /** The proof the member uploads (documents); null when no document is needed. */
    eligibilityCriterionId: integer('eligibility_criterion_id').references(
      (): AnyPgColumn => eligibilityCriteria.id,
      { onDelete: 'set null' },
    ),
    sortOrder: integer('sort_order').notNull().default(0),
    /** What the membership gives access to (names shown in the details modal). */
    providesAccessTo: jsonb('provides_access_to').$type<string[]>().notNull().default([]),
    archivedAt: archivedAt(),
    /** VAT on what members pay for it (decision 082). */
    vatTreatment: text('vat_treatment', { enum: VAT_TREATMENTS }).notNull().default('standard'),
  },
  (t) => [
    uniqueIndex('membership_types_client_slug_idx').on(t.clientId, t.slug),
    oneOf('membership_types_vat_treatment_check', t.vatTreatment, VAT_TREATMENTS),
    oneOf('membership_types_coverage_check', t.coverage, MEMBERSHIP_COVERAGES),
  ],
);

export const membershipTypeVenues = pgTable(
  'membership_type_venues',
  {
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('membership_type_venues_pk').on(t.membershipTypeId, t.venueId)],
);

export const paymentOptions = pgTable(
  'payment_options',
  {
    id: serial('id').primaryKey(),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    paymentType: text('payment_type', { enum: PAYMENT_OPTION_TYPES }).notNull(),
    fixedDuration: integer('fixed_duration'),
    fixedPeriod: text('fixed_period', { enum: FIXED_PERIODS }),
    /** Monthly price (recurring) or the whole price (fixed), pence. */
    baseFee: integer('base_fee').notNull(),
    joiningFee: integer('joining_fee').notNull().default(0),
    /** The operator collects one base fee up front ('month in hand') on joining (recurring only). */
    monthInHand: boolean('month_in_hand').notNull().default(false),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('payment_options_type_key_idx').on(t.membershipTypeId, t.key),
    check('payment_options_fees_nonneg', sql`${t.baseFee} >= 0 and ${t.joiningFee} >= 0`),
    oneOf('payment_options_payment_type_check', t.paymentType, PAYMENT_OPTION_TYPES),
    oneOf('payment_options_fixed_period_check', t.fixedPeriod, FIXED_PERIODS),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id),
    paymentOptionId: integer('payment_option_id')
      .notNull()
      .references(() => paymentOptions.id),
    homeVenueId: integer('home_venue_id')
      .notNull()
      .references(() => venues.id),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull(),
    startDate: date('start_date').notNull(),
    expiresAt: date('expires_at'),
    nextPaymentDate: date('next_payment_date'),
    /** Price per period in pence at the time of joining. */
    price: integer('price').notNull(),
    /**
     * True while a new membership waits, unpaid, in the customer's basket (status 'pending', shown 'Awaiting
     * payment': services/memberships/status-info.ts); checkout clears it. Such memberships are not the customer's yet (not listed, no benefits).
     */
    awaitingPayment: boolean('awaiting_payment').notNull().default(false),
    /** What joining cost (pence, venue-local dates), fixed when the membership was submitted. */
    joinCosts: jsonb('join_costs').$type<JoinCostsSnapshot>(),
    promotionId: integer('promotion_id').references(() => membershipPromotions.id, { onDelete: 'set null' }),
    mandateId: integer('mandate_id').references((): AnyPgColumn => directDebitMandates.id, {
      onDelete: 'set null',
    }),
    /** The member asked to cancel while they had unpaid fees; checkout that clears the fees cancels it. */
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true }),
    /** A change: this membership takes over from that one (which ends the day before this starts). */
    replacesMembershipId: integer('replaces_membership_id').references((): AnyPgColumn => memberships.id, {
      onDelete: 'set null',
    }),
    /** A renewal: this membership follows that fixed one (it starts the day after that one expires). */
    renewsMembershipId: integer('renews_membership_id').references((): AnyPgColumn => memberships.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('memberships_customer_idx').on(t.customerId),
    // Reports (issue 37, decision 081): a venue's memberships that overlap a period.
    index('memberships_home_venue_start_idx').on(t.homeVenueId, t.startDate),
    // The collections due in the next days (scheduled-changes/collections.ts, decision 060).
    index('memberships_next_payment_idx')
      .on(t.nextPaymentDate, t.id)
      .where(sql`${t.nextPaymentDate} is not null`),
    index('memberships_awaiting_payment_idx').on(t.customerId).where(sql`${t.awaitingPayment}`),
    oneOf('memberships_status_check', t.status, MEMBERSHIP_STATUSES),
  ],
);

/** The join costs a membership was sold with (pence; dates YYYY-MM-DD, venue-local). */
export type JoinCostsSnapshot = {
  joiningFee: number;
  baseFee: number;
  proRataFee: number;
  proRataDays: number;
  monthInHandFee: number;
  discount: number;
  totalToPayNow: number;
  firstBillingDate: string | null;
  billingDay: number | null;
  /** The member kept their existing billing day ('Starting next month on your usual payment date'). */
  usualPaymentDate: boolean;
};

/**
 * A direct-debit mandate set up through the provider (DIRECT_DEBIT_PROVIDER). Only what the member is shown again
 * is kept: the last digits of the account number and a masked sort code, never the full account number.
 */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's reference for the mandate (the scheme reference on the member's bank statement). */
    reference: text('reference').notNull().unique(),
    /** The provider's id of the mandate when it differs from the reference (GoCardless 'MD…'); null for the sandbox. */
    providerMandateId: text('provider_mandate_id').unique(),
    accountHolder: text('account_holder').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    /** e.g. '20-**-**'. */
    sortCodeMasked: text('sort_code_masked').notNull(),
    billingAddressLine1: text('billing_address_line1').notNull(),
    billingAddressLine2: text('billing_address_line2'),
    billingCity: text('billing_city').notNull(),
    billingPostcode: text('billing_postcode').notNull(),
    status: text('status', { enum: MANDATE_STATUSES }).notNull().default('pending_submission'),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('direct_debit_mandates_customer_idx').on(t.customerId),
    // The desk's search by postcode, spaces ignored (decision 059).
    index('direct_debit_mandates_postcode_idx').on(
      sql`replace(upper(${t.billingPostcode}), ' ', '') text_pattern_ops`,
    ),
    check('direct_debit_mandates_last4', sql`${t.accountNumberLast4} ~ '^[0-9]{2,4}$'`),
    oneOf('direct_debit_mandates_status_check', t.status, MANDATE_STATUSES),
  ],
);

/** Collections taken by direct debit against a mandate (GoCardless payments), as the provider reports them. */
export const directDebitPayments = pgTable(
  'direct_debit_payments',
  {
    id: serial('id').primaryKey(),
    mandateId: integer('mandate_id')
      .notNull()
      .references(() => directDebitMandates.id, { onDelete: 'cascade' }),
    /** The membership the collection is for, when known. */
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id, {
      onDelete: 'set null',
    }),
    provider: text('provider').notNull(),
    /** The provider's id of the payment (GoCardless 'PM…'). */
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    /** Pence. */
    amount: integer('amount').notNull(),
    /** The day the money leaves the member's account (venue-local calendar day). */
    chargeDate: date('charge_date').notNull(),
    status: text('status', { enum: DIRECT_DEBIT_PAYMENT_STATUSES }).notNull().default('pending_submission'),
    /** The provider's reason when it failed (e.g. insufficient_funds). */
    failureReason: text('failure_reason'),
    /** The fee raised when it failed (catalogue rule), if any. */
    penaltyId: integer('penalty_id').references((): AnyPgColumn => penalties.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('direct_debit_payments_mandate_idx').on(t.mandateId),
    // Whether a membership's collection was asked for already (decision 060).
    index('direct_debit_payments_membership_idx').on(t.membershipId, t.chargeDate),
    // Reports (issue 37, decision 081): a period's collections by charge date.
    index('direct_debit_payments_charge_date_idx').on(t.chargeDate),
    check('direct_debit_payments_amount_pos', sql`${t.amount} > 0`),
    oneOf('direct_debit_payments_status_check', t.status, DIRECT_DEBIT_PAYMENT_STATUSES),
  ],
);

/**
 * Every webhook event a direct-debit provider sent, stored once by its id (a replay inserts nothing) and processed
 * by the job 'direct-debit-webhook-event' (processed_at set in the same transaction as its effects).
 */
export const directDebitWebhookEvents = pgTable(
  'direct_debit_webhook_events',
  {
    /** The provider's event id (GoCardless 'EV…'). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** e.g. 'mandates', 'payments'. */
    resourceType: text('resource_type').notNull(),
    /** e.g. 'active', 'failed', 'cancelled', 'confirmed'. */
    action: text('action').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What processing did, in a few words (e.g. 'mandate cancelled', 'ignored: unknown mandate'). */
    outcome: text('outcome'),
  },
  (t) => [
    index('direct_debit_webhook_events_unprocessed_idx').on(t.receivedAt).where(sql`processed_at is null`),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    locationName: text('location_name').notNull(),
    /** Default price per place, pence. */
    price: integer('price').notNull(),
    capacity: integer('capacity').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Bookings cannot be cancelled within this many hours of the start. */
    cancellationCutoffHours: integer('cancellation_cutoff_hours').notNull().default(2),
    /** Whether a cancellation before the cut-off is refunded as booking credit. */
    cancellationAwardsCredit: boolean('cancellation_awards_credit').notNull().default(true),
    /** The waiver attendees must have signed (an unexpired signature of any version) before booking. */
    waiverId: integer('waiver_id').references((): AnyPgColumn => waivers.id, { onDelete: 'set null' }),
    /**
     * Shown as 'requires a waiver'. Set whenever waiver_id is (check below); may also be set without a waiver_id
     * for rows from before online waivers (then nothing can be signed online and checkout does not ask).
     */
    requiresWaiver: boolean('requires_waiver').notNull().default(false),
    /** Places one booking may take (court hire for several players, tickets); 1 for a class. */
    maxPlacesPerBooking: integer('max_places_per_booking').notNull().default(1),
    key: catalogueKey(),
    archivedAt: archivedAt(),
    /** VAT on its price (decision 082): exempt swimming lessons, standard classes. */
    vatTreatment: text('vat_treatment', { enum: VAT_TREATMENTS }).notNull().default('standard'),
  },
  (t) => [
    uniqueIndex('activities_venue_key_idx').on(t.venueId, t.key),
    oneOf('activities_vat_treatment_check', t.vatTreatment, VAT_TREATMENTS),
    check('activities_nonneg', sql`${t.price} >= 0 and ${t.capacity} > 0 and ${t.durationMinutes} > 0`),
    check('activities_max_places', sql`${t.maxPlacesPerBooking} >= 1`),
    check('activities_waiver_required', sql`${t.waiverId} is null or ${t.requiresWaiver}`),
  ],
);

export const activitySessions = pgTable(
  'activity_sessions',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    /** Places taken; the check constraint makes overbooking impossible. */
    bookedCount: integer('booked_count').notNull().default(0),
    price: integer('price').notNull(),
    locationName: text('location_name').notNull(),
    /** The weekly timetable rule this session was generated from, and its local date (one per rule and date). */
    ruleId: integer('rule_id').references((): AnyPgColumn => timetableRules.id),
    localDate: date('local_date', { mode: 'string' }),
    /** The timetable exception (a one-off session) this session was generated from. */
    exceptionId: integer('exception_id').references((): AnyPgColumn => timetableExceptions.id),
    /** Off sale since (never bookable again unless the timetable that cancelled it wants it back): who and why. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: SESSION_CANCELLED_BY }),
    cancellationReason: text('cancellation_reason'),
    /**
     * Moved or changed in the staff console (start, location, capacity; decision 075): the console's from then on,
     * so timetable generation leaves it as staff made it (its (rule, date) stays taken).
     */
    changedByStaffAt: timestamp('changed_by_staff_at', { withTimezone: true }),
  },
  (t) => [
    index('activity_sessions_venue_start_idx').on(t.venueId, t.startsAt),
    // The sessions that ended since the attendance rule's last run (decision 060).
    index('activity_sessions_ends_at_idx').on(t.endsAt),
    uniqueIndex('activity_sessions_rule_date_idx').on(t.ruleId, t.localDate),
    uniqueIndex('activity_sessions_exception_idx').on(t.exceptionId),
    check('activity_sessions_capacity', sql`${t.bookedCount} >= 0 and ${t.bookedCount} <= ${t.capacity}`),
    check('activity_sessions_times', sql`${t.endsAt} > ${t.startsAt}`),
    oneOf('activity_sessions_cancelled_by_check', t.cancelledBy, SESSION_CANCELLED_BY),
    check('activity_sessions_cancelled', sql`(${t.cancelledAt} is null) = (${t.cancelledBy} is null)`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Total charged, pence. */
    total: integer('total').notNull(),
    paymentType: text('payment_type').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('completed'),
    /** Same key twice yields the same order (idempotent checkout). */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
    /**
     * The venue whose takings the order is (decision 080): its first line's (a session's venue, a membership's home
     * venue, a fee's venue), else the customer's home venue. Set in the order's transaction (db/order-venue.ts).
     */
    venueId: integer('venue_id').references(() => venues.id),
    /** The staff member who took it at the desk (null: the member's own checkout online). */
    staffId: integer('staff_id').references((): AnyPgColumn => staffAccounts.id),
    /** The till session whose drawer took its cash, cheques and vouchers at the desk (decision 083); null: no till. */
    tillSessionId: integer('till_session_id').references((): AnyPgColumn => tillSessions.id),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_till_session_idx').on(t.tillSessionId).where(sql`${t.tillSessionId} is not null`),
    // Reports (issue 37): a period's orders, of every venue or of one.
    index('orders_created_idx').on(t.createdAt),
    index('orders_venue_created_idx').on(t.venueId, t.createdAt),
    check('orders_total_nonneg', sql`${t.total} >= 0`),
    oneOf('orders_status_check', t.status, ORDER_STATUSES),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_ITEM_KINDS }).notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    activitySessionId: integer('activity_session_id').references(() => activitySessions.id),
    membershipId: integer('membership_id').references(() => memberships.id),
    penaltyId: integer('penalty_id'),
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id),
    /**
     * VAT at the time of sale (decision 082): the product's treatment, its rate in basis points (2000 = 20%) on the
     * sale's date, and the VAT included in the price (pence), which the database computes from those two:
     * round(price × rate / (10000 + rate)), halves away from zero (vatIncludedIn in the contract agrees).
     */
    vatTreatment: text('vat_treatment', { enum: VAT_TREATMENTS }).notNull().default('standard'),
    vatRate: integer('vat_rate').notNull().default(2000),
    vatAmount: integer('vat_amount')
      .notNull()
      .generatedAlwaysAs(sql`round(price::numeric * vat_rate / (10000 + vat_rate))::integer`),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    oneOf('order_items_vat_treatment_check', t.vatTreatment, VAT_TREATMENTS),
    check(
      'order_items_vat_rate',
      sql`${t.vatRate} >= 0 and (${t.vatRate} = 0 or ${t.vatTreatment} in ('standard', 'reduced'))`,
    ),
    // Deleting a session (timetable generation) checks this reference; without the index, a scan per session.
    index('order_items_session_idx').on(t.activitySessionId),
    oneOf('order_items_kind_check', t.kind, ORDER_ITEM_KINDS),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    activitySessionId: integer('activity_session_id')
      .notNull()
      .references(() => activitySessions.id),
    orderId: integer('order_id').references(() => orders.id),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    attended: boolean('attended'),
    /** Price paid for all its places, pence. */
    price: integer('price').notNull(),
    /** Places this booking takes on the session (the basket line's quantity). */
    places: integer('places').notNull().default(1),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('bookings_places', sql`${t.places} >= 1`),
    index('bookings_customer_idx').on(t.customerId),
    index('bookings_session_idx').on(t.activitySessionId),
    // The attendance rule's hourly search: only bookings still waiting for a mark.
    index('bookings_unmarked_idx')
      .on(t.activitySessionId)
      .where(sql`${t.attended} is null and ${t.status} = 'booked'`),
    uniqueIndex('bookings_one_live_per_session')
      .on(t.customerId, t.activitySessionId)
      .where(sql`${t.status} <> 'cancelled'`),
    oneOf('bookings_status_check', t.status, BOOKING_STATUSES),
  ],
);

export const penalties = pgTable(
  'penalties',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    type: text('type').notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PENALTY_STATUSES }).notNull().default('unpaid'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('penalties_customer_idx').on(t.customerId),
    check('penalties_amount_pos', sql`${t.amount} > 0`),
    oneOf('penalties_status_check', t.status, PENALTY_STATUSES),
  ],
);

/** Credit ledger: positive amounts are credit added, negative amounts credit spent. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    description: text('description'),
    relatedItem: text('related_item'),
    location: text('location'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The order that spent (or the booking whose cancellation awarded) this credit. */
    orderId: integer('order_id').references(() => orders.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_transactions_customer_idx').on(t.customerId),
    index('credit_transactions_order_idx').on(t.orderId),
    index('credit_transactions_booking_idx').on(t.bookingId),
    oneOf('credit_transactions_kind_check', t.kind, CREDIT_KINDS),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Booking journey: basket, payments, waitlists, membership benefits, packages, terms

/** One open basket per customer; `version` increments on every change (checkout's idempotency key uses it). */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CART_STATUSES }).notNull().default('open'),
    version: integer('version').notNull().default(1),
    completeOrderId: integer('complete_order_id').references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carts_one_open_per_customer').on(t.customerId).where(sql`${t.status} = 'open'`),
    index('carts_customer_idx').on(t.customerId, t.id),
    oneOf('carts_status_check', t.status, CART_STATUSES),
  ],
);

/**
 * A line in a basket. Prices are worked out when the basket is read (session price, benefit, package);
 * `usage_removed` records that the customer took a benefit or package off this line (full price from then on).
 * What the line is for is one of three foreign keys, exactly the one its type names (a session, a membership
 * waiting in the basket, a fee); `cartable_id`, the spec's name on the wire, is whichever of them is set, kept by
 * the database (decision 045).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    cartableType: text('cartable_type', { enum: CART_ITEM_TYPES }).notNull(),
    /** An 'activity' line's session (a session removed from the timetable leaves the baskets). */
    sessionId: integer('session_id').references((): AnyPgColumn => activitySessions.id, {
      onDelete: 'cascade',
    }),
    /** A 'membership' or 'membershipRenewal' line's membership, waiting unpaid in this basket. */
    membershipId: integer('membership_id').references((): AnyPgColumn => memberships.id, {
      onDelete: 'cascade',
    }),
    /** A 'penalty' line's fee. */
    penaltyId: integer('penalty_id').references((): AnyPgColumn => penalties.id, { onDelete: 'cascade' }),
    /** The line's item, whichever of the three keys is set (read-only: the database computes it). */
    cartableId: integer('cartable_id')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(session_id, membership_id, penalty_id)`),
    quantity: integer('quantity').notNull().default(1),
    usageRemoved: boolean('usage_removed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_one_per_cartable').on(t.cartId, t.cartableType, t.cartableId),
    /** Which baskets hold a session or fee (timetable in_basket, releases, cancellations). */
    index('cart_items_cartable_idx').on(t.cartableType, t.cartableId),
    index('cart_items_session_idx').on(t.sessionId),
    index('cart_items_membership_idx').on(t.membershipId),
    index('cart_items_penalty_idx').on(t.penaltyId),
    check('cart_items_quantity', sql`${t.quantity} >= 1`),
    oneOf('cart_items_cartable_type_check', t.cartableType, CART_ITEM_TYPES),
    check(
      'cart_items_exactly_one_item',
      sql`num_nonnulls(${t.sessionId}, ${t.membershipId}, ${t.penaltyId}) = 1 and (${t.cartableType} = 'activity') = (${t.sessionId} is not null) and (${t.cartableType} in ('membership', 'membershipRenewal')) = (${t.membershipId} is not null) and (${t.cartableType} = 'penalty') = (${t.penaltyId} is not null)`,
    ),
  ],
);

/** Credit and (front-of-house) offline tenders put against the basket before checkout. */
export const cartPayments = pgTable(
  'cart_payments',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    tenderType: text('tender_type', { enum: CART_TENDERS }).notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    uniqueIndex('cart_payments_one_per_tender').on(t.cartId, t.tenderType),
    check('cart_payments_amount_pos', sql`${t.amount} > 0`),
    oneOf('cart_payments_tender_type_check', t.tenderType, CART_TENDERS),
  ],
);

/** How an order was paid: one row per tender. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tenderType: text('tender_type', { enum: PAYMENT_TENDERS }).notNull(),
    amount: integer('amount').notNull(),
    providerChargeId: text('provider_charge_id'),
    /** e.g. 'Visa ending in 4242'. */
    cardDescription: text('card_description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_pos', sql`${t.amount} > 0`),
    oneOf('payments_tender_type_check', t.tenderType, PAYMENT_TENDERS),
  ],
);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    activitySessionId: integer('activity_session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_one_live_entry')
      .on(t.customerId, t.activitySessionId)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_session_queue_idx')
      .on(t.activitySessionId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    oneOf('waitlist_entries_status_check', t.status, WAITLIST_STATUSES),
  ],
);

/** A card the customer asked us to remember: only the provider's reference and what the card shows. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    cardholderName: text('cardholder_name').notNull(),
    billingFirstName: text('billing_first_name').notNull(),
    billingLastName: text('billing_last_name').notNull(),
    billingAddressLine1: text('billing_address_line1').notNull(),
    billingAddressLine2: text('billing_address_line2'),
    billingCity: text('billing_city').notNull(),
    billingPostcode: text('billing_postcode').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_cards_customer_idx').on(t.customerId),
    // The desk's search by postcode, spaces ignored, of cards not removed (decision 059).
    index('saved_cards_postcode_idx')
      .on(sql`replace(upper(${t.billingPostcode}), ' ', '') text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * The sandbox payment provider's own records (a real provider keeps these on its side).
 * Tokens and saved payment methods: what the card shows and how the sandbox behaves; never the number or CVC.
 */
export const sandboxCardTokens = pgTable(
  'sandbox_card_tokens',
  {
    token: text('token').primaryKey(),
    kind: text('kind', { enum: SANDBOX_TOKEN_KINDS }).notNull(),
    /** The customer the card belongs to: who made the token while logged in, else the first to pay with it. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    behaviour: text('behaviour', { enum: SANDBOX_BEHAVIOURS }).notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    cardholderName: text('cardholder_name').notNull(),
    billing: jsonb('billing').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('sandbox_card_tokens_kind_check', t.kind, SANDBOX_TOKEN_KINDS),
    oneOf('sandbox_card_tokens_behaviour_check', t.behaviour, SANDBOX_BEHAVIOURS),
  ],
);

/** Sandbox payment intents: one per idempotency key, so a retried charge never charges twice. */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('GBP'),
    status: text('status', { enum: SANDBOX_INTENT_STATUSES }).notNull(),
    challengeId: text('challenge_id').unique(),
    challengeStatus: text('challenge_status', { enum: SANDBOX_CHALLENGE_STATUSES }),
    cardTokenRef: text('card_token_ref').notNull(),
    saveCard: boolean('save_card').notNull().default(false),
    savedCardRef: text('saved_card_ref'),
    chargeId: text('charge_id').unique(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_intents_amount_pos', sql`${t.amount} > 0`),
    oneOf('sandbox_payment_intents_status_check', t.status, SANDBOX_INTENT_STATUSES),
    oneOf('sandbox_payment_intents_challenge_status_check', t.challengeStatus, SANDBOX_CHALLENGE_STATUSES),
  ],
);

/**
 * Sandbox refunds: one per idempotency key, so a retried refund (a job run again after a crash) returns the first
 * refund and never refunds twice, as a real provider's idempotency key does.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    id: text('id').notNull().unique(),
    intentId: text('intent_id')
      .notNull()
      .references(() => sandboxPaymentIntents.id),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_refunds_amount_nonneg', sql`${t.amount} >= 0`)],
);

/**
 * Guest-pass allowances (membership benefits and packages of kind 'guest_pass') are identified on the wire by a
 * `pricing_option_id`; benefits and packages draw it from this one sequence, so the id never names two allowances.
 */
export const pricingOptionIdSeq = pgSequence('pricing_option_id_seq', { startWith: 1000 });
const pricingOptionId = () =>
  integer('pricing_option_id').notNull().default(sql`nextval('pricing_option_id_seq')`);

/**
 * What a membership type includes, a number of times per period: kind 'activity' is a discount on activities of
 * one category; kind 'guest_pass' lets the member send guest passes (at the venues the membership covers).
 */
export const membershipBenefits = pgTable(
  'membership_benefits',
  {
    id: serial('id').primaryKey(),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BENEFIT_KINDS }).notNull().default('activity'),
    pricingOptionId: pricingOptionId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Applies to activities whose category equals this (case-insensitive). */
    activityCategory: text('activity_category').notNull(),
    /** 100 = free. */
    discountPercent: integer('discount_percent').notNull(),
    usesPerPeriod: integer('uses_per_period').notNull(),
    period: text('period', { enum: BENEFIT_PERIODS }).notNull(),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('membership_benefits_type_idx').on(t.membershipTypeId),
    uniqueIndex('membership_benefits_type_key_idx').on(t.membershipTypeId, t.key),
    uniqueIndex('membership_benefits_pricing_option_idx').on(t.pricingOptionId),
    check(
      'membership_benefits_values',
      sql`${t.discountPercent} between 1 and 100 and ${t.usesPerPeriod} > 0`,
    ),
    oneOf('membership_benefits_kind_check', t.kind, BENEFIT_KINDS),
    oneOf('membership_benefits_period_check', t.period, BENEFIT_PERIODS),
  ],
);

export const benefitUsages = pgTable(
  'benefit_usages',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    benefitId: integer('benefit_id')
      .notNull()
      .references(() => membershipBenefits.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id),
    /** A guest pass sent with a guest-pass benefit. */
    guestPassId: integer('guest_pass_id').references((): AnyPgColumn => guestPasses.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the booking is cancelled: the use counts again. */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    index('benefit_usages_membership_idx').on(t.membershipId, t.benefitId, t.usedAt),
    index('benefit_usages_booking_idx').on(t.bookingId),
  ],
);

/**
 * A bundle the customer bought: kind 'sessions' (e.g. '10 Yoga Class Pass', used on activities of one category)
 * or kind 'guest_pass' (e.g. '5 Guest Pass Bundle', used to send guest passes at its venues).
 */
export const customerPackages = pgTable(
  'customer_packages',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PACKAGE_KINDS }).notNull().default('sessions'),
    pricingOptionId: pricingOptionId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    area: text('area').notNull(),
    /** Applies to activities whose category equals this (case-insensitive). */
    activityCategory: text('activity_category').notNull(),
    sessionsIncluded: integer('sessions_included').notNull(),
    sessionsRemaining: integer('sessions_remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    price: integer('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_packages_customer_idx').on(t.customerId),
    uniqueIndex('customer_packages_pricing_option_idx').on(t.pricingOptionId),
    check(
      'customer_packages_sessions',
      sql`${t.sessionsRemaining} >= 0 and ${t.sessionsRemaining} <= ${t.sessionsIncluded}`,
    ),
    oneOf('customer_packages_kind_check', t.kind, PACKAGE_KINDS),
  ],
);

export const packageUsages = pgTable(
  'package_usages',
  {
    id: serial('id').primaryKey(),
    customerPackageId: integer('customer_package_id')
      .notNull()
      .references(() => customerPackages.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id),
    /** A guest pass sent with a guest-pass package. */
    guestPassId: integer('guest_pass_id').references((): AnyPgColumn => guestPasses.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    index('package_usages_package_idx').on(t.customerPackageId),
    index('package_usages_booking_idx').on(t.bookingId),
  ],
);

/** The client's terms (kind 'checkout': the booking terms the customer agrees to at checkout). */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** checkout (agreed at the basket checkout), or the joining kinds: direct_debit, health_commitment, membership. */
    kind: text('kind', { enum: TERMS_KINDS }).notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('terms_client_idx').on(t.clientId, t.kind),
    uniqueIndex('terms_client_key_idx').on(t.clientId, t.key),
    oneOf('terms_kind_check', t.kind, TERMS_KINDS),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Membership management: eligibility documents, freezes (account-shell §4 Memberships)

/** What a membership type asks the member to prove (e.g. 'Full-time student'). */
export const eligibilityCriteria = pgTable(
  'eligibility_criteria',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    key: catalogueKey(),
  },
  (t) => [uniqueIndex('eligibility_criteria_client_key_idx').on(t.clientId, t.key)],
);

/** The documents that prove a criterion (e.g. 'Student ID card'). */
export const eligibilityDocumentTypes = pgTable(
  'eligibility_document_types',
  {
    id: serial('id').primaryKey(),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => eligibilityCriteria.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('eligibility_document_types_criterion_idx').on(t.criterionId),
    uniqueIndex('eligibility_document_types_criterion_key_idx').on(t.criterionId, t.key),
  ],
);

/**
 * An uploaded proof of eligibility. The bytes live in the file storage under a server-made key; the operator
 * approves or rejects it (with a reason) and may set the date it stops being good.
 */
export const eligibilityDocuments = pgTable(
  'eligibility_documents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    criterionId: integer('criterion_id')
      .notNull()
      .references(() => eligibilityCriteria.id),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => eligibilityDocumentTypes.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: text('status', { enum: ELIGIBILITY_DOCUMENT_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    expiresOn: date('expires_on'),
    /** When the member was mailed that it is about to expire (once per document: services/scheduled-changes). */
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When staff approved or rejected it, and who (null while pending). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByStaffId: integer('decided_by_staff_id').references((): AnyPgColumn => staffAccounts.id),
  },
  (t) => [
    index('eligibility_documents_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('eligibility_documents_membership_idx').on(t.membershipId, t.createdAt),
    index('eligibility_documents_customer_idx').on(t.customerId),
    oneOf('eligibility_documents_status_check', t.status, ELIGIBILITY_DOCUMENT_STATUSES),
  ],
);

/** Why a member may freeze, for how many months, at what monthly fee (pence), and the proof it needs. */
export const freezeTypes = pgTable(
  'freeze_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    reason: text('reason').notNull(),
    /** Months the member may choose, e.g. [1, 2, 3]. */
    timePeriods: jsonb('time_periods').$type<number[]>().notNull(),
    monthlyFee: integer('monthly_fee').notNull().default(0),
    proofDocumentTypeId: integer('proof_document_type_id').references(() => eligibilityDocumentTypes.id),
    proofDescription: text('proof_description'),
    sortOrder: integer('sort_order').notNull().default(0),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    check('freeze_types_fee_nonneg', sql`${t.monthlyFee} >= 0`),
    uniqueIndex('freeze_types_client_key_idx').on(t.clientId, t.key),
  ],
);

/** A member's request to freeze; the operator approves it (the membership stays active until then). */
export const freezeRequests = pgTable(
  'freeze_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    freezeTypeId: integer('freeze_type_id')
      .notNull()
      .references(() => freezeTypes.id),
    activeFrom: date('active_from').notNull(),
    months: integer('months').notNull(),
    storageKey: text('storage_key'),
    originalName: text('original_name'),
    mimeType: text('mime_type'),
    /** Stored size of the proof file (counts towards the upload quota); null without a file. */
    sizeBytes: integer('size_bytes'),
    status: text('status', { enum: FREEZE_REQUEST_STATUSES }).notNull().default('pending_approval'),
    /** An approved freeze took effect (the membership became frozen) at this moment (services/scheduled-changes). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The freeze was over (the membership active again) at this moment. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Why staff rejected it (shown to the member). */
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByStaffId: integer('decided_by_staff_id').references((): AnyPgColumn => staffAccounts.id),
  },
  (t) => [
    index('freeze_requests_membership_idx').on(t.membershipId),
    // The approvals queue, a page at a time in submitted order (services/staff/approvals.ts).
    index('freeze_requests_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending_approval'`),
    uniqueIndex('freeze_requests_one_pending')
      .on(t.membershipId)
      .where(sql`${t.status} = 'pending_approval'`),
    check('freeze_requests_months_pos', sql`${t.months} > 0`),
    oneOf('freeze_requests_status_check', t.status, FREEZE_REQUEST_STATUSES),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Guest passes

/** Where a guest-pass package may be used; a package without rows here is good at every venue of the client. */
export const customerPackageVenues = pgTable(
  'customer_package_venues',
  {
    customerPackageId: integer('customer_package_id')
      .notNull()
      .references(() => customerPackages.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('customer_package_venues_pk').on(t.customerPackageId, t.venueId)],
);

/**
 * A guest pass a customer sent to a friend. `status` is issued, redeemed, or expired (stored by the scheduled
 * expiry once valid_to has passed unredeemed; reads work it out from valid_to as well). The allowance it used is a membership benefit or a package.
 */
export const guestPasses = pgTable(
  'guest_passes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    /** Shown to the venue by the guest. */
    code: text('code').notNull().unique(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    status: text('status', { enum: GUEST_PASS_STATUSES }).notNull().default('issued'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** The staff member who redeemed it at the front desk. */
    redeemedByStaffId: integer('redeemed_by_staff_id').references((): AnyPgColumn => staffAccounts.id),
    sourceType: text('source_type', { enum: GUEST_PASS_SOURCES }).notNull(),
    membershipId: integer('membership_id').references(() => memberships.id),
    benefitId: integer('benefit_id').references(() => membershipBenefits.id),
    customerPackageId: integer('customer_package_id').references(() => customerPackages.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('guest_passes_customer_idx').on(t.customerId, t.createdAt),
    check(
      'guest_passes_source',
      sql`(${t.sourceType} = 'benefit' and ${t.membershipId} is not null and ${t.benefitId} is not null) or (${t.sourceType} = 'package' and ${t.customerPackageId} is not null)`,
    ),
    oneOf('guest_passes_status_check', t.status, GUEST_PASS_STATUSES),
    oneOf('guest_passes_source_type_check', t.sourceType, GUEST_PASS_SOURCES),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Online joining

/**
 * A promotion code for joining: `kind` percent (value 1–100) or fixed (value in pence) off the joining fee and/or the
 * first payment (`applies_to`). Valid for one payment option, or every option of the client when that is null.
 */
export const membershipPromotions = pgTable(
  'membership_promotions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    code: text('code').notNull(),
    paymentOptionId: integer('payment_option_id').references(() => paymentOptions.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    value: integer('value').notNull(),
    appliesTo: text('applies_to', { enum: PROMOTION_APPLIES_TO }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('membership_promotions_code_idx').on(t.clientId, sql`upper(${t.code})`),
    uniqueIndex('membership_promotions_client_key_idx').on(t.clientId, t.key),
    check(
      'membership_promotions_value',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    oneOf('membership_promotions_kind_check', t.kind, PROMOTION_KINDS),
    oneOf('membership_promotions_applies_to_check', t.appliesTo, PROMOTION_APPLIES_TO),
  ],
);

/** The operator's extra questions asked when joining a membership type (spec §3 Custom question). */
export const customQuestions = pgTable(
  'custom_questions',
  {
    id: serial('id').primaryKey(),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: CUSTOM_QUESTION_TYPES }).notNull(),
    /** Choices for select / multi_select. */
    options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
    placeholder: text('placeholder'),
    isRequired: boolean('is_required').notNull().default(false),
    defaultValue: text('default_value'),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('custom_questions_type_idx').on(t.membershipTypeId),
    oneOf('custom_questions_type_check', t.type, CUSTOM_QUESTION_TYPES),
  ],
);

/** A customer's answer to a custom question (one per customer and question; the latest wins). */
export const customQuestionAnswers = pgTable(
  'custom_question_answers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => customQuestions.id, { onDelete: 'cascade' }),
    /** string, number, boolean or string[] (dates as YYYY-MM-DD). */
    answer: jsonb('answer').$type<string | number | boolean | string[] | null>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_question_answers_customer_question').on(t.customerId, t.questionId)],
);

// ---------------------------------------------------------------------------------------------------------------
// Waivers (joining §2 Waivers, §3 Waiver entry)

/** A question of an enhanced pre-waiver ('attendee_name' is the pre-generated one, never shown). */
export type WaiverQuestionDefinition = { id: number; label: string; type: string; reference: string };
/** What a signature recorded: each question as it was asked, with the answers given. */
export type WaiverAnswer = {
  question: WaiverQuestionDefinition;
  answers: { id: number; answer: string }[];
};

/**
 * A waiver of the client ('restriction' in the wire shape): `simple` (the customer agrees to the terms) or
 * `enhanced-pre-waiver` (signed per attendee with answers). A signature stays good for `valid_for_months`
 * (null: it never expires). Activities point at the waiver they need (activities.waiver_id).
 */
export const waivers = pgTable(
  'waivers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    restrictionName: text('restriction_name').notNull(),
    type: text('type', { enum: WAIVER_TYPES }).notNull().default('simple'),
    title: text('title').notNull(),
    validForMonths: integer('valid_for_months'),
    createdAt: createdAt(),
    key: catalogueKey(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('waivers_client_idx').on(t.clientId),
    uniqueIndex('waivers_client_key_idx').on(t.clientId, t.key),
    check('waivers_valid_for_months', sql`${t.validForMonths} is null or ${t.validForMonths} > 0`),
    oneOf('waivers_type_check', t.type, WAIVER_TYPES),
  ],
);

/** The waiver's wording over time; customers are asked to sign the latest version. */
export const waiverVersions = pgTable(
  'waiver_versions',
  {
    id: serial('id').primaryKey(),
    waiverId: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Operator HTML, sanitised when read. */
    bodyHtml: text('body_html').notNull(),
    /** Enhanced pre-waivers: the questions asked of each attendee. */
    questions: jsonb('questions').$type<WaiverQuestionDefinition[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waiver_versions_waiver_version_idx').on(t.waiverId, t.version),
    check('waiver_versions_version', sql`${t.version} > 0`),
  ],
);

/** Who signed which version of a waiver when (and for which attendee, with which answers). */
export const waiverSignatures = pgTable(
  'waiver_signatures',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    waiverId: integer('waiver_id')
      .notNull()
      .references(() => waivers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Enhanced pre-waivers: the attendee signed for; null for a simple waiver (the customer). */
    attendeeName: text('attendee_name'),
    answers: jsonb('answers').$type<WaiverAnswer[]>().notNull().default([]),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('waiver_signatures_customer_idx').on(t.customerId, t.waiverId)],
);

/**
 * Counters shared by every process (rate limits, login throttling): rate-limiter-flexible's Drizzle store,
 * one row per key, changed by one atomic `insert … on conflict do update … returning`. Not used when
 * REDIS_URL is set (the counters live in Redis then).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    /** null: never expires. */
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

// ---------------------------------------------------------------------------------------------------------------
// The operator's catalogue: weekly timetable rules and their date exceptions, and the log of catalogue imports

const LOCAL_TIME = /* sql */ `'^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

/**
 * One weekly session of a venue's timetable: the activity on an ISO weekday (1 = Monday) at a local wall-clock
 * time (so a 07:00 class stays at 07:00 across clock changes). Sessions are generated from these for a rolling
 * horizon (clients.timetable_horizon_weeks); null overrides fall back to the activity's own values.
 */
export const timetableRules = pgTable(
  'timetable_rules',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    key: text('key').notNull(),
    weekday: integer('weekday').notNull(),
    /** Local 'HH:MM'. */
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes'),
    capacity: integer('capacity'),
    price: integer('price'),
    locationName: text('location_name'),
    /** First and last local dates the rule runs (inclusive); null: open-ended. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('timetable_rules_venue_key_idx').on(t.venueId, t.key),
    check('timetable_rules_weekday', sql`${t.weekday} between 1 and 7`),
    check('timetable_rules_start_time', sql`${t.startTime} ~ ${sql.raw(LOCAL_TIME)}`),
    check(
      'timetable_rules_values',
      sql`(${t.durationMinutes} is null or ${t.durationMinutes} > 0) and (${t.capacity} is null or ${t.capacity} > 0) and (${t.price} is null or ${t.price} >= 0)`,
    ),
  ],
);

/** A date exception of a venue's timetable (values.ts TIMETABLE_EXCEPTION_KINDS says what each kind uses). */
export const timetableExceptions = pgTable(
  'timetable_exceptions',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    key: text('key').notNull(),
    /** The local date it applies to. */
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: TIMETABLE_EXCEPTION_KINDS }).notNull(),
    /** cancelled / changed: the rule whose session on that date it cancels or changes. */
    ruleId: integer('rule_id').references(() => timetableRules.id),
    /** extra: the activity of the one-off session. */
    activityId: integer('activity_id').references(() => activities.id),
    /** extra: its local 'HH:MM' start; changed: the new start (null keeps the rule's). */
    startTime: text('start_time'),
    durationMinutes: integer('duration_minutes'),
    capacity: integer('capacity'),
    price: integer('price'),
    locationName: text('location_name'),
    /** Shown to staff (e.g. 'Christmas Day'). */
    reason: text('reason'),
    archivedAt: archivedAt(),
  },
  (t) => [
    uniqueIndex('timetable_exceptions_venue_key_idx').on(t.venueId, t.key),
    index('timetable_exceptions_venue_date_idx').on(t.venueId, t.date),
    oneOf('timetable_exceptions_kind_check', t.kind, TIMETABLE_EXCEPTION_KINDS),
    check(
      'timetable_exceptions_shape',
      sql`(${t.kind} = 'closed' and ${t.ruleId} is null and ${t.activityId} is null)
        or (${t.kind} in ('cancelled', 'changed') and ${t.ruleId} is not null and ${t.activityId} is null)
        or (${t.kind} = 'extra' and ${t.ruleId} is null and ${t.activityId} is not null and ${t.startTime} is not null)`,
    ),
    check(
      'timetable_exceptions_start_time',
      sql`${t.startTime} is null or ${t.startTime} ~ ${sql.raw(LOCAL_TIME)}`,
    ),
  ],
);

/** Every catalogue import applied (`npm run catalogue -- import`): when, from which file, what it changed. */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file's name as given and the SHA-256 of its bytes. */
    source: text('source').notNull(),
    sha256: text('sha256').notNull(),
    /** Counts of what was added, changed and archived, by entity. */
    summary: jsonb('summary')
      .$type<Record<string, { added: number; changed: number; archived: number }>>()
      .notNull(),
  },
  (t) => [index('catalogue_imports_client_idx').on(t.clientId, t.appliedAt)],
);

/**
 * Generated sessions the timetable would move or remove (or shrink below its bookings) but that were kept because
 * people have booked them: one row per session, written by every generation run and deleted once the session no
 * longer conflicts (staff moved or cancelled the bookings, the rules changed back) or has started.
 */
export const timetableConflicts = pgTable(
  'timetable_conflicts',
  {
    id: serial('id').primaryKey(),
    activitySessionId: integer('activity_session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    kind: text('kind', { enum: TIMETABLE_CONFLICT_KINDS }).notNull(),
    reason: text('reason', { enum: TIMETABLE_CONFLICT_REASONS }).notNull(),
    /** move: where the timetable would now start it (null when it would change the activity only). */
    wantedStartsAt: timestamp('wanted_starts_at', { withTimezone: true }),
    /** capacity: the places the timetable would now give it. */
    wantedCapacity: integer('wanted_capacity'),
    /** Places booked when last seen. */
    bookedCount: integer('booked_count').notNull(),
    /** The plain sentence staff read (describeConflict). */
    description: text('description').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('timetable_conflicts_session_idx').on(t.activitySessionId),
    index('timetable_conflicts_venue_idx').on(t.venueId),
    oneOf('timetable_conflicts_kind_check', t.kind, TIMETABLE_CONFLICT_KINDS),
    oneOf('timetable_conflicts_reason_check', t.reason, TIMETABLE_CONFLICT_REASONS),
  ],
);

/** Staff of the operator (the console at /admin/): separate from customers, with their own sessions. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret once a second factor is set up (RFC 6238, 30 s, six digits). */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is used once. */
    totpLastStep: integer('totp_last_step'),
    /**
     * A new authenticator being set up (Base32): it replaces totpSecret only once a first code from it is right, and
     * only within STAFF_TOTP_SETUP_MINUTES of totpPendingAt (decision 072).
     */
    totpPendingSecret: text('totp_pending_secret'),
    totpPendingAt: timestamp('totp_pending_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_idx').on(sql`lower(${t.email})`),
    oneOf('staff_accounts_role_check', t.role, STAFF_ROLES),
  ],
);

/** The venues a centre manager or front desk works at (administrators work everywhere). */
export const staffAccountVenues = pgTable(
  'staff_account_venues',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
  },
  (t) => [uniqueIndex('staff_account_venues_pk').on(t.staffId, t.venueId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the random token; the token itself is only ever in the HttpOnly cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Moved on by each call: the session ends after STAFF_IDLE_MINUTES without one. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Ends whatever happens (STAFF_SESSION_MAX_HOURS after login). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Password links an administrator mails to a staff member (decision 072): the token's SHA-256 only, used once, until
 * expiresAt; a newer link or a new password ends the others.
 */
export const staffPasswordResets = pgTable(
  'staff_password_resets',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_password_resets_staff_idx').on(t.staffId)],
);

/** Every staff action: who, what, when, and the record before and after. Written in the action's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for actions of the system or a command line (with `actor` naming it). */
    staffId: integer('staff_id').references(() => staffAccounts.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId, t.at)],
);

/** Staff's notes on a customer, newest first: kept, never overwritten (decision 070). */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** The author's name when written (a staff account may be renamed or removed later). */
    author: text('author').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);

/** What staff have checked about a customer ('photo ID seen'): one row per flag set, with who and when. */
export const customerFlags = pgTable(
  'customer_flags',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    flag: text('flag', { enum: CUSTOMER_FLAGS }).notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    author: text('author').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.flag] }),
    oneOf('customer_flags_flag_check', t.flag, CUSTOMER_FLAGS),
  ],
);

/** A member let in at the front desk: who, where, by whom, when (the customer view lists the recent ones). */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The desk's verdict when staff confirmed: might the member enter (null: checked in before verdicts, 0032). */
    allowed: boolean('allowed'),
    /** Why not, as staff were told: the contract's reason codes with their texts (empty when allowed). */
    reasons: jsonb('reasons').$type<{ code: string; text: string }[]>(),
    /** Why staff let in a member the desk refused (required then). */
    overrideReason: text('override_reason'),
  },
  (t) => [
    index('check_ins_customer_idx').on(t.customerId, t.at),
    index('check_ins_venue_idx').on(t.venueId, t.at),
    check(
      'check_ins_override_when_refused',
      sql`${t.allowed} is not false or ${t.overrideReason} is not null`,
    ),
  ],
);

/**
 * A customer's record at a card payment provider (Stripe: the Customer `cus_…` their saved cards hang on), made the
 * first time they pay there. One per customer and provider.
 */
export const paymentProviderCustomers = pgTable(
  'payment_provider_customers',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text('provider', { enum: CARD_PROVIDERS }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.provider] }),
    oneOf('payment_provider_customers_provider_check', t.provider, CARD_PROVIDERS),
  ],
);

/**
 * Every webhook event a card payment provider sent, once (keyed by the provider's event id: a replay finds its row
 * and changes nothing), with what its job did. Decision 036.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider', { enum: CARD_PROVIDERS }).notNull(),
    /** The provider's event id (Stripe: evt_…). */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The event as it arrived (signature verified). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_EVENT_STATUSES }).notNull().default('received'),
    /** What processing did, in a sentence (e.g. 'order 12 already recorded'). */
    outcome: text('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_webhook_events_status_idx').on(t.status, t.receivedAt),
    oneOf('payment_webhook_events_provider_check', t.provider, CARD_PROVIDERS),
    oneOf('payment_webhook_events_status_check', t.status, WEBHOOK_EVENT_STATUSES),
  ],
);

/**
 * Money given back to a member (issue 35): one row per booking and tender it was paid with, written in the
 * cancellation's transaction. The idempotency key is unique, so the same refund is never made twice; a card refund
 * stays 'pending' until the provider has made it (the card-refund job retries it, staff see it), credit is back at
 * once (its credit_transactions row names this refund's booking and order).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    bookingId: integer('booking_id').references(() => bookings.id),
    activitySessionId: integer('activity_session_id').references(() => activitySessions.id),
    /** What the member paid with (a payments tender) and where the money goes back. */
    tender: text('tender', { enum: PAYMENT_TENDERS }).notNull(),
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull(),
    /** Credit refunds: the kind of credit it goes back as (the kind the order spent). */
    creditKind: text('credit_kind', { enum: CREDIT_KINDS }),
    /** Pence, more than 0. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    reason: text('reason').notNull(),
    providerChargeId: text('provider_charge_id'),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Staff refunds (decision 074): the order line it gives back, and the request (credit note) it belongs to. */
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    staffRefundId: integer('staff_refund_id').references((): AnyPgColumn => staffRefunds.id),
    /** A cash refund handed over from a till (decision 083): the till session whose drawer it left. */
    tillSessionId: integer('till_session_id').references((): AnyPgColumn => tillSessions.id),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key_idx').on(t.idempotencyKey),
    index('refunds_till_session_idx').on(t.tillSessionId).where(sql`${t.tillSessionId} is not null`),
    // The cash-up's 'No till' cash refunds of a period (decision 083).
    index('refunds_cash_created_idx').on(t.createdAt).where(sql`${t.destination} = 'cash'`),
    index('refunds_staff_refund_idx').on(t.staffRefundId),
    index('refunds_order_idx').on(t.orderId),
    // The refunds made in a period: takings (decision 081) and the VAT summary (decision 082).
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_session_idx').on(t.activitySessionId),
    // Staff's list of card refunds still owed.
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_pos', sql`${t.amount} > 0`),
    check('refunds_card_has_charge', sql`${t.destination} <> 'card' or ${t.providerChargeId} is not null`),
    check('refunds_credit_kind', sql`(${t.destination} = 'credit') = (${t.creditKind} is not null)`),
    oneOf('refunds_tender_check', t.tender, PAYMENT_TENDERS),
    oneOf('refunds_destination_check', t.destination, REFUND_DESTINATIONS),
    oneOf('refunds_status_check', t.status, REFUND_STATUSES),
  ],
);

/**
 * A booked member's choice after staff moved their session a long way (decision 075): keep the place or cancel it
 * with a full refund, from a link in their mail (the token's hash here); used once.
 */
export const sessionChangeChoices = pgTable(
  'session_change_choices',
  {
    id: serial('id').primaryKey(),
    activitySessionId: integer('activity_session_id')
      .notNull()
      .references(() => activitySessions.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** When the session started before the move the mail told of. */
    startsAtBefore: timestamp('starts_at_before', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    choice: text('choice', { enum: SESSION_CHANGE_CHOICES }),
  },
  (t) => [
    index('session_change_choices_booking_idx').on(t.bookingId),
    index('session_change_choices_customer_idx').on(t.customerId),
    oneOf('session_change_choices_choice_check', t.choice, SESSION_CHANGE_CHOICES),
    check('session_change_choices_used', sql`(${t.usedAt} is null) = (${t.choice} is null)`),
  ],
);

/**
 * A refund staff give on an order from the member's record (issue 35 item 4, decision 074): one row per request,
 * made once (the client's idempotency key is unique); its money is in `refunds` rows, one per order line and tender.
 * Its credit note's number is `CN-` and its id (six digits at least).
 */
export const staffRefunds = pgTable(
  'staff_refunds',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull(),
    /** Pence, the sum of its refunds rows. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_refunds_idempotency_key_idx').on(t.idempotencyKey),
    index('staff_refunds_order_idx').on(t.orderId),
    check('staff_refunds_amount_pos', sql`${t.amount} > 0`),
    oneOf('staff_refunds_destination_check', t.destination, REFUND_DESTINATIONS),
  ],
);

/**
 * Cash-up at the desk (issue 37 item 3, decision 083). A till is a named cash drawer at a venue ('Reception 1'),
 * archived rather than deleted. A till session is one drawer's shift: opened with a float, closed with a count of
 * cash, cheques and vouchers; the expected figures (float + taken − cash refunded) are frozen beside the counts at
 * close. A closed session is never changed: adjustments correct it. A day close locks a venue's calendar day.
 */
export const TILL_SESSION_STATUSES = ['open', 'closed'] as const;
export const CASH_UP_TENDERS = ['cash', 'cheque', 'offline-voucher'] as const;

export const tills = pgTable(
  'tills',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    archivedAt: archivedAt(),
  },
  (t) => [
    index('tills_venue_idx').on(t.venueId),
    uniqueIndex('tills_venue_name_idx').on(t.venueId, t.name).where(sql`${t.archivedAt} is null`),
  ],
);

export const tillSessions = pgTable(
  'till_sessions',
  {
    id: serial('id').primaryKey(),
    tillId: integer('till_id')
      .notNull()
      .references(() => tills.id),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    /** The venue-local day whose cash-up it is (the day it was opened; the next day when that day was closed). */
    businessDate: date('business_date').notNull(),
    status: text('status', { enum: TILL_SESSION_STATUSES }).notNull().default('open'),
    /** Pence counted into the drawer at the start. */
    float: integer('float').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => staffAccounts.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedBy: integer('closed_by').references(() => staffAccounts.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Frozen at close (pence): float + cash taken − cash refunded; cheques and vouchers taken. */
    expectedCash: integer('expected_cash'),
    expectedCheques: integer('expected_cheques'),
    expectedVouchers: integer('expected_vouchers'),
    /** Counted at close (pence), and how many cheques and vouchers. */
    countedCash: integer('counted_cash'),
    countedCheques: integer('counted_cheques'),
    countedVouchers: integer('counted_vouchers'),
    chequeCount: integer('cheque_count'),
    voucherCount: integer('voucher_count'),
    /** The cash by denomination when counted so: pence value → how many. */
    denominations: jsonb('denominations').$type<Record<string, number>>(),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('till_sessions_one_open_idx').on(t.tillId).where(sql`${t.status} = 'open'`),
    index('till_sessions_venue_date_idx').on(t.venueId, t.businessDate),
    oneOf('till_sessions_status_check', t.status, TILL_SESSION_STATUSES),
    check('till_sessions_float_nonneg', sql`${t.float} >= 0`),
    check(
      'till_sessions_closed_counted',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null and ${t.countedCash} is not null and ${t.expectedCash} is not null)`,
    ),
  ],
);

export const tillAdjustments = pgTable(
  'till_adjustments',
  {
    id: serial('id').primaryKey(),
    tillSessionId: integer('till_session_id')
      .notNull()
      .references(() => tillSessions.id),
    tender: text('tender', { enum: CASH_UP_TENDERS }).notNull(),
    /** Pence added to what was counted (negative takes away); never 0. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('till_adjustments_session_idx').on(t.tillSessionId),
    oneOf('till_adjustments_tender_check', t.tender, CASH_UP_TENDERS),
    check('till_adjustments_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

export const tillDayCloses = pgTable(
  'till_day_closes',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id),
    businessDate: date('business_date').notNull(),
    closedBy: integer('closed_by')
      .notNull()
      .references(() => staffAccounts.id),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('till_day_closes_venue_date_idx').on(t.venueId, t.businessDate)],
);

/**
 * Every change of a customer's consent, with when and how (decision 077): a marketing mail's withdrawal link (its
 * `link_id`, unique, so one link works once), My details, staff. The customer's current consent is on `customers`.
 */
export const consentChanges = pgTable(
  'consent_changes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    consent: text('consent', { enum: CONSENTS }).notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The withdrawal link's id (random), for changes made by a link. */
    linkId: text('link_id'),
    staffId: integer('staff_id').references(() => staffAccounts.id),
  },
  (t) => [
    uniqueIndex('consent_changes_link_idx').on(t.linkId),
    index('consent_changes_customer_idx').on(t.customerId, t.at),
    oneOf('consent_changes_consent_check', t.consent, CONSENTS),
    oneOf('consent_changes_source_check', t.source, CONSENT_SOURCES),
  ],
);
