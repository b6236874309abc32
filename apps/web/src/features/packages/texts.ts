/**
 * The packages texts, copied from the contract's PROFILE_TEXTS (decision 008: no zod for a text);
 * `texts.test.ts` keeps them in step.
 */
export const PACKAGE_TEXTS = {
  packagesFailed: 'Failed to load your packages, please try again.',
  noPackages: 'You have no packages.',
  neverExpires: 'Never expires',
} as const;
