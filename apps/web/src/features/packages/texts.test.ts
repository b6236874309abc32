import { PROFILE_TEXTS } from '@fieldhouse/contract/account-profile';
import { describe, expect, it } from 'vitest';
import { PACKAGE_TEXTS } from './texts';

describe('PACKAGE_TEXTS', () => {
  it('matches the contract', () => {
    expect(PACKAGE_TEXTS.packagesFailed).toBe(PROFILE_TEXTS.packagesFailed);
    expect(PACKAGE_TEXTS.noPackages).toBe(PROFILE_TEXTS.noPackages);
  });
});
