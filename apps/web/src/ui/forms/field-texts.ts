import { PASSWORD_RULE_TEXT } from '@fieldhouse/contract/texts/auth';
import { CUSTOM_QUESTION_TEXTS } from '@fieldhouse/contract/texts/joining';
import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';

/**
 * The field texts (joining §5): the contract's (from its modules without zod, so src/ui/forms never pulls zod
 * into a chunk) and the date field's own hints.
 */
export const FIELD_TEXTS = {
  required: CUSTOM_QUESTION_TEXTS.required,
  invalidDate: CUSTOM_QUESTION_TEXTS.invalidDate,
  invalidNumber: CUSTOM_QUESTION_TEXTS.invalidNumber,
  notAuthorised: MEMBERSHIP_PURCHASE_TEXTS.notAuthorised,
  passwordRule: PASSWORD_RULE_TEXT,
  datePlaceholder: 'DD/MM/YYYY',
  dateHint: 'For example, 27/03/1990.',
} as const;
