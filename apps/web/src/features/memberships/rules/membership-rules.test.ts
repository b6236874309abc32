import { describe, expect, it } from 'vitest';
import {
  canSubmitFreeze,
  eligibilityNotices,
  emptyFreezeForm,
  fileProblem,
  freezeDateBounds,
  freezeUpload,
  manageOptions,
  withReason,
} from './membership-rules';

const criterion = { id: 1, documentTypes: [{ id: 2, name: 'Student card' }] };
const doc = (
  status: 'pending' | 'approved' | 'rejected',
  expiry: { documentExpiringSoon?: boolean; expired?: boolean } = {},
) => ({
  id: 9,
  status,
  rejectionReason: status === 'rejected' ? 'Blurry photo' : null,
  type: { name: 'Student card' },
  documentExpiry: { documentExpiringSoon: false, expired: false, ...expiry },
});
/** What the server says of a membership (upload_required is derived there: membership-state.test.ts). */
const membership = (
  overrides: Partial<{ uploadRequired: boolean; document: ReturnType<typeof doc> | null }> = {},
) => ({ uploadRequired: true, document: null, ...overrides });

describe('eligibilityNotices', () => {
  it('uses the spec texts', () => {
    expect(eligibilityNotices(membership())[0]?.lines).toEqual([
      'Proof of eligibility is required for this membership. Please upload here.',
    ]);
    expect(eligibilityNotices(membership({ document: doc('rejected') }))[0]?.lines).toEqual([
      'Latest document upload was rejected: Blurry photo. Please try upload again',
    ]);
    expect(
      eligibilityNotices(membership({ document: doc('approved', { expired: true }) }))[0]?.lines,
    ).toEqual(['Document has expired. Please upload a new document']);
    expect(
      eligibilityNotices(membership({ document: doc('approved', { documentExpiringSoon: true }) }), 1)[0]
        ?.lines,
    ).toEqual([
      'Document is due to expire. Please upload a new document',
      'expires in 1 day',
      'If you do not update this document your membership will become suspended and you will lose all access rights.',
    ]);
  });
  it('shows nothing when the server says no upload is required', () => {
    expect(eligibilityNotices(membership({ uploadRequired: false, document: doc('pending') }))).toEqual([]);
    expect(eligibilityNotices(membership({ uploadRequired: false }))).toEqual([]);
  });
});

const manageable = {
  canChange: true,
  cannotChangeReason: null,
  freezePending: false,
  freezable: true,
  renewable: false,
  canRenew: false,
  renewForbidReason: null,
  cancellable: true,
  membershipType: { eligibilityCriterion: null },
};

describe('manageOptions', () => {
  it('lists change and freeze always, renew when renewable, cancel when cancellable, upload with a criterion', () => {
    expect(manageOptions(manageable).map((o) => o.id)).toEqual(['change', 'freeze', 'cancel']);
    expect(
      manageOptions({
        ...manageable,
        renewable: true,
        cancellable: false,
        membershipType: { eligibilityCriterion: criterion },
      }).map((o) => o.id),
    ).toEqual(['change', 'freeze', 'renew', 'upload']);
  });
  it('disables with the reasons', () => {
    const options = manageOptions({
      ...manageable,
      canChange: false,
      cannotChangeReason: 'Fixed term memberships cannot be changed',
      freezable: false,
      renewable: true,
      canRenew: false,
      renewForbidReason: 'Too early to renew',
    });
    expect(options.find((o) => o.id === 'change')).toEqual({
      id: 'change',
      isEnabled: false,
      reason: 'Fixed term memberships cannot be changed',
    });
    expect(options.find((o) => o.id === 'freeze')?.reason).toBe('Membership is not freezable');
    expect(options.find((o) => o.id === 'renew')).toMatchObject({
      isEnabled: false,
      reason: 'Too early to renew',
    });
  });
  it('a pending freeze (as the server says) wins over freezable', () => {
    expect(manageOptions({ ...manageable, freezePending: true }).find((o) => o.id === 'freeze')).toEqual({
      id: 'freeze',
      isEnabled: false,
      reason: 'Membership freeze is pending',
    });
  });
});

describe('fileProblem', () => {
  it('refuses files over 20,000,000 bytes and types other than JPEG, PNG and PDF', () => {
    expect(fileProblem({ size: 20_000_000, type: 'application/pdf' })).toBeNull();
    expect(fileProblem({ size: 20_000_001, type: 'application/pdf' })).toBe('File size exceeds 20mb.');
    expect(fileProblem({ size: 10, type: 'image/png' })).toBeNull();
    expect(fileProblem({ size: 10, type: 'image/jpeg' })).toBeNull();
    expect(fileProblem({ size: 10, type: 'image/gif' })).toBe('Please choose a JPEG, PNG or PDF file.');
    expect(fileProblem({ size: 10, type: '' })).toBe('Please choose a JPEG, PNG or PDF file.');
  });
});

describe('freeze form rules', () => {
  const file = new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' });
  const bounds = { min: '2026-06-01', max: '2026-06-30' };
  const full = { freezeTypeId: 1, months: 2, activeFrom: '2026-06-10', file: null };

  it('changing the reason clears the period and the document', () => {
    expect(withReason({ ...full, file }, 2)).toEqual({
      freezeTypeId: 2,
      months: null,
      activeFrom: '2026-06-10',
      file: null,
    });
    expect(withReason({ ...full, file }, 1)).toEqual({ ...full, file });
  });
  it('submit needs reason, start date in the window and period, plus a file when proof is required', () => {
    expect(canSubmitFreeze(emptyFreezeForm, false, bounds)).toBe(false);
    expect(canSubmitFreeze(full, false, bounds)).toBe(true);
    expect(canSubmitFreeze({ ...full, months: null }, false, bounds)).toBe(false);
    expect(canSubmitFreeze({ ...full, activeFrom: '2026-05-31' }, false, bounds)).toBe(false);
    expect(canSubmitFreeze({ ...full, activeFrom: '2026-07-01' }, false, bounds)).toBe(false);
    expect(canSubmitFreeze(full, true, bounds)).toBe(false);
    expect(canSubmitFreeze({ ...full, file }, true, bounds)).toBe(true);
  });
  it('the start date is never in the past', () => {
    expect(freezeDateBounds('2026-05-01', '2026-07-01', '2026-05-20')).toEqual({
      min: '2026-05-20',
      max: '2026-07-01',
    });
    expect(freezeDateBounds('2026-06-01', '2026-07-01', '2026-05-20')).toEqual({
      min: '2026-06-01',
      max: '2026-07-01',
    });
  });
  it('sends the upload’s parts under the wire’s names, the proof only when chosen', () => {
    expect(freezeUpload({ ...full, file })).toEqual({
      freeze_type_id: 1,
      active_from: '2026-06-10',
      months: 2,
      file,
    });
    expect(freezeUpload(full).file).toBeNull();
  });
});
