import * as contract from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { BASKET_TEXTS, BOOKING_TEXTS, GUEST_PASS_TEXTS, PAYMENTS_TEXTS, WAITLIST_TEXTS } from './texts';

describe('texts mirrored from the contract', () => {
  it('are identical', () => {
    expect(BASKET_TEXTS).toEqual(contract.BASKET_TEXTS);
    expect(BOOKING_TEXTS).toEqual(contract.BOOKING_TEXTS);
    expect(WAITLIST_TEXTS).toEqual(contract.WAITLIST_TEXTS);
    expect(PAYMENTS_TEXTS).toEqual(contract.PAYMENTS_TEXTS);
    expect(GUEST_PASS_TEXTS).toEqual(contract.GUEST_PASS_TEXTS);
  });
});
