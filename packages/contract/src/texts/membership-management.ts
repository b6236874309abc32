// The membership management texts and the upload limits, without zod: the web app imports this module at run time,
// so no chunk gains zod for a text. ../membership-management.ts re-exports them with its schemas, which take them
// from here: one source for the web, the server and the schemas (decision 008). Keep value imports out of this file.

export const MEMBERSHIP_MANAGEMENT_TEXTS = {
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

/** Files (documents and freeze proof): JPEG, PNG or PDF by content, at most 20,000,000 bytes. */
export const MAX_UPLOAD_BYTES = 20_000_000;

export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
