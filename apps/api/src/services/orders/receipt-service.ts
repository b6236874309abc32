import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, orders, payments } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { venueDateAtTime, venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import type { ClientRow } from '../clients/client-service.ts';
import { findItems } from './order-service.ts';
import { type ReceiptData, renderReceiptPdf } from './receipt.ts';

const TENDER_LABELS: Record<string, string> = {
  card: 'Card',
  credit: 'Account credit',
  cash: 'Cash',
  'offline-voucher': 'Voucher',
  cheque: 'Cheque',
};

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
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.id));
  return {
    operator: {
      name: client.name,
      address: (client.address ?? '').split('\n').filter((line) => line.trim() !== ''),
      phone: client.phone,
      email: client.supportEmail,
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
    items: items.map(({ item, session, venueName, timeZone, penaltyVenueName }) => ({
      name: item.name,
      when: session
        ? `${venueDatePretty(session.startsAt, timeZone ?? client.timeZone)}, ${venueTime(session.startsAt, timeZone ?? client.timeZone)}–${venueTime(session.endsAt, timeZone ?? client.timeZone)}`
        : null,
      where: session
        ? [venueName, session.locationName].filter(Boolean).join(', ')
        : (penaltyVenueName ?? null),
      price: item.price,
    })),
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
  const pdf = await renderReceiptPdf(data);
  return { name: `receipt-${data.order.id}.pdf`, contents: pdf.toString('base64') };
}
