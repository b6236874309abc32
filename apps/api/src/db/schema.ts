/**
 * The one database schema (PostgreSQL dialect, runs on PGlite and PostgreSQL).
 * Money is integer minor units (pence); instants are timestamptz (UTC); calendar dates are `date`.
 * Change it here, then `npm run db:generate -w apps/api` writes the next versioned migration.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  supportEmail: text('support_email').notNull(),
  /** Full theme in the contract's wire shape (snake_case keys). */
  theme: jsonb('theme').$type<Record<string, string>>().notNull(),
  footerHtml: text('footer_html').notNull().default(''),
  timeZone: text('time_zone').notNull().default('Europe/London'),
  createdAt: createdAt(),
});

export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    slug: text('slug').notNull().unique(),
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
  },
  (t) => [index('venues_client_idx').on(t.clientId)],
);

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
    profilePhotoReminderDismissed: boolean('profile_photo_reminder_dismissed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_email_idx').on(sql`lower(${t.email})`),
    index('customers_client_idx').on(t.clientId),
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
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  status: text('status', { enum: ['queued', 'sent', 'failed'] })
    .notNull()
    .default('queued'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export const membershipTypes = pgTable('membership_types', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  descriptionHtml: text('description_html').notNull().default(''),
  category: text('category').notNull(),
  /** 'national' or 'venues' (then membership_type_venues lists them). */
  coverage: text('coverage', { enum: ['national', 'venues'] }).notNull(),
  eligibilityName: text('eligibility_name'),
  sortOrder: integer('sort_order').notNull().default(0),
});

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
    paymentType: text('payment_type', { enum: ['recurring', 'fixed'] }).notNull(),
    fixedDuration: integer('fixed_duration'),
    fixedPeriod: text('fixed_period', { enum: ['day', 'week', 'month', 'year'] }),
    /** Monthly price (recurring) or the whole price (fixed), pence. */
    baseFee: integer('base_fee').notNull(),
    joiningFee: integer('joining_fee').notNull().default(0),
  },
  (t) => [check('payment_options_fees_nonneg', sql`${t.baseFee} >= 0 and ${t.joiningFee} >= 0`)],
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
    status: text('status', {
      enum: ['pending', 'active', 'frozen', 'cancelled', 'expired', 'suspended'],
    }).notNull(),
    statusInfo: text('status_info'),
    startDate: date('start_date').notNull(),
    expiresAt: date('expires_at'),
    nextPaymentDate: date('next_payment_date'),
    /** Price per period in pence at the time of joining. */
    price: integer('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('memberships_customer_idx').on(t.customerId)],
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
  },
  (t) => [
    check('activities_nonneg', sql`${t.price} >= 0 and ${t.capacity} > 0 and ${t.durationMinutes} > 0`),
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
  },
  (t) => [
    index('activity_sessions_venue_start_idx').on(t.venueId, t.startsAt),
    check('activity_sessions_capacity', sql`${t.bookedCount} >= 0 and ${t.bookedCount} <= ${t.capacity}`),
    check('activity_sessions_times', sql`${t.endsAt} > ${t.startsAt}`),
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
    status: text('status', { enum: ['completed', 'refunded'] })
      .notNull()
      .default('completed'),
    /** Same key twice yields the same order (idempotent checkout). */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    check('orders_total_nonneg', sql`${t.total} >= 0`),
  ],
);

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['activity', 'membership', 'penalty', 'other'] }).notNull(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  activitySessionId: integer('activity_session_id').references(() => activitySessions.id),
  membershipId: integer('membership_id').references(() => memberships.id),
  penaltyId: integer('penalty_id'),
});

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
    status: text('status', { enum: ['booked', 'cancelled', 'attended', 'no_show'] }).notNull(),
    attended: boolean('attended'),
    /** Price paid, pence. */
    price: integer('price').notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('bookings_customer_idx').on(t.customerId),
    uniqueIndex('bookings_one_live_per_session')
      .on(t.customerId, t.activitySessionId)
      .where(sql`${t.status} <> 'cancelled'`),
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
    status: text('status', { enum: ['unpaid', 'paid', 'waived'] })
      .notNull()
      .default('unpaid'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('penalties_customer_idx').on(t.customerId),
    check('penalties_amount_pos', sql`${t.amount} > 0`),
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
    kind: text('kind', { enum: ['general', 'membership'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    description: text('description'),
    relatedItem: text('related_item'),
    location: text('location'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_transactions_customer_idx').on(t.customerId)],
);
