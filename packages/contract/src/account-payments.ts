import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, messageReply, money, pageFields, pagination } from './common.ts';
import { idParam, personName } from './fields.ts';
import { CARD_TEXTS, savedCard, savedCardsReply, UK_POSTCODE } from './payments.ts';

export { PAYMENTS_TEXTS } from './texts/account-payments.ts';
export { DIRECT_DEBIT_TEXTS } from './texts/direct-debit.ts';

/** Unpaid fee (joining §3 Penalty/fee). GET /api/user/penalties lists the caller's unpaid fees, newest first. */
export const penalty = z.object({
  id: z.number().int(),
  type: z.string().describe("e.g. 'late_cancellation', 'no_show'"),
  description: z.string(),
  fee_amount: money,
  cart_type: z.literal('penalty'),
  pricing_option_id: z.number().int().nullable(),
  created_at: z.string(),
  booking: z
    .object({
      venue: z.string(),
      description: z.string().describe('What was booked, e.g. Spin'),
      date: z.string().describe('e.g. Monday 16 November 2026'),
      time: z.string().describe('24-hour HH:mm'),
    })
    .nullable(),
  venue: z.object({ id: z.number().int(), name: z.string() }),
});
export type Penalty = z.infer<typeof penalty>;
export const penaltiesReply = envelope(z.array(penalty));

/** GET /api/credits/user (joining §3 Credit balance). Expired credit does not count. */
export const creditBalanceReply = envelope(
  z.object({
    general_credit: z.object({ total_available: money }),
    membership_credit: z.object({ total_available: money }),
    credit_balance: money,
  }),
);

/** Credit transaction (joining §3): added rows have added_at, spent rows spent_at. */
export const creditTransaction = z.object({
  id: z.number().int(),
  kind: z.enum(['general', 'membership']),
  value: money.describe('Always positive; the list says whether it was added or spent'),
  added_at: z.string().nullable(),
  spent_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  related_item: z.string().nullable(),
  spent_at_location: z.string().nullable(),
  reason: z.string().nullable(),
  description: z.string().nullable(),
  order_id: z.number().int().nullable(),
});
export type CreditTransaction = z.infer<typeof creditTransaction>;
/** GET /api/credits/user/credit-transactions?type=added|spent (newest first). */
export const creditTransactionsQuery = z.object({ type: z.enum(['added', 'spent']).default('added') });
export const creditTransactionsReply = envelope(
  z.object({
    transactions: z.array(creditTransaction),
    total: money.describe("'Total added' or 'Total spent'"),
  }),
);

/** PUT /api/my-account/saved-cards/:id/update (joining §7 Update card). */
export const savedCardParams = z.object({ id: idParam });
export const updateSavedCardBody = z.object({
  first_name: personName('First name').min(2, 'First name must be more than 1 character.'),
  last_name: personName('Last name').min(2, 'Last name must be more than 1 character.'),
  address_line_1: z.string().trim().min(2, 'Address line 1 must be more than 1 character.').max(200),
  address_line_2: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().min(2, 'Town or city must be more than 1 character.').max(100),
  post_code: z
    .string()
    .trim()
    .min(1, 'Please enter a valid postcode')
    .max(10)
    .regex(UK_POSTCODE, CARD_TEXTS.postcode)
    .describe('A UK postcode (joining §5)'),
});
/** PUT /api/my-account/saved-cards/:id/update answers the updated card. */
export const updateSavedCardReply = envelope(savedCard);
/** DELETE /api/my-account/saved-cards/:id/remove answers { data: { message } } (common messageReply). */

/** Order history row (joining §3 Order, list form: total is a plain string). */
export const orderSummary = z.object({
  id: z.number().int(),
  uuid: z.string(),
  created_at: z.object({
    raw: z.string(),
    datetime_string: z.string().describe('DD/MM/YYYY HH:mm, venue-local'),
  }),
  total: z.string().describe("e.g. '£6.50'"),
  payment_type: z.string(),
  item_count: z.number().int(),
  refunded: z.string().nullable().describe("Given back on the order so far, e.g. '£3.00'; null when nothing"),
});
/** Order history pages: 20 orders a page unless asked for more, at most 100. */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_MAX_PAGE_SIZE = 100;
/**
 * GET /api/orders?from=YYYY-MM-DD&to=YYYY-MM-DD&page=1&per_page=20 — inclusive venue-local days (either bound may
 * be left out), newest first, a page at a time with the totals.
 */
export const ordersQuery = z.object({
  from: z.iso.date('Date must be valid.').optional(),
  to: z.iso.date('Date must be valid.').optional(),
  ...pageFields(ORDERS_PAGE_SIZE, ORDERS_MAX_PAGE_SIZE),
});
export const ordersReply = envelope(z.object({ orders: z.array(orderSummary), pagination }));
/** GET /api/my-account/orders/:uuid/receipt → a PDF as base64 (joining §7 Receipt). */
export const receiptParams = z.object({ uuid: z.uuid() });
export const receiptReply = envelope(
  z.object({ name: z.string(), contents: z.string().describe('base64 PDF') }),
);

/**
 * GET /api/my-account/direct-debit (payments page): the member's direct-debit instruction, newest first, with what
 * it means for them. A mandate their bank cancelled or that failed shows here and on the memberships page.
 */
export const accountDirectDebit = z.object({
  provider: z.string(),
  reference: z.string(),
  account_holder: z.string(),
  account_number_ending: z.string().describe('Last 2 digits'),
  sort_code: z.string().describe('Masked, e.g. 20-**-**'),
  status: z.enum(['pending_submission', 'active', 'cancelled', 'failed']),
  status_label: z.string().describe("e.g. 'Active', 'Cancelled'"),
  notice: z.string().nullable().describe('What a cancelled or failed mandate means for the member'),
  cancelled_at: z.string().nullable(),
});
export type AccountDirectDebit = z.infer<typeof accountDirectDebit>;
export const accountDirectDebitReply = envelope(z.object({ mandates: z.array(accountDirectDebit) }));

/** The account's payment calls (decision 043): unpaid fees, receipts, saved cards and direct-debit mandates. */
export const accountPaymentCalls = {
  listPenalties: { reply: penaltiesReply },
  /** The receipt of one of the caller's orders as a base64 PDF. */
  orderReceipt: { params: receiptParams, reply: receiptReply },
  listSavedCards: { reply: savedCardsReply },
  updateSavedCard: { params: savedCardParams, body: updateSavedCardBody, reply: updateSavedCardReply },
  removeSavedCard: { params: savedCardParams, reply: messageReply },
  listDirectDebitMandates: { reply: accountDirectDebitReply },
} as const satisfies Calls;

/** The caller's credit (decision 043): the balance and the added or spent transactions. */
export const creditCalls = {
  getCreditBalance: { reply: creditBalanceReply },
  listCreditTransactions: { query: creditTransactionsQuery, reply: creditTransactionsReply },
} as const satisfies Calls;
