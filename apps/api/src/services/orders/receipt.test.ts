import { vatIncludedIn } from '@fieldhouse/contract/vat';
import { describe, expect, it } from 'vitest';
import { receiptVat, renderReceiptPdf, vatRateLabel } from './receipt.ts';

describe('receiptVat', () => {
  it('analyses the lines by rate: standard first, exempt last, each line’s VAT as sold', () => {
    const analysis = receiptVat([
      { price: 1200, vat: { treatment: 'exempt', rate: 0, amount: 0 } },
      { price: 650, vat: { treatment: 'standard', rate: 2000, amount: 108 } },
      { price: 500 }, // no VAT stated: standard 20%, 500 / 6 = 83.33 → 83
      { price: 1050, vat: { treatment: 'reduced', rate: 500, amount: 50 } },
    ]);
    expect(analysis.rows.map((r) => [r.label, r.gross, r.vat, r.net])).toEqual([
      ['Standard 20%', 1150, 191, 959],
      ['Reduced 5%', 1050, 50, 1000],
      ['Exempt', 1200, 0, 1200],
    ]);
    expect(analysis).toMatchObject({ total: 3400, vat: 241, subtotal: 3159 });
  });

  it('always adds up and is never negative', () => {
    for (let price = 0; price <= 5000; price += 7) {
      for (const rate of [2000, 500, 0]) {
        const t = receiptVat([
          { price, vat: { treatment: 'standard', rate, amount: vatIncludedIn(price, rate) } },
        ]);
        expect(t.subtotal + t.vat).toBe(price);
        expect(t.rows[0]!.net + t.rows[0]!.vat).toBe(price);
        expect(t.subtotal).toBeGreaterThanOrEqual(0);
        expect(t.vat).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('names the rates as people read them', () => {
    expect(vatRateLabel('standard', 2000)).toBe('Standard 20%');
    expect(vatRateLabel('reduced', 500)).toBe('Reduced 5%');
    expect(vatRateLabel('zero', 0)).toBe('Zero 0%');
    expect(vatRateLabel('exempt', 0)).toBe('Exempt');
    expect(vatRateLabel('standard', 1750)).toBe('Standard 17.5%');
  });
});

describe('renderReceiptPdf', () => {
  it('makes a complete PDF, also across several pages', async () => {
    const pdf = await renderReceiptPdf({
      operator: {
        name: 'Fieldhouse Leisure',
        address: ['1 Wellington Place', 'Leeds'],
        phone: null,
        email: 'a@b.c',
      },
      customer: { name: 'Alex Morgan', reference: 'FH100001', email: 'demo@fieldhouse.test' },
      order: {
        id: 7,
        uuid: '00000000-0000-4000-8000-000000000000',
        date: '16 Nov 2026 at 18:05',
        paymentType: 'Card',
        total: 6500,
      },
      items: Array.from({ length: 40 }, (_, i) => ({
        name: `Spin ${i}`,
        when: null,
        where: null,
        price: 650,
      })),
      payments: [{ label: 'Visa ending in 4242', amount: 6500 }],
      generatedAt: '16 Nov 2026 at 18:06',
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });
});
