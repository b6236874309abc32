import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money, pageFields, pagination } from './common.ts';
import { id, idParam } from './fields.ts';

/**
 * Programme changes in the staff console (issue 35): cancel a session with a reason. Everything follows in one
 * transaction: the session is off sale, every booking cancelled, each member's money back to what they paid with
 * (card through the provider, credit to credit, a membership or package session back to its allowance), the
 * waitlist ended, one mail to each member (decision 064).
 */
export const STAFF_PROGRAMME_TEXTS = {
  sessionNotFound: 'That session was not found at your venues.',
  alreadyCancelled: 'This session is already cancelled.',
  started: 'This session has already started: it can no longer be cancelled.',
  reasonRequired: 'Say why the session is cancelled (members read it in their mail).',
} as const;

/** Where a refund's money goes back: the card it was paid with, or the member's account credit. */
export const REFUND_DESTINATION_LABELS = { card: 'Card', credit: 'Account credit' } as const;

export const cancelSessionParams = z.object({ id: idParam });
export const cancelSessionBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3, STAFF_PROGRAMME_TEXTS.reasonRequired)
    .max(500, 'Keep the reason under 500 characters.'),
});

export const sessionRefund = z.object({
  id,
  booking_id: id,
  customer_id: id,
  customer_name: z.string(),
  /** What the member paid with. */
  tender: z.enum(['card', 'credit', 'cash', 'offline-voucher', 'cheque']),
  destination: z
    .enum(['card', 'credit', 'cash'])
    .describe(
      "A session's refunds go to the card or credit; 'cash': staff refunds at the desk (decision 074)",
    ),
  amount: money,
  /** pending: a card refund the provider has not made yet (retried by the job engine until it has). */
  status: z.enum(['pending', 'succeeded']),
});
export type SessionRefund = z.infer<typeof sessionRefund>;

export const cancelSessionReply = envelope(
  z.object({
    session_id: id,
    cancelled_at: z.string().describe('ISO instant'),
    reason: z.string(),
    bookings_cancelled: z.number().int(),
    /** Membership uses and package sessions given back. */
    allowances_returned: z.number().int(),
    refunds: z.array(sessionRefund),
    waitlist_ended: z.number().int(),
    mails_queued: z.number().int(),
  }),
);

/** Pending card refunds come a page at a time: 20, at most 100 (issue 34: every list a client can ask for is paged). */
export const PENDING_REFUNDS_PAGE_SIZE = 20;
export const pendingRefundsQuery = z.object({ ...pageFields(PENDING_REFUNDS_PAGE_SIZE, 100) });
export type PendingRefundsQuery = z.infer<typeof pendingRefundsQuery>;

/** GET /api/staff/refunds/pending: card refunds the provider has not made yet (retried until it has), oldest first. */
export const pendingRefundsReply = envelope(
  z.object({
    refunds: z.array(
      z.object({
        id,
        customer_id: id,
        customer_name: z.string(),
        order_id: id,
        booking_id: id.nullable(),
        amount: money,
        reason: z.string(),
        attempts: z.number().int(),
        last_error: z.string().nullable(),
        created_at: z.string().describe('ISO instant'),
      }),
    ),
    pagination,
  }),
);

export const staffProgrammeCalls = {
  /** Cancels a session that has not started (administrators; centre managers at their venues). */
  cancelStaffSession: { params: cancelSessionParams, body: cancelSessionBody, reply: cancelSessionReply },
  /** Card refunds still pending at the provider, oldest first (administrators; centre managers: their venues). */
  listPendingRefunds: { query: pendingRefundsQuery, reply: pendingRefundsReply },
} as const satisfies Calls;
export type CancelSessionBody = z.infer<typeof cancelSessionBody>;
