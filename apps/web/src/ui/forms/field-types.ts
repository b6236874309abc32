import type { CustomQuestion, DataField } from '@fieldhouse/contract';
import type { Camel } from '../../lib/case-codec';

/** The six server-defined field types (joining §3 Custom question, Data-field form). */
export type FieldType = 'text' | 'number' | 'select' | 'multi_select' | 'date' | 'checkbox';

export type FieldOption = { value: string; label: string };

/** A saved or submitted answer, as the wire carries it (dates YYYY-MM-DD, multiple choice an array). */
export type AnswerValue = string | number | boolean | string[] | null;

/** One field to render and validate, from a data field or a custom question. */
export type FieldDefinition = {
  /** The value's key: the data field's path, or the question's id. */
  key: string;
  label: string;
  type: FieldType;
  isRequired: boolean;
  /** false: the label is greyed and the control read-only (the customer may not change it). */
  isAuthorised: boolean;
  placeholder: string | null;
  description: string | null;
  options: FieldOption[];
  /** autocomplete, inputmode, maxlength … passed through to the control. */
  htmlAttributes: Record<string, string>;
  /** Pre-filled when there is no answer (custom questions). */
  defaultValue: AnswerValue;
  /** The saved answer, if any. */
  answer: AnswerValue;
};

/** What the controls hold: text (dates as DD/MM/YYYY), ticked or not, or the chosen values. */
export type FieldValue = string | boolean | string[];
export type FieldValues = Record<string, FieldValue>;
/** One message per field key. */
export type FieldMessages = Record<string, string>;

export const fromDataField = (field: Camel<DataField>): FieldDefinition => ({
  key: field.path,
  label: field.label,
  type: field.type,
  isRequired: field.isRequired,
  isAuthorised: field.isAuthorised,
  placeholder: field.placeholder,
  description: field.metadata.description,
  options: field.options,
  htmlAttributes: field.htmlAttributes,
  defaultValue: null,
  answer: field.answer,
});

export const fromCustomQuestion = (question: Camel<CustomQuestion>): FieldDefinition => ({
  key: String(question.id),
  label: question.label,
  type: question.type,
  isRequired: question.isRequired,
  isAuthorised: true,
  placeholder: question.placeholder,
  description: null,
  options: question.options,
  htmlAttributes: {},
  defaultValue: question.default,
  answer: question.answer,
});
