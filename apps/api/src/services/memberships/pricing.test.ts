import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import {
  computeCosts,
  firstBillingDate,
  linesNow,
  type PricedOption,
  type Promotion,
  promotionDiscount,
  startDateWindow,
} from './pricing.ts';

const d = (s: string) => parseLocalDate(s)!;
const monthly: PricedOption = {
  paymentType: 'recurring',
  baseFee: 3999,
  joiningFee: 1500,
  monthInHand: false,
};
const annual: PricedOption = { paymentType: 'fixed', baseFee: 39900, joiningFee: 0, monthInHand: false };

const recurring = (start: string, billingDay: number, option = monthly, promotion: Promotion | null = null) =>
  computeCosts({ option, startDate: d(start), billingDay, promotion });

describe('first billing date', () => {
  it.each([
    ['2026-11-10', 20, '2026-11-20'], // billing day after the start day, 10 days away
    ['2026-11-22', 20, '2026-12-20'], // billing day before the start day: next month
    ['2026-11-20', 20, '2026-12-20'], // strictly after: the start day itself does not count
    ['2026-11-15', 20, '2026-12-20'], // 5 days away (< 7): the one after
    ['2026-11-13', 20, '2026-11-20'], // exactly 7 days away: kept
    ['2026-12-31', 28, '2027-01-28'], // start on the 31st, across the year end
    ['2026-01-31', 1, '2026-03-01'], // 1 Feb is 1 day away: 1 March
    ['2028-02-15', 1, '2028-03-01'], // leap-year February
  ])('start %s, billing day %i → %s', (start, day, expected) => {
    expect(firstBillingDate(d(start), day)).toEqual(d(expected));
  });

  it('refuses billing days outside 1–28', () => {
    expect(() => firstBillingDate(d('2026-11-10'), 29)).toThrow(RangeError);
    expect(() => firstBillingDate(d('2026-11-10'), 0)).toThrow(RangeError);
  });
});

describe('recurring costs: worked examples (Gym & Swim £39.99 a month, £15.00 joining fee)', () => {
  it('start 22 Nov, billing day 1: 9 days pro-rata of a 30-day month', () => {
    const c = recurring('2026-11-22', 1);
    expect(c).toMatchObject({ proRataDays: 9, proRataFee: 1200, monthInHandFee: 0, discount: 0 });
    expect(c.firstBillingDate).toEqual(d('2026-12-01')); // 3999 × 9 / 30 = 1199.7 → 1200
    expect(c.totalToPayNow).toBe(2700);
  });

  it('start on the 1st, billing day 1: a whole month of pro-rata', () => {
    const c = recurring('2026-12-01', 1);
    expect(c.firstBillingDate).toEqual(d('2027-01-01'));
    expect(c).toMatchObject({ proRataDays: 31, proRataFee: 3999, totalToPayNow: 5499 });
  });

  it('start on the 31st, billing day 28', () => {
    const c = recurring('2026-12-31', 28);
    expect(c).toMatchObject({ proRataDays: 28, proRataFee: 3612, totalToPayNow: 5112 }); // 111972 / 31
  });

  it('start 31 January, billing day 1: 29 days to 1 March', () => {
    expect(recurring('2026-01-31', 1)).toMatchObject({ proRataDays: 29, proRataFee: 3741 });
  });

  it('leap-year February divides by 29', () => {
    expect(recurring('2028-02-15', 1)).toMatchObject({ proRataDays: 15, proRataFee: 2068 }); // 59985 / 29
  });

  it('billing day fewer than 7 days away moves a month on (and rounds half up)', () => {
    expect(recurring('2026-11-15', 20)).toMatchObject({ proRataDays: 35, proRataFee: 4666 }); // 4665.5
  });

  it('start the Saturday before the March clock change (29 March 2026)', () => {
    const c = recurring('2026-03-28', 1);
    expect(c.firstBillingDate).toEqual(d('2026-05-01'));
    expect(c).toMatchObject({ proRataDays: 34, proRataFee: 4386 });
  });

  it('start on the October clock-change day: venue-local today is taken from the instant', () => {
    // 23:30 UTC on 24 October is 00:30 BST on 25 October (clocks go back at 02:00 BST that morning).
    const today = localDateOf(new Date('2026-10-24T23:30:00Z'));
    expect(today).toEqual(d('2026-10-25'));
    const c = recurring('2026-10-25', 1);
    expect(c.firstBillingDate).toEqual(d('2026-11-01'));
    expect(c).toMatchObject({ proRataDays: 7, proRataFee: 903 }); // 27993 / 31
  });

  it('a month in hand adds one base fee', () => {
    const c = recurring('2026-11-22', 1, { ...monthly, monthInHand: true });
    expect(c).toMatchObject({ monthInHandFee: 3999, totalToPayNow: 1500 + 1200 + 3999 });
  });
});

