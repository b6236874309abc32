import { z } from 'zod';
import { ordersQuery, ordersReply } from './account-payments.ts';
import type { Calls } from './call.ts';
import { TENDER_TYPES } from './cart.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';

export const CHECKOUT_SOURCES = ['online', 'kiosk', 'front-of-house'] as const;

/**
 * POST /api/checkout/complete (online, kiosk) and POST /api/pay (front-of-house).
 * Completing the same basket version twice returns the same order and charges once.
 */
export const checkoutBody = z.object({
  completed_waivers: z.array(z.number().int()).default([]),
  /** Credit (and, front-of-house only, offline tenders) the customer applies; the card pays the rest. */
  payments: z
    .array(z.object({ tender_type: z.enum(TENDER_TYPES), amount: z.number().int().min(0) }))
    .default([]),
  selected_user_id: z.number().int().nullable().optional(),
  source: z.enum(CHECKOUT_SOURCES).default('online'),
  terms: z.boolean(),
  /** Card payment: a new token from the provider, or a saved card. Omit when nothing is left to pay. */
  payment_method: z
    .union([
      z.object({ type: z.literal('token'), token: z.string().min(1), save_card: z.boolean().default(false) }),
      z.object({ type: z.literal('saved_card'), saved_card_id: z.number().int() }),
    ])
    .optional(),
  /** Continue a payment that needed a further check, after the customer completed it. */
  payment_intent_id: z.string().optional(),
  /** The basket version the customer saw; a changed basket is refused (409) instead of charged. */
  cart_version: z.number().int(),
  /**
   * Optional: the basket id the customer saw (cart.id). With it a retry finds exactly that basket even after a
   * new one was opened; without it the server uses the open basket, or the one just completed.
   */
  cart_id: id.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const checkoutReply = envelope(
  z.discriminatedUnion('status', [
    z.object({ status: z.literal('completed'), order_id: z.number().int(), order_uuid: z.string() }),
    z.object({
      status: z.literal('requires_action'),
      payment_intent_id: z.string(),
      /** Sandbox: the id to approve or decline at POST /api/payments/sandbox/challenges/:id. */
      challenge_id: z.string(),
      message: z.string(),
    }),
  ]),
);
export const TERMS_REQUIRED_MESSAGE = 'You must agree to the Terms and Conditions.';
export const BASKET_CHANGED_MESSAGE = 'Your basket has changed. Please check it and try again.';
/** requires_action reply message (the bank's further check). */
export const FURTHER_CHECK_MESSAGE =
  'Your bank needs to confirm this payment. Complete the check to finish your order.';
/** 422 under `payment_method` when there is something to pay and no card was given. */
export const CARD_REQUIRED_MESSAGE = 'Please enter your card details.';

/** GET /api/terms?cart_id= (joining §7 Terms). */
export const TERMS_KINDS = ['checkout', 'direct_debit', 'health_commitment', 'membership'] as const;
export type TermsKind = (typeof TERMS_KINDS)[number];
/** `kind` picks the joining terms (direct debit, health commitment, membership); left out = the checkout terms. */
export const termsQuery = z.object({
  cart_id: idParam.optional(),
  kind: z.enum(TERMS_KINDS).optional(),
});
export const termsItem = z.object({ id: z.number().int(), title: z.string(), html: z.string() });
export const termsReply = envelope(z.array(termsItem));

/** Order detail (used by /booking-confirmed/:orderId; the payments area extends it). */
export const orderItem = z.object({
  id: z.number().int(),
  type: z.enum(['activity', 'membership', 'penalty', 'other']),
  name: z.string(),
  price: money,
  booking_id: z.number().int().nullable(),
  venue_name: z.string().nullable(),
  location_name: z.string().nullable(),
  date: z.string().nullable().describe('Venue-local date, YYYY-MM-DD'),
  date_pretty: z.string().nullable(),
  start_time: z.string().nullable().describe('24-hour HH:mm'),
  end_time: z.string().nullable(),
  starts_at: z.string().nullable().describe('ISO instant'),
  ends_at: z.string().nullable(),
  /** Membership items only (joining §3 Order: membership item). */
  membership: z
    .object({
      start_date: z.string().describe('D MMMM YYYY'),
      payment_type: z.enum(['recurring', 'fixed']),
      payment_option: z.object({
        pretty_first_billing_date: z.string().nullable(),
        fixed_duration: z.number().int().nullable(),
        fixed_period: z.enum(['day', 'week', 'month', 'year']).nullable(),
      }),
      fees: z.array(
        z.object({
          label: z.string(),
          price: money,
          detail: z
            .string()
            .nullable()
            .optional()
            .describe(
              "Pro-rata: its dates ('24 November 2026 to 30 November 2026, 7 days'); Code Applied: the code",
            ),
        }),
      ),
      categories: z.array(z.object({ name: z.string() })),
      base_fee: z.object({ price: money }),
      home_venue: z.object({ name: z.string() }),
      mandate_reference: z.string().nullable().optional().describe('The direct debit mandate it is paid by'),
    })
    .nullable(),
});
export const order = z.object({
  id: z.number().int(),
  uuid: z.string(),
  created_at: z.string(),
  total: money,
  payment_type: z.string().describe("e.g. 'Card', 'Credit', 'Card and credit'"),
  payments: z.array(
    z.object({
      tender_type: z.enum(['card', ...TENDER_TYPES]),
      amount: money,
      card: z.string().nullable().describe("e.g. 'Visa ending in 4242'"),
    }),
  ),
  items: z.array(orderItem),
  /** Money given back on the order (staff refunds with their credit notes, a cancelled session's), oldest first. */
  refunds: z.array(
    z.object({
      id: z.number().int(),
      credit_note: z.string().nullable().describe("Its credit note's number, e.g. 'CN-000012'"),
      credit_note_id: z
        .number()
        .int()
        .nullable()
        .describe('For GET /api/my-account/orders/:uuid/credit-notes/:id'),
      created_at: z.string().describe('Venue-local, e.g. 2 December 2026 at 09:30'),
      amount: money,
      destination: z.enum(['card', 'credit', 'cash']),
      status: z
        .enum(['pending', 'succeeded'])
        .describe('pending: a card refund the provider has not made yet'),
      reason: z.string(),
    }),
  ),
});
export type Order = z.infer<typeof order>;
export const orderParams = z.object({ orderId: idParam });
/** GET /api/orders/:orderId (owner only, else 404) */
export const orderReply = envelope(order);

export const checkoutCalls = {
  /** The client's checkout terms, or with `kind` the joining terms. */
  getTerms: { query: termsQuery, reply: termsReply },
  /** Online and kiosk checkout. */
  completeCheckout: { body: checkoutBody, reply: checkoutReply },
  /** The spec's front-of-house call: the same checkout on its own path. */
  frontOfHouseCheckout: { body: checkoutBody, reply: checkoutReply },
} as const satisfies Calls;

export const orderCalls = {
  /** The caller's orders, a page at a time (the payments area). */
  listOrders: { query: ordersQuery, reply: ordersReply },
  getOrder: { params: orderParams, reply: orderReply },
  /** GET /api/orders/:orderId/calendar.ics answers text/calendar with one VEVENT per booked session (no JSON reply). */
  orderCalendar: { params: orderParams },
} as const satisfies Calls;
