import { formatMoney } from '../../lib/money.ts';
import { vatIncluded } from '../cart/pricing.ts';

/** What a receipt shows, already formatted for people (venue-local dates and times). */
export type ReceiptData = {
  operator: { name: string; address: string[]; phone: string | null; email: string };
  customer: { name: string; reference: string; email: string };
  order: { id: number; uuid: string; date: string; paymentType: string; total: number };
  items: { name: string; when: string | null; where: string | null; price: number }[];
  payments: { label: string; amount: number }[];
  /** When the receipt was made (venue-local), for the footer. */
  generatedAt: string;
};

/**
 * Totals of a VAT-inclusive total at 20% (the basket's rule: VAT = round(total / 6)): the net subtotal and the
 * VAT add up to the total exactly, and neither is negative.
 */
export function receiptTotals(total: number) {
  const vat = vatIncluded(Math.max(0, total));
  return { subtotal: Math.max(0, total) - vat, vat, total: Math.max(0, total) };
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const INK = '#1d2433';
const MUTED = '#5b6475';
const RULE = '#d0d5dd';
const COLUMNS = { item: 50, when: 220, where: 355, price: 480, end: 545 };

/**
 * Renders the receipt as a PDF (A4, the PDF standard fonts, so nothing is embedded). pdfkit is loaded on the first
 * receipt (it takes a quarter of a second to import), not when the server starts.
 */
export async function renderReceiptPdf(
  data: ReceiptData,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: options.compress ?? true,
    info: {
      Title: `Receipt for order ${data.order.id}`,
      Author: data.operator.name,
      Subject: `${data.operator.name} receipt`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  const rule = (y: number, colour = RULE) =>
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(colour).stroke();

  // Operator (left) and receipt heading (right).
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(data.operator.name, left, 50, { width: 300 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of data.operator.address) doc.text(line, { width: 300 });
  if (data.operator.phone) doc.text(`Telephone ${data.operator.phone}`, { width: 300 });
  doc.text(data.operator.email, { width: 300 });
  const operatorBottom = doc.y;

  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text('Receipt', 350, 50, { width: 195, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  const facts: [string, string][] = [
    ['Order number', String(data.order.id)],
    ['Date', data.order.date],
    ['Paid by', data.order.paymentType],
  ];
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    doc.text(`${label}: ${value}`, 350, doc.y, { width: 195, align: 'right' });
  }

  // Customer.
  let y = Math.max(operatorBottom, doc.y) + 24;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Customer', left, y);
  doc.font('Helvetica').fontSize(10).text(data.customer.name);
  doc.fontSize(9).fillColor(MUTED);
  doc.text(`Customer no ${data.customer.reference}`);
  doc.text(data.customer.email);

  // Items.
  y = doc.y + 22;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  doc.text('Item', COLUMNS.item, y);
  doc.text('Date and time', COLUMNS.when, y);
  doc.text('Venue', COLUMNS.where, y);
  doc.text('Price', COLUMNS.price, y, { width: COLUMNS.end - COLUMNS.price, align: 'right' });
  y = doc.y + 4;
  rule(y, INK);
  y += 8;
  for (const item of data.items) {
    if (y > PAGE.height - 220) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    const heights = [
      doc.heightOfString(item.name, { width: COLUMNS.when - COLUMNS.item - 10 }),
      doc.heightOfString(item.when ?? '-', { width: COLUMNS.where - COLUMNS.when - 10 }),
      doc.heightOfString(item.where ?? '-', { width: COLUMNS.price - COLUMNS.where - 10 }),
    ];
    doc.text(item.name, COLUMNS.item, y, { width: COLUMNS.when - COLUMNS.item - 10 });
    doc.fontSize(9).fillColor(MUTED);
    doc.text(item.when ?? '-', COLUMNS.when, y + 1, { width: COLUMNS.where - COLUMNS.when - 10 });
    doc.text(item.where ?? '-', COLUMNS.where, y + 1, { width: COLUMNS.price - COLUMNS.where - 10 });
    doc.fontSize(10).fillColor(INK);
    doc.text(formatMoney(item.price), COLUMNS.price, y, {
      width: COLUMNS.end - COLUMNS.price,
      align: 'right',
    });
    y += Math.max(...heights) + 8;
    rule(y - 4);
  }

  // Totals.
  const totals = receiptTotals(data.order.total);
  y += 8;
  const totalLine = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(bold ? INK : MUTED);
    doc.text(label, 330, y, { width: 140, align: 'right' });
    doc.fillColor(INK).text(value, COLUMNS.price - 10, y, {
      width: COLUMNS.end - COLUMNS.price + 10,
      align: 'right',
    });
    y = doc.y + 4;
  };
  totalLine('Subtotal (excl. VAT)', formatMoney(totals.subtotal));
  totalLine('VAT included at 20%', formatMoney(totals.vat));
  totalLine('Total', formatMoney(totals.total), true);

  // Payments.
  y += 14;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Payments', left, y);
  y = doc.y + 4;
  doc.font('Helvetica').fontSize(10);
  const payments = data.payments.length ? data.payments : [{ label: 'Nothing to pay', amount: 0 }];
  for (const payment of payments) {
    doc.fillColor(INK).text(payment.label, left, y, { width: 300 });
    doc.text(formatMoney(payment.amount), COLUMNS.price - 10, y, {
      width: COLUMNS.end - COLUMNS.price + 10,
      align: 'right',
    });
    y = doc.y + 4;
  }

  // Footer.
  const footerY = PAGE.height - PAGE.margin - 48;
  rule(footerY - 10);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(
    `Thank you for your order with ${data.operator.name}. Prices include VAT at 20%. ` +
      `Questions about this order? Email ${data.operator.email}` +
      (data.operator.phone ? ` or call ${data.operator.phone}.` : '.'),
    left,
    footerY,
    { width, align: 'center' },
  );
  doc.text(`Order reference ${data.order.uuid} · Receipt produced ${data.generatedAt}`, left, doc.y + 2, {
    width,
    align: 'center',
  });

  doc.end();
  return done;
}