describe('fixed costs', () => {
  it('charges the whole price plus the joining fee, no pro-rata or billing date', () => {
    const c = computeCosts({ option: annual, startDate: d('2026-11-22'), billingDay: null, promotion: null });
    expect(c).toMatchObject({ proRataDays: 0, proRataFee: 0, monthInHandFee: 0, totalToPayNow: 39900 });
    expect(c.firstBillingDate).toBeNull();
    const withJoining = computeCosts({
      option: { ...annual, joiningFee: 2500, monthInHand: true },
      startDate: d('2026-11-22'),
      billingDay: 15,
      promotion: null,
    });
    expect(withJoining).toMatchObject({ monthInHandFee: 0, totalToPayNow: 42400 });
  });
});

describe('promotions', () => {
  it('a fixed amount off the joining fee is capped at the joining fee', () => {
    const c = recurring('2026-11-22', 1, monthly, { kind: 'fixed', value: 5000, appliesTo: 'joining_fee' });
    expect(c).toMatchObject({ discount: 1500, totalToPayNow: 1200 });
  });

  it('a percentage off both the joining fee and the first payment', () => {
    const c = recurring('2026-11-22', 1, monthly, { kind: 'percent', value: 50, appliesTo: 'both' });
    expect(c).toMatchObject({ discount: 1350, totalToPayNow: 1350 });
  });

  it('100% off the first payment of a fixed option leaves the joining fee only', () => {
    const c = computeCosts({
      option: { ...annual, joiningFee: 1000 },
      startDate: d('2026-11-22'),
      billingDay: null,
      promotion: { kind: 'percent', value: 100, appliesTo: 'first_payment' },
    });
    expect(c).toMatchObject({ discount: 39900, totalToPayNow: 1000 });
  });

  it('no promotion, no discount; a zero joining fee cannot be discounted', () => {
    expect(promotionDiscount(null, 1500, 1200)).toBe(0);
    expect(promotionDiscount({ kind: 'fixed', value: 500, appliesTo: 'joining_fee' }, 0, 1200)).toBe(0);
  });
});

describe('properties (seeded random options, dates, billing days and promotions)', () => {
  let seed = 20261122;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  it('lines add up to the total, nothing is negative, a discount never exceeds what it discounts', () => {
    const kinds = ['percent', 'fixed'] as const;
    const applies = ['joining_fee', 'first_payment', 'both'] as const;
    for (let i = 0; i < 3000; i++) {
      const option: PricedOption = {
        paymentType: rand(2) ? 'recurring' : 'fixed',
        baseFee: rand(100_000),
        joiningFee: rand(5) === 0 ? 0 : rand(10_000),
        monthInHand: rand(2) === 1,
      };
      const year = 2024 + rand(6);
      const month = 1 + rand(12);
      const start: LocalDate = { year, month, day: 1 + rand(daysInMonth(year, month)) };
      const kind = kinds[rand(2)]!;
      const promotion: Promotion | null = rand(3)
        ? { kind, value: kind === 'percent' ? 1 + rand(100) : 1 + rand(60_000), appliesTo: applies[rand(3)]! }
        : null;
      const billingDay = 1 + rand(28);
      const c = computeCosts({ option, startDate: start, billingDay, promotion });
      expect(linesNow(c).reduce((a, b) => a + b, 0)).toBe(c.totalToPayNow);
      for (const v of [c.proRataFee, c.proRataDays, c.monthInHandFee, c.discount, c.totalToPayNow])
        expect(v).toBeGreaterThanOrEqual(0);
      const firstPayment = c.paymentType === 'fixed' ? c.baseFee : c.proRataFee + c.monthInHandFee;
      const discountable =
        promotion?.appliesTo === 'joining_fee'
          ? c.joiningFee
          : promotion?.appliesTo === 'first_payment'
            ? firstPayment
            : c.joiningFee + firstPayment;
      expect(c.discount).toBeLessThanOrEqual(discountable);
      if (c.firstBillingDate) {
        expect(c.firstBillingDate.day).toBe(billingDay);
        expect(c.proRataDays).toBeGreaterThanOrEqual(7);
        expect(c.proRataDays).toBeLessThan(7 + 31);
      }
    }
  });
});

describe('dates', () => {
  it("formats 'D MMMM YYYY'", () => {
    expect(prettyDate(d('2026-12-01'))).toBe('1 December 2026');
  });
  it('allows today to the same day next month (clamped at month end)', () => {
    expect(startDateWindow(d('2026-01-31')).max).toEqual(d('2026-02-28'));
    expect(startDateWindow(d('2026-11-22'))).toEqual({ min: d('2026-11-22'), max: d('2026-12-22') });
  });
  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate('22/11/2026')).toBeNull();
  });
});
