/** Texts of this page that the contract does not hold. */
export const MEMBERSHIPS_PAGE_TEXTS = {
  loadFailed: 'Failed to load your memberships, please try again.',
  uploadWarning: 'A document upload is required for this membership',
} as const;
