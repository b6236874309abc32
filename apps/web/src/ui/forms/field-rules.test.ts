import { describe, expect, it } from 'vitest';
import { toDisplayDate } from '../../lib/dates';
import {
  initialValues,
  isAnswerMissing,
  parseDisplayDate,
  toSubmission,
  validateFields,
} from './field-rules';
import type { FieldDefinition } from './field-types';

const def = (
  key: string,
  type: FieldDefinition['type'],
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  key,
  label: key.replace(/_/g, ' '),
  type,
  isRequired: false,
  isAuthorised: true,
  placeholder: null,
  description: null,
  options: [],
  htmlAttributes: {},
  defaultValue: null,
  answer: null,
  ...extra,
});

describe('dates', () => {
  it('reads DD/MM/YYYY and D/M/YYYY as YYYY-MM-DD and refuses days that do not exist', () => {
    expect(parseDisplayDate('27/03/1990')).toBe('1990-03-27');
    expect(parseDisplayDate('1/2/2000')).toBe('2000-02-01');
    expect(parseDisplayDate('2000-02-01')).toBe('2000-02-01');
    expect(parseDisplayDate('29/02/2023')).toBeNull();
    expect(parseDisplayDate('31/04/2020')).toBeNull();
    expect(parseDisplayDate('12/13/2020')).toBeNull();
    expect(parseDisplayDate('tomorrow')).toBeNull();
    expect(toDisplayDate('1990-03-27')).toBe('27/03/1990');
  });
});

describe('initialValues', () => {
  it('prefers previous answers, then the saved answer, then the default', () => {
    const defs = [
      def('a', 'text', { defaultValue: 'default', answer: 'saved' }),
      def('b', 'text', { defaultValue: 'default' }),
      def('c', 'date', { answer: '2001-05-04' }),
      def('d', 'multi_select', { answer: ['x'] }),
      def('e', 'checkbox', { answer: true }),
      def('f', 'number', { answer: 3 }),
    ];
    expect(initialValues(defs, { a: 'previous' })).toEqual({
      a: 'previous',
      b: 'default',
      c: '04/05/2001',
      d: ['x'],
      e: true,
      f: '3',
    });
  });
});

describe('validateFields', () => {
  const today = '2026-06-15';
  it("gives '{label} is required.' for required empty fields, unticked boxes and no choices", () => {
    const defs = [
      def('first_name', 'text', { label: 'First name', isRequired: true }),
      def('sports', 'multi_select', { label: 'Sports', isRequired: true }),
      def('consent', 'checkbox', { label: 'Consent', isRequired: true }),
      def('nickname', 'text', { label: 'Nickname' }),
    ];
    expect(
      validateFields(defs, { first_name: '  ', sports: [], consent: false, nickname: '' }, today),
    ).toEqual({
      first_name: 'First name is required.',
      sports: 'Sports is required.',
      consent: 'Consent is required.',
    });
  });

  it("gives 'Date must be valid.' for an impossible date or one after today", () => {
    const defs = [def('dob', 'date', { label: 'Date of birth', isRequired: true })];
    expect(validateFields(defs, { dob: '31/02/2000' }, today)).toEqual({ dob: 'Date must be valid.' });
    expect(validateFields(defs, { dob: '16/06/2026' }, today)).toEqual({ dob: 'Date must be valid.' });
    expect(validateFields(defs, { dob: '15/06/2026' }, today)).toEqual({});
  });

  it('checks numbers and skips fields the customer may not change', () => {
    const defs = [
      def('age', 'number', { label: 'Age' }),
      def('locked', 'text', { label: 'Locked', isRequired: true, isAuthorised: false }),
    ];
    expect(validateFields(defs, { age: 'ten', locked: '' }, today)).toEqual({ age: 'Age must be a number.' });
  });
});

describe('toSubmission', () => {
  it('drops empty fields, sends dates as YYYY-MM-DD, choices as arrays, numbers as numbers', () => {
    const defs = [
      def('first_name', 'text'),
      def('phone', 'text'),
      def('dob', 'date'),
      def('sports', 'multi_select'),
      def('none', 'multi_select'),
      def('size', 'select'),
      def('age', 'number'),
      def('opt_in', 'checkbox'),
      def('locked', 'text', { isAuthorised: false }),
    ];
    expect(
      toSubmission(defs, {
        first_name: ' Ada ',
        phone: '',
        dob: '09/12/1815',
        sports: ['swim', 'gym'],
        none: [],
        size: '',
        age: '42',
        opt_in: false,
        locked: 'x',
      }),
    ).toEqual({ first_name: 'Ada', dob: '1815-12-09', sports: ['swim', 'gym'], age: 42, opt_in: false });
  });
});

describe('isAnswerMissing', () => {
  it('treats null, blank, false and no choices as missing', () => {
    expect([null, '', ' ', false, []].map(isAnswerMissing)).toEqual([true, true, true, true, true]);
    expect(['a', 0, true, ['x']].map(isAnswerMissing)).toEqual([false, false, false, false]);
  });
});
