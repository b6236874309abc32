import { escapeHtml } from '../../lib/escape-html.ts';
import { layout } from './templates.ts';

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
  const subject = `Refund on order ${input.orderId}`;
  const link = `${input.accountUrl}/payments/order-history/${input.orderId}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `We have refunded ${input.returned} on order ${input.orderId}. ${input.reason}`,
    '',
    'Refunded:',
    ...input.lines.map((l) => `- ${l}`),
    ...(input.cancelled.length
      ? ['', 'These bookings are cancelled:', ...input.cancelled.map((c) => `- ${c}`)]
      : []),
    '',
    `Your credit note ${input.creditNote} is with the order: ${link}`,
    '',
    input.clientName,
  ].join('\n');
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>We have refunded ${escapeHtml(input.returned)} on order ${input.orderId}. ${escapeHtml(input.reason)}</p><p>Refunded:</p>${list(input.lines)}${input.cancelled.length ? `<p>These bookings are cancelled:</p>${list(input.cancelled)}` : ''}<p><a href="${escapeHtml(link)}">Your credit note ${escapeHtml(input.creditNote)} is with the order</a></p>`,
  );
  return { kind: 'order_refunded', subject, text, html };
}
