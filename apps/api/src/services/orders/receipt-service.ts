import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, orders } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { parseLocalDate, prettyDate } from '../../lib/local-date.ts';
import { formatMoney } from '../../lib/money.ts';
import { venueDateAtTime, venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import type { ClientRow } from '../clients/index.ts';
import { findOrderRefunds, receiptRefundLines } from './order-refunds.ts';
import {
  findItems,
  findMembershipExtras,
  findOrderPayments,
  type ItemRow,
  type MembershipExtras,
  membershipFees,
} from './order-service.ts';
import { type ReceiptData, renderReceiptPdf } from './receipt.ts';

const TENDER_LABELS: Record<string, string> = {
  card: 'Card',
  credit: 'Account credit',
  cash: 'Cash',
  'offline-voucher': 'Voucher',
  cheque: 'Cheque',
};

const fixedTerm = (duration: number | null, period: string | null) =>
  duration && period ? ` for ${duration} ${period}${duration === 1 ? '' : 's'}` : '';

/**
 * A membership item's breakdown, as the order page shows it (joining §3 Order: membership item): start date, home
 * centre, how it is paid and when the first monthly payment is, then the fees paid now (setup fee, membership fee,
 * pro-rata with its dates, month in hand, the code applied) and the direct debit mandate.
 */
export function membershipDetails(
  row: ItemRow,
  extras: MembershipExtras,
): { label: string; amount?: number }[] {
  const { membership: m, membershipOption: option } = row;
  if (!m || !option) return [];
  const start = parseLocalDate(m.startDate);
  const first = m.joinCosts?.firstBillingDate ? parseLocalDate(m.joinCosts.firstBillingDate) : null;
  const details: { label: string; amount?: number }[] = [
    { label: `Start date: ${start ? prettyDate(start) : m.startDate}` },
    { label: `Home centre: ${row.membershipVenueName ?? '-'}` },
    {
      label:
        option.paymentType === 'recurring'
          ? `Payment: ${formatMoney(option.baseFee)} per month`
          : `Payment: ${formatMoney(option.baseFee)}${fixedTerm(option.fixedDuration, option.fixedPeriod)}`,
    },
  ];
  if (option.paymentType === 'recurring' && first) {
    details.push({ label: `First monthly payment: ${prettyDate(first)}` });
  }
  for (const fee of membershipFees(row, extras)) {
    const label =
      fee.label === 'Pro-rata' && fee.detail
        ? `Pro-rata, ${fee.detail.replace(/, (\d+ days?)$/, ' ($1)')}`
        : fee.label === 'Code Applied' && fee.detail
          ? `Code Applied: ${fee.detail}`
          : fee.label;
    details.push({ label, amount: fee.amount });
  }
  if (extras.mandateReference) {
    details.push({ label: `Direct debit mandate reference: ${extras.mandateReference}` });
  }
  return details;
}

/** What the receipt of the caller's order shows (another customer's order answers 404). */
export async function findReceiptData(
  db: DbOrTx,
  input: { customerId: number; uuid: string; client: ClientRow; now: Date },
): Promise<ReceiptData> {
  const { client } = input;
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.uuid, input.uuid), eq(orders.customerId, input.customerId)))
    .limit(1);
  if (!row) throw notFound();
  const { order, customer } = row;
  const items = await findItems(db, order.id);
  const extras = await findMembershipExtras(db, items);
  const paid = await findOrderPayments(db, order.id);
  return {
    operator: {
      name: client.name,
      address: (client.address ?? '').split('\n').filter((line) => line.trim() !== ''),
      phone: client.phone,
      email: client.supportEmail,
      vatNumber: client.vatNumber,
    },
    customer: {
      name: `${customer.firstName} ${customer.lastName}`,
      reference: customer.reference,
      email: customer.email,
    },
    order: {
      id: order.id,
      uuid: order.uuid,
      date: venueDateAtTime(order.createdAt, client.timeZone),
      paymentType: order.paymentType,
      total: order.total,
    },
    items: items.map((row) => {
      const { item, session, venueName, timeZone, penaltyVenueName, membership } = row;
      const zone = timeZone ?? client.timeZone;
      const details = membership
        ? membershipDetails(row, extras.get(membership.id) ?? { promotionCode: null, mandateReference: null })
        : [];
      const start = membership ? parseLocalDate(membership.startDate) : null;
      return {
        name: item.name,
        when: session
          ? `${venueDatePretty(session.startsAt, zone)}, ${venueTime(session.startsAt, zone)}–${venueTime(session.endsAt, zone)}`
          : start
            ? `Starts ${prettyDate(start)}`
            : null,
        where: session
          ? [venueName, session.locationName].filter(Boolean).join(', ')
          : (penaltyVenueName ?? row.membershipVenueName ?? null),
        price: item.price,
        details,
        vat: { treatment: item.vatTreatment, rate: item.vatRate, amount: item.vatAmount },
      };
    }),
    payments: paid.map((p) => ({
      label:
        p.tenderType === 'card'
          ? (p.cardDescription ?? 'Card')
          : (TENDER_LABELS[p.tenderType] ?? p.tenderType),
      amount: p.amount,
    })),
    generatedAt: venueDateAtTime(input.now, client.timeZone),
  };
}

/** GET /api/my-account/orders/:uuid/receipt: the receipt PDF, base64, named receipt-{orderId}.pdf. */
export async function buildOrderReceipt(
  db: DbOrTx,
  input: { customerId: number; uuid: string; client: ClientRow; now: Date },
) {
  const data = await findReceiptData(db, input);
  // Refunds given since (staff refunds with their credit notes, a cancelled session's): listed under the payments.
  data.refunds = receiptRefundLines(await findOrderRefunds(db, data.order.id, input.client.timeZone));
  const pdf = await renderReceiptPdf(data);
  return { name: `receipt-${data.order.id}.pdf`, contents: pdf.toString('base64') };
}
