import { describe, expect, it } from 'vitest';
import {
  normaliseVatNumber,
  VAT_NUMBER_PATTERN,
  VAT_RATES,
  vatIncludedIn,
  vatNumber,
  vatRateAt,
  vatRateOn,
  vatRateText,
} from './vat.ts';

describe('vatIncludedIn', () => {
  it('takes the VAT out of a VAT-inclusive price (worked examples)', () => {
    expect(vatIncludedIn(1200, 2000)).toBe(200); // 1200 × 2000 / 12000 = 200
    expect(vatIncludedIn(650, 2000)).toBe(108); // 108.33 → 108
    expect(vatIncludedIn(500, 2000)).toBe(83); // 83.33 → 83
    expect(vatIncludedIn(1050, 500)).toBe(50); // 1050 × 500 / 10500 = 50
    expect(vatIncludedIn(999, 500)).toBe(48); // 47.57 → 48
    expect(vatIncludedIn(1200, 0)).toBe(0);
    expect(vatIncludedIn(0, 2000)).toBe(0);
  });

  it('rounds halves away from zero, as PostgreSQL’s round(numeric) does', () => {
    expect(vatIncludedIn(3, 2000)).toBe(1); // 0.5 → 1
    expect(vatIncludedIn(9, 2000)).toBe(2); // 1.5 → 2 (banker’s would also give 2)
    expect(vatIncludedIn(15, 2000)).toBe(3); // 2.5 → 3 (banker’s would give 2)
    expect(vatIncludedIn(-15, 2000)).toBe(-3); // a discount: −2.5 → −3, the mirror of 15
    expect(vatIncludedIn(21, 500)).toBe(1); // 21 × 500 / 10500 = 1 exactly
    expect(vatIncludedIn(105, 500)).toBe(5);
  });

  it('nets and VAT add up to the price, nothing negative, within half a penny of the exact share', () => {
    for (const rate of [2000, 1750, 1500, 500, 0]) {
      for (let price = 0; price <= 20_000; price += 13) {
        const vat = vatIncludedIn(price, rate);
        const net = price - vat;
        expect(net + vat).toBe(price);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(net).toBeGreaterThanOrEqual(0);
        expect(Math.abs(vat - (price * rate) / (10000 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('refuses fractions of a penny and negative rates', () => {
    expect(() => vatIncludedIn(6.5, 2000)).toThrow(RangeError);
    expect(() => vatIncludedIn(650, -1)).toThrow(RangeError);
  });
});

describe('VAT rates', () => {
  it('gives each treatment its rate; zero and exempt are 0', () => {
    expect(vatRateOn('standard', '2026-12-02')).toBe(2000);
    expect(vatRateOn('reduced', '2026-12-02')).toBe(500);
    expect(vatRateOn('zero', '2026-12-02')).toBe(0);
    expect(vatRateOn('exempt', '2026-12-02')).toBe(0);
  });

  it('takes the row in force on the UK date of the sale', () => {
    expect(VAT_RATES.map((r) => r.from)).toEqual([...VAT_RATES.map((r) => r.from)].sort());
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (BST).
    expect(vatRateAt('standard', new Date('2026-03-31T23:30:00Z'))).toBe(2000);
    expect(vatRateText(2000)).toBe('20%');
    expect(vatRateText(1750)).toBe('17.5%');
    expect(vatRateText(0)).toBe('0%');
  });
});

describe('VAT registration number', () => {
  it('takes GB and 9 or 12 digits, or the digits alone, spaces ignored', () => {
    expect(vatNumber.parse('GB 123 4567 89')).toBe('GB123456789');
    expect(vatNumber.parse('gb123456789012')).toBe('GB123456789012');
    expect(vatNumber.parse('123456789')).toBe('123456789');
    for (const bad of ['GB12345678', 'GB1234567890', 'FR123456789', 'GBABCDEFGHI', '']) {
      expect(vatNumber.safeParse(bad).success).toBe(false);
    }
    expect(VAT_NUMBER_PATTERN.test(normaliseVatNumber(' GB 999 9999 73 '))).toBe(true);
  });
});
