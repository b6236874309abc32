import { describe, expect, it } from 'vitest';
import type { OrderItem } from '../api/get-order';
import { orderItemRows } from './orders';

const money = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}` });

describe('orderItemRows', () => {
  it("shows a membership's breakdown: pro-rata dates, the code by name and the mandate reference", () => {
    const item = {
      id: 1,
      type: 'membership',
      name: 'Gym & Swim - Monthly',
      price: money(5682),
      membership: {
        startDate: '24 November 2026',
        paymentType: 'recurring',
        paymentOption: { prettyFirstBillingDate: '1 December 2026', fixedDuration: null, fixedPeriod: null },
        fees: [
          { label: 'Setup fee', price: money(1500), detail: null },
          { label: 'Pro-rata', price: money(933), detail: '24 November 2026 to 30 November 2026, 7 days' },
          { label: 'Code Applied', price: money(-750), detail: 'HALFJOIN' },
        ],
        categories: [],
        baseFee: { price: money(3999) },
        homeVenue: { name: 'Leeds Central' },
        mandateReference: 'MD-0042',
      },
    } as unknown as OrderItem;
    expect(orderItemRows(item)).toEqual([
      ['Home centre', 'Leeds Central'],
      ['Start date', '24 November 2026'],
      ['Payment', '£39.99 per month'],
      ['First monthly payment', '1 December 2026'],
      ['Setup fee', '£15.00'],
      ['Pro-rata (24 November 2026 to 30 November 2026, 7 days)', '£9.33'],
      ['Code Applied (HALFJOIN)', '£-7.50'],
      ['Direct debit mandate reference', 'MD-0042'],
    ]);
  });
});
