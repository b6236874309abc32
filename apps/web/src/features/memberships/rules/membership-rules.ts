import {
  MAX_UPLOAD_BYTES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
  UPLOAD_MIME_TYPES,
} from '@fieldhouse/contract/texts/membership-management';
import type { FreezeUpload } from '../api/freeze-membership';
import type { AccountMembership } from '../api/get-account-memberships';

/** What the member picked on a membership card or in the manage modal. */
export type ManageAction = 'manage' | 'freeze' | 'upload' | 'cancel';

type UploadFacts = Pick<AccountMembership, 'uploadRequired' | 'document'>;

export interface EligibilityNotice {
  tone: 'warning' | 'danger';
  lines: string[];
}

/**
 * The eligibility notices of a membership that needs an upload (account-shell §6): missing, rejected, expired or
 * expiring (with 'expires in {n} day(s)' when the user's document expiry list gives the days).
 */
export function eligibilityNotices(
  membership: UploadFacts,
  daysToExpiry: number | null = null,
): EligibilityNotice[] {
  if (!membership.uploadRequired) return [];
  const { document } = membership;
  if (!document) return [{ tone: 'warning', lines: [MEMBERSHIP_MANAGEMENT_TEXTS.uploadRequired] }];
  if (document.status === 'rejected')
    return [
      {
        tone: 'danger',
        lines: [MEMBERSHIP_MANAGEMENT_TEXTS.uploadRejected(document.rejectionReason ?? 'no reason given')],
      },
    ];
  if (document.documentExpiry.expired)
    return [{ tone: 'danger', lines: [MEMBERSHIP_MANAGEMENT_TEXTS.documentExpired] }];
  return [
    {
      tone: 'warning',
      lines: [
        MEMBERSHIP_MANAGEMENT_TEXTS.documentExpiring,
        ...(daysToExpiry !== null ? [MEMBERSHIP_MANAGEMENT_TEXTS.expiresIn(daysToExpiry)] : []),
        MEMBERSHIP_MANAGEMENT_TEXTS.suspensionWarning,
      ],
    },
  ];
}

export interface ManageOption {
  id: 'change' | 'freeze' | 'renew' | 'cancel' | 'upload';
  isEnabled: boolean;
  /** Why it is disabled (shown next to it). */
  reason: string | null;
}

/** The manage modal's options (account-shell §4): which show, which are enabled, and why not. */
export function manageOptions(
  membership: Pick<
    AccountMembership,
    | 'canChange'
    | 'cannotChangeReason'
    | 'freezePending'
    | 'freezable'
    | 'renewable'
    | 'canRenew'
    | 'renewForbidReason'
    | 'cancellable'
  > & { membershipType: Pick<AccountMembership['membershipType'], 'eligibilityCriterion'> },
): ManageOption[] {
  const options: ManageOption[] = [
    {
      id: 'change',
      isEnabled: membership.canChange,
      reason: membership.canChange ? null : (membership.cannotChangeReason ?? null),
    },
  ];
  const { freezePending } = membership;
  options.push({
    id: 'freeze',
    isEnabled: !freezePending && membership.freezable,
    reason: freezePending
      ? MEMBERSHIP_MANAGEMENT_TEXTS.freezePending
      : membership.freezable
        ? null
        : MEMBERSHIP_MANAGEMENT_TEXTS.notFreezable,
  });
  if (membership.renewable)
    options.push({
      id: 'renew',
      isEnabled: membership.canRenew,
      reason: membership.canRenew ? null : (membership.renewForbidReason ?? null),
    });
  if (membership.cancellable) options.push({ id: 'cancel', isEnabled: true, reason: null });
  if (membership.membershipType.eligibilityCriterion)
    options.push({ id: 'upload', isEnabled: true, reason: null });
  return options;
}

/** Client-side file check (account-shell §5): the toast text when the file is refused, else null. */
export function fileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge;
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type))
    return MEMBERSHIP_MANAGEMENT_TEXTS.fileType;
  return null;
}

/** The file input's accept attribute. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export interface FreezeFormValues {
  freezeTypeId: number | null;
  months: number | null;
  activeFrom: string | null;
  file: File | null;
}

export const emptyFreezeForm: FreezeFormValues = {
  freezeTypeId: null,
  months: null,
  activeFrom: null,
  file: null,
};

/** Changing the reason clears the time period and the document (account-shell §4). */
export const withReason = (values: FreezeFormValues, freezeTypeId: number | null): FreezeFormValues =>
  values.freezeTypeId === freezeTypeId ? values : { ...values, freezeTypeId, months: null, file: null };

/** The start date window: the server's min and max, never before today (account-shell §5). */
export function freezeDateBounds(
  minRaw: string,
  maxRaw: string,
  today: string,
): { min: string; max: string } {
  const min = minRaw < today ? today : minRaw;
  return { min, max: maxRaw < min ? min : maxRaw };
}

/** Submit needs reason, start date (inside the window) and time period, plus a file when proof is required. */
export function canSubmitFreeze(
  values: FreezeFormValues,
  needsProof: boolean,
  bounds: { min: string; max: string },
): boolean {
  return (
    values.freezeTypeId !== null &&
    values.months !== null &&
    values.activeFrom !== null &&
    values.activeFrom >= bounds.min &&
    values.activeFrom <= bounds.max &&
    (!needsProof || values.file !== null)
  );
}

/** The freeze request's upload parts, keyed as the wire spells them (the proof only when one was chosen). */
export function freezeUpload(values: FreezeFormValues): FreezeUpload {
  return {
    freeze_type_id: values.freezeTypeId ?? '',
    active_from: values.activeFrom ?? '',
    months: values.months ?? '',
    file: values.file,
  };
}

/** '1 month', '3 months'. */
export const monthsLabel = (months: number): string => `${months} month${months === 1 ? '' : 's'}`;
