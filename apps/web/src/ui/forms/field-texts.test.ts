import { CUSTOM_QUESTION_TEXTS, MEMBERSHIP_PURCHASE_TEXTS, PASSWORD_RULE_TEXT } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { FIELD_TEXTS } from './field-texts';

describe('FIELD_TEXTS', () => {
  it('matches the contract texts', () => {
    expect(FIELD_TEXTS.required('Email')).toBe(CUSTOM_QUESTION_TEXTS.required('Email'));
    expect(FIELD_TEXTS.invalidDate).toBe(CUSTOM_QUESTION_TEXTS.invalidDate);
    expect(FIELD_TEXTS.invalidNumber('Age')).toBe(CUSTOM_QUESTION_TEXTS.invalidNumber('Age'));
    expect(FIELD_TEXTS.notAuthorised('Date of birth')).toBe(
      MEMBERSHIP_PURCHASE_TEXTS.notAuthorised('Date of birth'),
    );
    expect(FIELD_TEXTS.passwordRule).toBe(PASSWORD_RULE_TEXT);
  });
});
