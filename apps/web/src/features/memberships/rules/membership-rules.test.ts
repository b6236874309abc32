import { describe, expect, it } from 'vitest';
import {
  canSubmitFreeze,
  eligibilityNotices,
  emptyFreezeForm,
  fileProblem,
  freezeDateBounds,
  freezeFormData,
  isFreezePending,
  isUploadRequired,
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
const membership = (overrides: Partial<Parameters<typeof isUploadRequired>[0]> = {}) => ({
  status: 'active' as const,
  managementEnabled: true,
  document: null,
  membershipType: { eligibilityCriterion: criterion },
  ...overrides,
});

describe('isUploadRequired', () => {
  it('needs a document when a criterion exists and none was sent', () => {
    expect(isUploadRequired(membership())).toBe(true);
    expect(isUploadRequired(membership({ membershipType: { eligibilityCriterion: null } }))).toBe(false);
  });
  it('needs a new one when expiring soon, expired or rejected', () => {
    expect(isUploadRequired(membership({ document: doc('approved', { documentExpiringSoon: true }) }))).toBe(
      true,
    );
    expect(isUploadRequired(membership({ document: doc('approved', { expired: true }) }))).toBe(true);
    expect(isUploadRequired(membership({ document: doc('rejected') }))).toBe(true);
    expect(isUploadRequired(membership({ document: doc('approved') }))).toBe(false);
  });
  it('not while a document is pending', () => {
    expect(isUploadRequired(membership({ document: doc('pending', { expired: true }) }))).toBe(false);
  });
  it('not for cancelled, suspended or expired memberships, nor when management is disabled', () => {
    for (const status of ['cancelled', 'suspended', 'expired'] as const)
      expect(isUploadRequired(membership({ status }))).toBe(false);
    expect(isUploadRequired(membership({ status: 'frozen' }))).toBe(true);
    expect(isUploadRequired(membership({ status: 'pending' }))).toBe(true);
    expect(isUploadRequired(membership({ managementEnabled: false }))).toBe(false);
  });
});

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
  it('shows nothing when no upload is required', () => {
    expect(eligibilityNotices(membership({ document: doc('pending') }))).toEqual([]);
  });
});

const manageable = {
  canChange: true,
  cannotChangeReason: null,
  statusInfo: null,
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
  it('a pending freeze wins over freezable', () => {
    for (const statusInfo of ['freeze pending', 'Freeze pending approval']) {
      expect(isFreezePending(statusInfo)).toBe(true);
      expect(manageOptions({ ...manageable, statusInfo }).find((o) => o.id === 'freeze')).toEqual({
        id: 'freeze',
        isEnabled: false,
        reason: 'Membership freeze is pending',
      });
    }
    expect(isFreezePending('Frozen until 1 June 2026')).toBe(false);
    expect(isFreezePending(null)).toBe(false);
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
  it('sends snake_case multipart fields', () => {
    const form = freezeFormData({ ...full, file });
    expect(form.get('freeze_type_id')).toBe('1');
    expect(form.get('active_from')).toBe('2026-06-10');
    expect(form.get('months')).toBe('2');
    expect((form.get('file') as File).name).toBe('note.pdf');
    expect(freezeFormData(full).has('file')).toBe(false);
  });
});
