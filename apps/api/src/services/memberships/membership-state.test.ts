import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../../lib/local-date.ts';
import { isUploadRequired } from './membership-state.ts';

/** account-shell §4 Memberships: when a membership needs an eligibility document (the web shows what this says). */
describe('isUploadRequired', () => {
  const today = parseLocalDate('2026-11-25')!;
  const doc = (status: 'pending' | 'approved' | 'rejected', expiresOn: string | null = '2027-06-30') => ({
    status,
    expiresOn,
  });
  const facts = (overrides: Partial<Parameters<typeof isUploadRequired>[0]> = {}) => ({
    hasCriterion: true,
    doc: null,
    status: 'active',
    managementEnabled: true,
    today,
    ...overrides,
  });

  it('needs a document when the type has a criterion and none was sent', () => {
    expect(isUploadRequired(facts())).toBe(true);
    expect(isUploadRequired(facts({ hasCriterion: false }))).toBe(false);
  });
  it('needs a new one when it expires within the warning days, has expired, or was rejected', () => {
    expect(isUploadRequired(facts({ doc: doc('approved', '2026-12-01') }))).toBe(true);
    expect(isUploadRequired(facts({ doc: doc('approved', '2026-11-24') }))).toBe(true);
    expect(isUploadRequired(facts({ doc: doc('rejected') }))).toBe(true);
    expect(isUploadRequired(facts({ doc: doc('approved') }))).toBe(false);
  });
  it('not while a document waits for a decision', () => {
    expect(isUploadRequired(facts({ doc: doc('pending', '2026-11-01') }))).toBe(false);
  });
  it('not for cancelled, suspended or expired memberships, nor when management is off', () => {
    for (const status of ['cancelled', 'suspended', 'expired'])
      expect(isUploadRequired(facts({ status }))).toBe(false);
    expect(isUploadRequired(facts({ status: 'frozen' }))).toBe(true);
    expect(isUploadRequired(facts({ status: 'pending' }))).toBe(true);
    expect(isUploadRequired(facts({ managementEnabled: false }))).toBe(false);
  });
});
