import { describe, expect, it } from 'vitest';
import { receiptTotals, renderReceiptPdf } from './receipt.ts';

describe('receiptTotals', () => {
  it('splits a VAT-inclusive total at 20% (VAT = total / 6, rounded)', () => {
    expect(receiptTotals(1300)).toEqual({ subtotal: 1083, vat: 217, total: 1300 });
    expect(receiptTotals(650)).toEqual({ subtotal: 542, vat: 108, total: 650 });
    expect(receiptTotals(0)).toEqual({ subtotal: 0, vat: 0, total: 0 });
  });

  it('always adds up and is never negative', () => {
    for (let total = 0; total <= 5000; total += 7) {
      const t = receiptTotals(total);
      expect(t.subtotal + t.vat).toBe(total);
      expect(t.subtotal).toBeGreaterThanOrEqual(0);
      expect(t.vat).toBeGreaterThanOrEqual(0);
      expect(Math.abs(t.vat - total / 6)).toBeLessThanOrEqual(0.5);
    }
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
