import { creditNoteNumber, REFUND_DESTINATION_NAMES, REFUND_TEXTS } from '@fieldhouse/contract';
import { type VatTreatment, vatIncludedIn } from '@fieldhouse/contract/vat';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, refunds, staffRefunds } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { venueDateAtTime } from '../../lib/venue-time.ts';
import type { ClientRow } from '../clients/index.ts';
import { type ReceiptData, renderReceiptPdf } from './receipt.ts';
import { findReceiptData } from './receipt-service.ts';

/**
 * GET /api/my-account/orders/:uuid/credit-notes/:id: a credit note of the caller's order as a PDF (base64), named
 * credit-note-CN-000012.pdf. Another customer's order, or a credit note of another order, answers 404.
 */
export async function buildCreditNote(
  db: DbOrTx,
  input: { customerId: number; uuid: string; creditNoteId: number; client: ClientRow; now: Date },
) {
  const [found] = await db
    .select({ request: staffRefunds })
    .from(staffRefunds)
    .innerJoin(orders, eq(orders.id, staffRefunds.orderId))
    .where(
      and(
        eq(staffRefunds.id, input.creditNoteId),
        eq(orders.uuid, input.uuid),
        eq(orders.customerId, input.customerId),
        eq(staffRefunds.customerId, input.customerId),
      ),
    );
  if (!found) throw notFound(REFUND_TEXTS.creditNoteNotFound);
  const { request } = found;
  const receipt = await findReceiptData(db, {
    customerId: input.customerId,
    uuid: input.uuid,
    client: input.client,
    now: input.now,
  });
  const rows = await db
    .select({
      refund: refunds,
      itemName: orderItems.name,
      vatTreatment: orderItems.vatTreatment,
      vatRate: orderItems.vatRate,
    })
    .from(refunds)
    .leftJoin(orderItems, eq(orderItems.id, refunds.orderItemId))
    .where(eq(refunds.staffRefundId, request.id))
    .orderBy(asc(refunds.id));
  // Each refund's VAT is the line's rate on the amount given back (decision 082; the VAT report does the same).
  const byLine = new Map<
    number,
    { name: string; amount: number; vat: { treatment: VatTreatment; rate: number; amount: number } }
  >();
  for (const { refund, itemName, vatTreatment, vatRate } of rows) {
    const key = refund.orderItemId ?? 0;
    const treatment = vatTreatment ?? 'standard';
    const rate = vatRate ?? 2000;
    const line = byLine.get(key) ?? {
      name: itemName ?? 'Refund',
      amount: 0,
      vat: { treatment, rate, amount: 0 },
    };
    line.amount += refund.amount;
    line.vat.amount += vatIncludedIn(refund.amount, rate);
    byLine.set(key, line);
  }
  const number = creditNoteNumber(request.id);
  const where = REFUND_DESTINATION_NAMES[request.destination];
  const data: ReceiptData = {
    ...receipt,
    items: [...byLine.values()].map((line) => ({
      name: line.name,
      when: receipt.items.find((i) => i.name === line.name)?.when ?? null,
      where: receipt.items.find((i) => i.name === line.name)?.where ?? null,
      price: line.amount,
      vat: line.vat,
    })),
    payments: [
      {
        label: request.destination === 'card' ? `${where} (it can take 5–10 working days to show)` : where,
        amount: request.amount,
      },
    ],
    refunds: [],
    creditNote: {
      number,
      date: venueDateAtTime(request.createdAt, input.client.timeZone),
      reason: request.reason,
      total: request.amount,
    },
  };
  const pdf = await renderReceiptPdf(data);
  return { name: `credit-note-${number}.pdf`, contents: pdf.toString('base64') };
}
