/** Texts of the packages page that the contract does not hold (its own are PROFILE_TEXTS in the contract). */
export const PACKAGE_TEXTS = {
  neverExpires: 'Never expires',
} as const;
