/**
 * Texts of refunds staff give on any order from the member's record (issue 35 item 4, decision 074), and of the
 * refunds the member sees on their order. The spec names none: these follow the style guide.
 */

/** Where staff can send a refund's money: the card it was paid with, account credit, or cash at the desk. */
export const REFUND_DESTINATIONS = ['card', 'credit', 'cash'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
export const REFUND_DESTINATION_NAMES: Record<RefundDestination, string> = {
  card: 'Card',
  credit: 'Account credit',
  cash: 'Cash at the desk',
};

/** Front desk may hand back cash at the desk up to this much per refund (pence; decision 074). */
export const FRONT_DESK_CASH_REFUND_LIMIT = 2000;

/** A credit note's number: CN- and the refund's id, six digits at least. */
export const creditNoteNumber = (id: number) => `CN-${String(id).padStart(6, '0')}`;

export const REFUND_TEXTS = {
  orderNotFound: 'That order was not found for a customer at your venues.',
  lineNotOnOrder: 'That line is not on this order.',
  amountPositive: 'Enter an amount of at least £0.01.',
  linesRequired: 'Choose at least one line to refund.',
  reasonRequired: 'Say why you are refunding (the member reads it on their credit note).',
  reasonTooLong: 'Keep the reason under 500 characters.',
  duplicateLine: 'Each line can be refunded once per refund.',
  moreThanPaid: (line: string, left: string) =>
    `That is more than is left to refund on ${line} (${left} at most).`,
  moreThanTender: (destination: string, left: string) =>
    `That is more than the order paid in a way that can go back to ${destination} (${left} at most).`,
  notAllowed: 'Your role cannot give this refund.',
  cashLimit: (limit: string) =>
    `Front desk can refund cash up to ${limit}: ask a centre manager for more, or to refund another way.`,
  keyReused: 'This refund request was already used for another order. Reload the order and try again.',
  creditNoteNotFound: 'That credit note was not found.',
  refunded: (amount: string, destination: string) => `Refunded ${amount} to ${destination}.`,
} as const;
