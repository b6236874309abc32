/**
 * The field texts (joining §5), mirrored from the contract's CUSTOM_QUESTION_TEXTS, PASSWORD_RULE_TEXT and
 * MEMBERSHIP_PURCHASE_TEXTS rather than imported at run time, so src/ui/forms never pulls zod into a chunk;
 * `field-texts.test.ts` keeps the copies in step.
 */
export const FIELD_TEXTS = {
  required: (label: string) => `${label} is required.`,
  invalidDate: 'Date must be valid.',
  invalidNumber: (label: string) => `${label} must be a number.`,
  notAuthorised: (label: string) => `${label} can't be changed online.`,
  passwordRule:
    'Your password must contain at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 number and one special character.',
  datePlaceholder: 'DD/MM/YYYY',
  dateHint: 'For example, 27/03/1990.',
} as const;
