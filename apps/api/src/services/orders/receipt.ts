import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { VAT_TREATMENT_NAMES, type VatTreatment, vatIncludedIn, vatRateText } from '@fieldhouse/contract/vat';
import { formatMoney } from '../../lib/money.ts';
import { apiPath } from '../../paths.ts';

/** What a receipt shows, already formatted for people (venue-local dates and times). */
export type ReceiptData = {
  operator: {
    name: string;
    address: string[];
    phone: string | null;
    email: string;
    /** The operator's VAT registration number, when it is registered (decision 082). */
    vatNumber?: string | null;
  };
  customer: { name: string; reference: string; email: string };
  order: { id: number; uuid: string; date: string; paymentType: string; total: number };
  items: {
    name: string;
    when: string | null;
    where: string | null;
    price: number;
    /** Lines under the item: a membership's start, home centre, payment, fees and mandate (amounts in pence). */
    details?: { label: string; amount?: number }[];
    /**
     * The line's VAT as sold (decision 082): treatment, rate (basis points) and the VAT included in `price` (pence).
     * Left out: standard 20% of the price.
     */
    vat?: { treatment: VatTreatment; rate: number; amount: number };
  }[];
  payments: { label: string; amount: number }[];
  /** Refunds given on the order since (a receipt): 'Credit note CN-000012, 2 December 2026: card', amount. */
  refunds?: { label: string; amount: number }[];
  /**
   * A credit note instead of a receipt (staff refunds, decision 074): its number, date and reason; the items are the
   * lines refunded (price: the amount given back), the payments where the money went, the total what was refunded.
   */
  creditNote?: { number: string; date: string; reason: string; total: number };
  /** When the receipt was made (venue-local), for the footer. */
  generatedAt: string;
};

type VatLine = { price: number; vat?: { treatment: VatTreatment; rate: number; amount: number } };
const vatOfItem = (item: VatLine) =>
  item.vat ?? { treatment: 'standard' as const, rate: 2000, amount: vatIncludedIn(item.price, 2000) };

/** 'Standard 20%', 'Reduced 5%', 'Zero 0%', 'Exempt'. */
export const vatRateLabel = (treatment: VatTreatment, rate: number) =>
  treatment === 'exempt' ? 'Exempt' : `${VAT_TREATMENT_NAMES[treatment]} ${vatRateText(rate)}`;

/**
 * The VAT analysis a receipt prints (decision 082): one row per treatment and rate (standard first, exempt last)
 * with the gross, VAT and net of its lines, and the totals. Each line's VAT is what was recorded when it was sold
 * (so the VAT total is the sum of the lines', not the VAT of the total); net + VAT = gross on every row and in total.
 */
export function receiptVat(items: VatLine[], charged?: number) {
  const order: VatTreatment[] = ['standard', 'reduced', 'zero', 'exempt'];
  const rows = new Map<string, { treatment: VatTreatment; rate: number; gross: number; vat: number }>();
  for (const item of items) {
    const v = vatOfItem(item);
    const key = `${v.treatment}:${v.rate}`;
    const row = rows.get(key) ?? { treatment: v.treatment, rate: v.rate, gross: 0, vat: 0 };
    row.gross += item.price;
    row.vat += v.amount;
    rows.set(key, row);
  }
  const analysis = [...rows.values()]
    .sort((a, b) => order.indexOf(a.treatment) - order.indexOf(b.treatment) || b.rate - a.rate)
    .map((r) => ({ ...r, label: vatRateLabel(r.treatment, r.rate), net: r.gross - r.vat }));
  // The total is what was charged (or refunded); the lines add up to it on every order checkout makes.
  const total = charged ?? analysis.reduce((sum, r) => sum + r.gross, 0);
  const vat = analysis.reduce((sum, r) => sum + r.vat, 0);
  return { rows: analysis, subtotal: total - vat, vat, total };
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const INK = '#1d2433';
const MUTED = '#5b6475';
const RULE = '#d0d5dd';
const COLUMNS = { item: 50, when: 220, where: 355, price: 480, end: 545 };

/**
 * Fonts: DejaVu Sans (npm dejavu-fonts-ttf: Latin with its extensions, Greek, Cyrillic and more) for everything,
 * and for Chinese, Japanese and Korean characters Noto Sans SC's simplified-Chinese set (assets/fonts, from
 * @fontsource/noto-sans-sc 5.3.0, OFL-1.1), read only when a receipt has such a character. pdfkit embeds subsets of
 * the glyphs used: a Latin receipt is about 24 KB (2.6 KB with the old standard fonts, which could not print 'Ł'),
 * and CJK adds a few KB. Kept as WOFF rather than WOFF2: fontkit embeds the WOFF2 one ten times larger.
 */
const require = createRequire(import.meta.url);
const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = {
  regular: path.join(DEJAVU, 'DejaVuSans.ttf'),
  bold: path.join(DEJAVU, 'DejaVuSans-Bold.ttf'),
  cjk: apiPath('assets/fonts/NotoSansSC-Regular-chinese-simplified.woff'),
};
const fontCache = new Map<keyof typeof FONT_FILES, Promise<Buffer>>();
const fontBytes = (name: keyof typeof FONT_FILES) => {
  let bytes = fontCache.get(name);
  if (!bytes) {
    bytes = readFile(FONT_FILES[name]);
    fontCache.set(name, bytes);
  }
  return bytes;
};

/** CJK radicals, punctuation, kana, ideographs, Hangul and full-width forms: drawn with the CJK font. */
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\u{20000}-\u{3FFFF}]/u;
const CJK_RUNS =
  /([\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\u{20000}-\u{3FFFF}])+/gu;

