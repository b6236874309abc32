// The joining journey and custom question texts, without zod: the web app imports this module at run time, so no
// chunk gains zod for a text. ../joining.ts re-exports them with its schemas, which take them from here: one source
// for the web, the server and the schemas (decision 008). Keep value imports out of this file.

export const JOINING_TEXTS = {
  notEligible: 'You are not eligible for this membership',
  documentRequired: 'Proof of eligibility will be required for this membership',
  promoNotRecognised: 'Code not recognised',
  startDateInvalid: 'The start date must be a valid date.',
  startDateInPast: 'The start date cannot be in the past.',
  startDateTooLate: 'The start date must be within one month of today.',
  billingDayRequired: 'Please choose a billing day.',
  billingDayInvalid: 'The billing day must be between 1 and 28.',
  usualPaymentDate: 'Starting next month on your usual payment date',
  /** 422 `incalculable_price` from the costs call (joining §8, account-shell §5). */
  incalculablePrice: 'Could not calculate price.',
} as const;

export const CUSTOM_QUESTION_TEXTS = {
  required: (label: string) => `${label} is required.`,
  invalidDate: 'Date must be valid.',
  invalidNumber: (label: string) => `${label} must be a number.`,
  invalidChoice: (label: string) => `${label} must be one of the choices given.`,
  unknownQuestion: 'This question does not belong to the membership.',
  failed: 'Error occurred while submitting your answers.',
} as const;
