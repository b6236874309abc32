/**
 * The waiver texts, copied from the contract's PROFILE_TEXTS (decision 008: no zod for a text);
 * `texts.test.ts` keeps them in step.
 */
export const WAIVER_TEXTS = {
  reviewWaivers: 'Review your waivers',
  noWaivers: 'Your waivers will appear here',
  waiverNotFound: 'Could not find this waiver.',
  waiverExpired: 'This waiver has expired',
  waiverSignedOn: (date: string) => `You signed this waiver on: ${date}`,
  waiverLatest: "You are viewing the latest version of this waiver. Press 'I agree' to sign.",
  waiverSigned: 'Thank you, you have signed this waiver.',
} as const;
