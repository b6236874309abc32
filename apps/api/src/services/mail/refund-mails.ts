import { composeMail } from './compose.ts';

/**
 * Staff refunded (part of) an order (issue 35 item 4, decision 074): what was refunded, where the money goes, why,
 * the credit note's number, and any booking cancelled because its line was refunded in full.
 */
export function orderRefundedMail(input: {
  clientName: string;
  firstName: string;
  orderId: number;
  creditNote: string;
  /** e.g. '£6.50 back to your card (it can take 5–10 working days to show)'. */
  returned: string;
  /** One line per refunded order line: 'Spin at 07:00 on Monday 30 November: £6.50'. */
  lines: string[];
  reason: string;
  /** Sessions whose booking is cancelled: 'Spin at 07:00 on Monday 30 November'. */
  cancelled: string[];
  accountUrl: string;
}) {
  return composeMail({
    kind: 'order_refunded',
    clientName: input.clientName,
    subject: `Refund on order ${input.orderId}`,
    greet: input.firstName,
    blocks: [
      `We have refunded ${input.returned} on order ${input.orderId}. ${input.reason}`,
      'Refunded:',
      { list: input.lines },
      input.cancelled.length > 0 && 'These bookings are cancelled:',
      input.cancelled.length > 0 && { list: input.cancelled },
      {
        href: `${input.accountUrl}/payments/order-history/${input.orderId}`,
        label: `Your credit note ${input.creditNote} is with the order`,
      },
    ],
  });
}
