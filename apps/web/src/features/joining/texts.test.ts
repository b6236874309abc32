import * as contract from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { JOINING_TEXTS, PURCHASE_TEXTS, RENEW_TEXTS } from './texts';

describe('joining texts mirrored from the contract', () => {
  it('are identical', () => {
    expect(JOINING_TEXTS).toEqual(contract.JOINING_TEXTS);
    for (const [key, text] of Object.entries(PURCHASE_TEXTS))
      expect(text).toBe(contract.MEMBERSHIP_PURCHASE_TEXTS[key as keyof typeof PURCHASE_TEXTS]);
    expect(RENEW_TEXTS.addFailed).toBe(contract.MEMBERSHIP_MANAGEMENT_TEXTS.renewAddFailed);
    expect(RENEW_TEXTS.noRenewal).toBe(contract.MEMBERSHIP_MANAGEMENT_TEXTS.noRenewal);
  });
});
