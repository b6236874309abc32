/**
 * Membership management texts, mirrored from the contract's MEMBERSHIP_MANAGEMENT_TEXTS (account-shell §2, §4,
 * §5, §6, §8) so the account's memberships page does not pull zod in at run time (decision 008).
 * `texts.test.ts` keeps them identical to the contract.
 */
export const MANAGEMENT_TEXTS = {
  intro: 'View and manage all the memberships linked to your account',
  none: 'You currently have no memberships',
  manage: 'Manage membership',
  managementDisabled: 'Unable to manage your membership at this time.',
  freezePending: 'Membership freeze is pending',
  notFreezable: 'Membership is not freezable',
  freezeFrom: 'Can only freeze from this date',
  freezeUpTo: 'Can only freeze up to this date',
  freezeSubmitted:
    'Your freeze request has been submitted. It can take up to 5 working days to be approved; your membership stays active until then.',
  documentSubmitted: 'Your document has been submitted',
  documentReview:
    'It can take up to 5 working days to review your document. Your membership keeps its status until it is approved.',
  documentSendFailed: 'There was a problem uploading your eligibility document',
  fileTooLarge: 'File size exceeds 20mb.',
  fileType: 'Please choose a JPEG, PNG or PDF file.',
  documentRequired: 'Please choose a file to upload.',
  documentTypeRequired: 'Please choose a document type.',
  cannotCancelOnline: 'This membership cannot be cancelled online',
  cancelled: 'Membership cancelled',
  noticeRequired: (days: number) => `${days} days notice is required to cancel your membership`,
  outstandingFees:
    'You have unpaid fees. Your membership will be cancelled automatically once they are paid.',
  renewAddFailed: 'An error occurred when trying to add the membership to the basket. Please try again.',
  noRenewal: 'No membership found',
  somethingWrong: 'Something went wrong, please try again.',
  validationErrors: 'Validation errors',
  uploadRequired: 'Proof of eligibility is required for this membership. Please upload here.',
  uploadRejected: (reason: string) =>
    `Latest document upload was rejected: ${reason}. Please try upload again`,
  documentExpiring: 'Document is due to expire. Please upload a new document',
  documentExpired: 'Document has expired. Please upload a new document',
  expiresIn: (days: number) => `expires in ${days} day${days === 1 ? '' : 's'}`,
  suspensionWarning:
    'If you do not update this document your membership will become suspended and you will lose all access rights.',
} as const;

/** Texts of this page that the contract does not hold. */
export const MEMBERSHIPS_PAGE_TEXTS = {
  loadFailed: 'Failed to load your memberships, please try again.',
  uploadWarning: 'A document upload is required for this membership',
} as const;

/** Files (documents and freeze proof): at most 20,000,000 bytes, JPEG, PNG or PDF (account-shell §5). */
export const MAX_UPLOAD_BYTES = 20_000_000;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