/** Text split into runs of CJK and other characters, in order. */
export function fontRuns(text: string): { text: string; cjk: boolean }[] {
  const runs: { text: string; cjk: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(CJK_RUNS)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), cjk: false });
    runs.push({ text: match[0], cjk: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), cjk: false });
  return runs;
}

/**
 * Renders the receipt as a PDF (A4, DejaVu Sans embedded, a CJK font only when needed). pdfkit is loaded on the
 * first receipt (it takes a quarter of a second to import), not when the server starts.
 */
export async function renderReceiptPdf(
  data: ReceiptData,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const note = data.creditNote;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    compress: options.compress ?? true,
    info: {
      Title: note
        ? `Credit note ${note.number} for order ${data.order.id}`
        : `Receipt for order ${data.order.id}`,
      Author: data.operator.name,
      Subject: `${data.operator.name} ${note ? 'credit note' : 'receipt'}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('Sans', await fontBytes('regular'));
  doc.registerFont('Sans-Bold', await fontBytes('bold'));
  const needsCjk = CJK.test(JSON.stringify(data));
  if (needsCjk) doc.registerFont('Sans-CJK', await fontBytes('cjk'));
  let face: 'Sans' | 'Sans-Bold' = 'Sans';
  const font = (name: 'Sans' | 'Sans-Bold') => {
    face = name;
    return doc.font(name);
  };
  /** doc.text, but a CJK run is drawn in the CJK font (the rest of the line keeps the current face). */
  const text = (value: string, x?: number, y?: number, opts: PDFKit.Mixins.TextOptions = {}) => {
    const runs = needsCjk ? fontRuns(value) : [];
    if (runs.length <= 1) {
      if (runs[0]?.cjk) doc.font('Sans-CJK');
      if (x === undefined) doc.text(value, opts);
      else doc.text(value, x, y, opts);
      return doc.font(face);
    }
    // pdfkit puts each font's own ascent below the line's top; the CJK runs take DejaVu's, so they share its baseline.
    const current = doc as unknown as { _font: { ascender: number }; _fontSize: number };
    const ascent = (current._font.ascender / 1000) * current._fontSize;
    runs.forEach((run, i) => {
      doc.font(run.cjk ? 'Sans-CJK' : face);
      const runOptions = {
        ...opts,
        continued: i < runs.length - 1,
        ...(run.cjk ? { baseline: -ascent } : {}),
      };
      // pdfkit drops the options when x is left out of text(value, x, y, options): pass them alone then.
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, runOptions);
      else doc.text(run.text, runOptions);
    });
    return doc.font(face);
  };
  const heightOf = (value: string, opts: PDFKit.Mixins.TextOptions) => doc.heightOfString(value, opts);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  const rule = (y: number, colour = RULE) =>
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(colour).stroke();

  // Operator (left) and receipt heading (right).
  font('Sans-Bold').fillColor(INK).fontSize(18);
  text(data.operator.name, left, 50, { width: 300 });
  font('Sans').fontSize(9).fillColor(MUTED);
  for (const line of data.operator.address) text(line, undefined, undefined, { width: 300 });
  if (data.operator.phone) text(`Telephone ${data.operator.phone}`, undefined, undefined, { width: 300 });
  text(data.operator.email, undefined, undefined, { width: 300 });
  if (data.operator.vatNumber) {
    text(`VAT registration number ${data.operator.vatNumber}`, undefined, undefined, { width: 300 });
  }
  const operatorBottom = doc.y;

  font('Sans-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(note ? 'Credit note' : 'Receipt', 350, 50, { width: 195, align: 'right' });
  font('Sans').fontSize(9).fillColor(MUTED);
  const facts: [string, string][] = note
    ? [
        ['Credit note number', note.number],
        ['Date', note.date],
        ['Order number', String(data.order.id)],
        ['Order date', data.order.date],
      ]
    : [
        ['Order number', String(data.order.id)],
        ['Date', data.order.date],
        ['Paid by', data.order.paymentType],
      ];
  doc.moveDown(0.3);
  for (const [label, value] of facts) {
    text(`${label}: ${value}`, 350, doc.y, { width: 195, align: 'right' });
  }

  // Customer.
  let y = Math.max(operatorBottom, doc.y) + 24;
  font('Sans-Bold').fontSize(10).fillColor(INK).text('Customer', left, y);
  font('Sans').fontSize(10);
  text(data.customer.name);
  doc.fontSize(9).fillColor(MUTED);
  text(`Customer no ${data.customer.reference}`);
  text(data.customer.email);

  // Items.
  y = doc.y + 22;
  font('Sans-Bold').fontSize(9).fillColor(MUTED);
  doc.text('Item', COLUMNS.item, y);
  doc.text('Date and time', COLUMNS.when, y);
  doc.text('Venue', COLUMNS.where, y);
  doc.text(note ? 'Refunded' : 'Price', COLUMNS.price, y, {
    width: COLUMNS.end - COLUMNS.price,
    align: 'right',
  });
  y = doc.y + 4;
  rule(y, INK);
  y += 8;
  const newPageIfBelow = (limit: number) => {
    if (y > limit) {
      doc.addPage();
      y = PAGE.margin;
    }
  };
  for (const item of data.items) {
    newPageIfBelow(PAGE.height - 220);
    font('Sans').fontSize(10).fillColor(INK);
    const widths = {
      item: COLUMNS.when - COLUMNS.item - 10,
      when: COLUMNS.where - COLUMNS.when - 10,
      where: COLUMNS.price - COLUMNS.where - 10,
    };
    const heights = [heightOf(item.name, { width: widths.item })];
    doc.fontSize(9);
    heights.push(heightOf(item.when ?? '-', { width: widths.when }));
    heights.push(heightOf(item.where ?? '-', { width: widths.where }));
    doc.fontSize(10);
    text(item.name, COLUMNS.item, y, { width: widths.item });
    doc.fontSize(9).fillColor(MUTED);
    text(item.when ?? '-', COLUMNS.when, y + 1, { width: widths.when });
    text(item.where ?? '-', COLUMNS.where, y + 1, { width: widths.where });
    doc.fontSize(10).fillColor(INK);
    doc.text(formatMoney(item.price), COLUMNS.price, y, {
      width: COLUMNS.end - COLUMNS.price,
      align: 'right',
    });
    y += Math.max(...heights) + 6;
    if (item.vat?.treatment === 'exempt') {
      font('Sans').fontSize(8.5).fillColor(MUTED);
      text('Exempt from VAT', COLUMNS.item + 12, y, { width: COLUMNS.price - COLUMNS.item - 22 });
      y = doc.y + 2;
    }
    // The breakdown: one line each, the label across the item and date columns, an amount (if any) muted on the right.
    const detailWidth = COLUMNS.price - COLUMNS.item - 22;
    for (const detail of item.details ?? []) {
      newPageIfBelow(PAGE.height - 160);
      font('Sans').fontSize(8.5).fillColor(MUTED);
      const height = heightOf(detail.label, { width: detailWidth });
      text(detail.label, COLUMNS.item + 12, y, { width: detailWidth });
      if (detail.amount !== undefined) {
        const amount = detail.amount < 0 ? `−${formatMoney(-detail.amount)}` : formatMoney(detail.amount);
        doc.text(amount, COLUMNS.price, y, { width: COLUMNS.end - COLUMNS.price, align: 'right' });
      }
      y += height + 2;
    }
    y += 6;
    rule(y - 4);
  }

  // Totals.
  const totals = receiptVat(data.items, note ? note.total : data.order.total);
  y += 8;
  const totalLine = (label: string, value: string, bold = false) => {
    font(bold ? 'Sans-Bold' : 'Sans')
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
  totalLine('VAT', formatMoney(totals.vat));
  totalLine(note ? 'Total refunded' : 'Total', formatMoney(totals.total), true);

  // VAT analysis: one row per rate (exempt lines apart), net + VAT = gross.
  y += 10;
  newPageIfBelow(PAGE.height - 160 - totals.rows.length * 14);
  const VAT_COLUMNS = { rate: 300, net: 375, vat: 435, gross: 490 };
  const vatRow = (cells: [string, string, string, string], bold = false) => {
    font(bold ? 'Sans-Bold' : 'Sans')
      .fontSize(9)
      .fillColor(bold ? MUTED : INK);
    doc.text(cells[0], VAT_COLUMNS.rate, y, { width: 75 });
    doc.text(cells[1], VAT_COLUMNS.net, y, { width: 55, align: 'right' });
    doc.text(cells[2], VAT_COLUMNS.vat, y, { width: 50, align: 'right' });
    doc.text(cells[3], VAT_COLUMNS.gross, y, { width: COLUMNS.end - VAT_COLUMNS.gross, align: 'right' });
    y = doc.y + 3;
  };
  vatRow(['VAT rate', 'Net', 'VAT', 'Total'], true);
  for (const r of totals.rows) {
    vatRow([
      r.label,
      formatMoney(r.net),
      r.treatment === 'exempt' ? '-' : formatMoney(r.vat),
      formatMoney(r.gross),
    ]);
  }

  // Payments.
  y += 14;
  newPageIfBelow(PAGE.height - 140);
  const moneyList = (heading: string, rows: { label: string; amount: number }[]) => {
    font('Sans-Bold').fontSize(10).fillColor(INK).text(heading, left, y);
    y = doc.y + 4;
    font('Sans').fontSize(10);
    for (const row of rows) {
      doc.fillColor(INK);
      text(row.label, left, y, { width: 380 });
      doc.text(formatMoney(row.amount), COLUMNS.price - 10, y, {
        width: COLUMNS.end - COLUMNS.price + 10,
        align: 'right',
      });
      y = doc.y + 4;
    }
  };
  moneyList(
    note ? 'Refunded to' : 'Payments',
    data.payments.length ? data.payments : [{ label: 'Nothing to pay', amount: 0 }],
  );
  if (note) {
    y += 10;
    font('Sans-Bold').fontSize(10).fillColor(INK).text('Reason', left, y);
    font('Sans').fontSize(10);
    text(note.reason, left, doc.y + 2, { width });
    y = doc.y + 4;
  }
  if (data.refunds?.length) {
    y += 10;
    newPageIfBelow(PAGE.height - 140);
    moneyList('Refunds', data.refunds);
  }

  // Footer.
  const footerY = PAGE.height - PAGE.margin - 48;
  rule(footerY - 10);
  font('Sans').fontSize(8).fillColor(MUTED);
  text(
    (note
      ? `This credit note refunds part or all of order ${data.order.id} with ${data.operator.name}. Amounts include VAT at the rates shown. `
      : `Thank you for your order with ${data.operator.name}. Prices include VAT at the rates shown. `) +
      `Questions about this order? Email ${data.operator.email}` +
      (data.operator.phone ? ` or call ${data.operator.phone}.` : '.'),
    left,
    footerY,
    { width, align: 'center' },
  );
  doc.text(
    `Order reference ${data.order.uuid} · ${note ? 'Credit note' : 'Receipt'} produced ${data.generatedAt}`,
    left,
    doc.y + 2,
    {
      width,
      align: 'center',
    },
  );

  doc.end();
  return done;
}
