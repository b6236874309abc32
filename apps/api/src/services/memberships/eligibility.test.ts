import { JOINING_TEXTS } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import type { membershipTypes } from '../../db/schema.ts';
import { ageOn, purchasability } from './eligibility.ts';

const type = (category: string, eligibilityName: string | null) =>
  ({ category, eligibilityName }) as typeof membershipTypes.$inferSelect;
const today = { year: 2026, month: 11, day: 22 };

describe('eligibility', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn({ year: 2008, month: 11, day: 22 }, today)).toBe(18);
    expect(ageOn({ year: 2008, month: 11, day: 23 }, today)).toBe(17);
  });
  it('lets anonymous callers buy anything, notes documents, and checks Junior ages', () => {
    const junior = type('Junior', 'Aged 11 to 17');
    expect(purchasability(junior, null, today)).toEqual({
      can_purchase: true,
      has_prices: true,
      message: null,
    });
    expect(purchasability(junior, { dateOfBirth: '2008-11-23', billingDay: null }, today).can_purchase).toBe(
      true,
    );
    expect(purchasability(junior, { dateOfBirth: '2008-11-22', billingDay: null }, today)).toEqual({
      can_purchase: false,
      has_prices: false,
      message: JOINING_TEXTS.notEligible,
    });
    expect(purchasability(junior, { dateOfBirth: null, billingDay: null }, today).can_purchase).toBe(false);
    expect(purchasability(type('Concession', 'Full-time student'), null, today).message).toBe(
      JOINING_TEXTS.documentRequired,
    );
    expect(
      purchasability(type('Adult', null), { dateOfBirth: null, billingDay: 3 }, today).message,
    ).toBeNull();
  });
});
