import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';
import { REFUND_DESTINATIONS, REFUND_TEXTS } from './texts/refunds.ts';

export * from './texts/refunds.ts';

/**
 * Refunds staff give on any order from the member's record (issue 35 item 4, decision 074): whole or part of each
 * line, to the card, to account credit or as cash at the desk, with a reason; never more than was paid on a line nor
 * more than a tender paid on the order. The member gets a mail and a credit note.
 */
const tender = z.enum(['card', 'credit', 'cash', 'offline-voucher', 'cheque']);

export const staffOrderLine = z.object({
  id,
  name: z.string(),
  when: z.string().nullable().describe("Venue-local, e.g. 'Monday 30 November 2026, 07:00–07:45'"),
  price: money,
  refunded: money.describe('Given back on this line so far, session-cancel refunds included'),
  refundable: money.describe('What is left to refund on this line'),
  booking_status: z.enum(['booked', 'cancelled', 'attended', 'no_show']).nullable(),
});
export const staffOrderTender = z.object({
  tender,
  label: z.string().describe("e.g. 'Visa ending in 4242', 'Account credit', 'Cash'"),
  paid: money,
  refunded: money,
});
export const staffOrderRefund = z.object({
  id,
  number: z.string().nullable().describe('Its credit note number; null for refunds of a cancelled session'),
  created_at: z.string().describe('Venue-local, e.g. 1 December 2026 at 09:30'),
  amount: money,
  destination: z.enum(REFUND_DESTINATIONS),
  status: z.enum(['pending', 'succeeded']),
  reason: z.string(),
  staff_name: z.string().nullable(),
});
export const staffOrder = z.object({
  id,
  uuid: z.string(),
  created_at: z.string().describe('Venue-local, e.g. 1 December 2026 at 09:30'),
  total: money,
  payment_type: z.string(),
  lines: z.array(staffOrderLine),
  tenders: z.array(staffOrderTender),
  refunds: z.array(staffOrderRefund),
  /** What can still go back by each way, at most (by the tenders paid; a line's own limit applies too). */
  refundable_to: z.object({ card: money, credit: money, cash: money }),
});
export type StaffOrder = z.infer<typeof staffOrder>;

export const staffMemberOrdersParams = z.object({ id: idParam });
export const staffMemberOrdersReply = envelope(
  z.object({
    orders: z.array(staffOrder),
    /** The ways this staff member may refund, and front desk's cash limit (null: no limit). */
    may_refund_to: z.array(z.enum(REFUND_DESTINATIONS)),
    cash_limit: money.nullable(),
  }),
);

export const refundOrderParams = z.object({ id: idParam });
export const refundOrderBody = z.object({
  /** Made by the client once per refund it means to give: the same key again gives back the same refund. */
  idempotency_key: z.uuid(),
  destination: z.enum(REFUND_DESTINATIONS),
  reason: z.string().trim().min(3, REFUND_TEXTS.reasonRequired).max(500, REFUND_TEXTS.reasonTooLong),
  lines: z
    .array(
      z.object({
        order_item_id: id,
        amount: z.number().int().positive(REFUND_TEXTS.amountPositive).describe('Pence'),
      }),
    )
    .min(1, REFUND_TEXTS.linesRequired)
    .max(100),
  /** Cash refunds: the till whose drawer the cash leaves (decision 083); optional (without, the venue's 'No till'). */
  till_id: id.optional(),
});
export type RefundOrderBody = z.infer<typeof refundOrderBody>;
export const refundOrderReply = envelope(
  z.object({
    refund: staffOrderRefund.extend({ number: z.string() }),
    bookings_cancelled: z.number().int(),
    order: staffOrder,
    message: z.string(),
  }),
);

/** GET /api/my-account/orders/:uuid/credit-notes/:id → the credit note PDF, base64 (the member's own only). */
export const creditNoteParams = z.object({ uuid: z.uuid(), id: idParam });
export const creditNoteReply = envelope(
  z.object({ name: z.string(), contents: z.string().describe('base64 PDF') }),
);

export const refundCalls = {
  /** A customer's orders with what is left to refund on each line (staff who may read their record). */
  listStaffMemberOrders: { params: staffMemberOrdersParams, reply: staffMemberOrdersReply },
  /** Refunds lines of an order (administrators, centre managers; front desk cash up to its limit). */
  refundStaffOrder: { params: refundOrderParams, body: refundOrderBody, reply: refundOrderReply },
  /** A credit note of one of the caller's orders as a base64 PDF. */
  downloadCreditNote: { params: creditNoteParams, reply: creditNoteReply },
} as const satisfies Calls;
