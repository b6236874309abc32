import { PROFILE_TEXTS } from '@fieldhouse/contract/account-profile';
import { describe, expect, it } from 'vitest';
import { WAIVER_TEXTS } from './texts';

describe('WAIVER_TEXTS', () => {
  it('matches the contract', () => {
    for (const key of [
      'reviewWaivers',
      'noWaivers',
      'waiverNotFound',
      'waiverExpired',
      'waiverLatest',
      'waiverSigned',
    ] as const)
      expect(WAIVER_TEXTS[key]).toBe(PROFILE_TEXTS[key]);
    expect(WAIVER_TEXTS.waiverSignedOn('1 May 2026')).toBe(PROFILE_TEXTS.waiverSignedOn('1 May 2026'));
  });
});
