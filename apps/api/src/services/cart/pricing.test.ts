import { describe, expect, it } from 'vitest';
import {
  type AvailableBenefit,
  type AvailablePackage,
  basketTotals,
  capTenders,
  lineVat,
  maxCreditApplicable,
  type PricingLine,
  priceLines,
} from './pricing.ts';

const line = (itemId: number, overrides: Partial<PricingLine> = {}): PricingLine => ({
  itemId,
  type: 'activity',
  fullPrice: 650,
  category: 'Aquatics',
  usageRemoved: false,
  ...overrides,
});
const freeSwim: AvailableBenefit = {
  benefitId: 1,
  membershipId: 9,
  name: 'Free swim',
  category: 'Aquatics',
  discountPercent: 100,
  usesLeft: 1,
};
const halfPrice: AvailableBenefit = {
  ...freeSwim,
  benefitId: 2,
  name: 'Half-price swim',
  discountPercent: 50,
  usesLeft: 5,
};
const yogaPass: AvailablePackage = {
  packageId: 4,
  name: '10 Yoga Class Pass',
  category: 'Mind & Body',
  sessionsRemaining: 1,
  expiresAt: null,
};

describe('priceLines', () => {
  it('applies the best matching benefit, one use per line, then the next best', () => {
    const priced = priceLines([line(1), line(2), line(3, { fullPrice: 455 })], [halfPrice, freeSwim], []);
    expect(priced.map((p) => [p.price, p.benefit?.name])).toEqual([
      [0, 'Free swim'],
      [325, 'Half-price swim'],
      [227, 'Half-price swim'],
    ]);
  });

  it('falls back to a package with sessions left, matching the category case-insensitively', () => {
    const priced = priceLines(
      [
        line(1, { category: 'mind & body', fullPrice: 700 }),
        line(2, { category: 'Mind & Body', fullPrice: 700 }),
      ],
      [freeSwim],
      [yogaPass],
    );
    expect(priced.map((p) => [p.price, p.package?.name ?? null])).toEqual([
      [0, '10 Yoga Class Pass'],
      [700, null],
    ]);
  });

  it('uses the package that expires first', () => {
    const later = { ...yogaPass, packageId: 5, expiresAt: new Date('2027-01-01') };
    const sooner = { ...yogaPass, packageId: 6, name: 'Soon', expiresAt: new Date('2026-12-01') };
    expect(
      priceLines([line(1, { category: 'Mind & Body' })], [], [yogaPass, later, sooner])[0]!.package?.name,
    ).toBe('Soon');
  });

  it('charges full price when the usage was removed, for other categories and for fees', () => {
    const priced = priceLines(
      [
        line(1, { usageRemoved: true }),
        line(2, { category: 'Cycling' }),
        line(3, { type: 'penalty', category: null }),
      ],
      [freeSwim],
      [yogaPass],
    );
    expect(priced.map((p) => [p.price, p.benefit, p.package])).toEqual([
      [650, null, null],
      [650, null, null],
      [650, null, null],
    ]);
  });
});

describe('basketTotals', () => {
  it('includes VAT at 20% of a VAT-inclusive line unless the line states its rate', () => {
    expect(lineVat({ price: 1200 })).toBe(200);
    expect(lineVat({ price: 650 })).toBe(108);
    expect(lineVat({ price: 0 })).toBe(0);
    expect(lineVat({ price: 1050, vatRate: 500 })).toBe(50);
    expect(lineVat({ price: 1200, vatRate: 0 })).toBe(0);
  });

  it('makes the tax total the sum of each line’s VAT at its own rate', () => {
    const totals = basketTotals({
      lines: [
        { type: 'activity', price: 650 }, // standard: 650 × 2000 / 12000 = 108.33 → 108
        { type: 'activity', price: 1200, vatRate: 0 }, // exempt swimming lesson: 0
        { type: 'activity', price: 525, vatRate: 500 }, // reduced: 525 × 500 / 10500 = 25
      ],
      creditAvailable: { general: 0, membership: 0 },
      tenders: [],
    });
    expect(totals.taxTotal).toBe(108 + 0 + 25);
    expect(totals.total).toBe(650 + 1200 + 525);
  });

  it('caps general credit at the basket and membership credit at membership lines', () => {
    const totals = basketTotals({
      lines: [
        { type: 'activity', price: 650 },
        { type: 'activity', price: 0 },
      ],
      creditAvailable: { general: 1250, membership: 1000 },
      tenders: [{ tenderType: 'credit', amount: 5000 }],
    });
    expect(totals).toMatchObject({
      total: 650,
      subTotal: 650,
      taxTotal: 108,
      creditApplied: 650,
      totalToPay: 0,
      itemCount: 2,
      credits: {
        general: { available: 1250, maxApplicable: 650 },
        membership: { available: 1000, maxApplicable: 0 },
      },
    });
    expect(maxCreditApplicable(totals)).toBe(650);
  });

  it('takes membership credit first for membership lines, then general', () => {
    const totals = basketTotals({
      lines: [
        { type: 'membershipRenewal', price: 3999 },
        { type: 'activity', price: 650 },
      ],
      creditAvailable: { general: 300, membership: 1000 },
      tenders: [{ tenderType: 'credit', amount: 1200 }],
    });
    expect(totals.creditSplit).toEqual({ membership: 1000, general: 200 });
    expect(totals.totalToPay).toBe(4649 - 1200);
  });

  it('lets offline tenders pay what credit leaves, never more than the total, and ignores negative balances', () => {
    const totals = basketTotals({
      lines: [{ type: 'activity', price: 1000 }],
      creditAvailable: { general: -200, membership: 0 },
      tenders: [
        { tenderType: 'credit', amount: 100 },
        { tenderType: 'cash', amount: 2000 },
      ],
    });
    expect(totals).toMatchObject({ creditApplied: 0, offlineApplied: 1000, totalToPay: 0 });
  });

  it('adds up: lines = credit + offline + card, nothing negative', () => {
    for (let i = 0; i < 200; i++) {
      const lines = Array.from({ length: (i % 4) + 1 }, (_, n) => ({
        type: 'activity',
        price: (i * 37 + n * 101) % 1500,
      }));
      const totals = basketTotals({
        lines,
        creditAvailable: { general: (i * 53) % 900, membership: (i * 17) % 400 },
        tenders: [
          { tenderType: 'credit', amount: (i * 71) % 2000 },
          { tenderType: 'cash', amount: (i * 13) % 700 },
        ],
      });
      expect(totals.creditApplied + totals.offlineApplied + totals.totalToPay).toBe(totals.total);
      for (const value of [totals.creditApplied, totals.offlineApplied, totals.totalToPay, totals.taxTotal])
        expect(value).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('capTenders', () => {
  it('keeps what the basket can take: credit first, then offline tenders in order', () => {
    const tenders = [
      { tenderType: 'cash', amount: 400 },
      { tenderType: 'credit', amount: 900 },
      { tenderType: 'cheque', amount: 400 },
    ];
    const totals = basketTotals({
      lines: [{ type: 'activity', price: 1000 }],
      creditAvailable: { general: 500, membership: 0 },
      tenders,
    });
    expect(capTenders(tenders, totals)).toEqual([
      { tenderType: 'credit', amount: 500 },
      { tenderType: 'cash', amount: 400 },
      { tenderType: 'cheque', amount: 100 },
    ]);
  });
});
