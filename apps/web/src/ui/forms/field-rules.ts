import { isCalendarDate, toDisplayDate } from '../../lib/dates';
import { FIELD_TEXTS } from './field-texts';
import type { AnswerValue, FieldDefinition, FieldMessages, FieldValue, FieldValues } from './field-types';

/** Pure rules of the server-defined forms (joining §5): initial values, validation, and the submission. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in the browser's time zone. */
export const todayIso = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** 'DD/MM/YYYY' (or D/M/YYYY, or already YYYY-MM-DD) to 'YYYY-MM-DD'; null when it is not a real day. */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [day, month, year] = uk
    ? [Number(uk[1]), Number(uk[2]), Number(uk[3])]
    : iso
      ? [Number(iso[3]), Number(iso[2]), Number(iso[1])]
      : [0, 0, 0];
  const isoDate = `${year}-${pad(month)}-${pad(day)}`;
  return year && isCalendarDate(isoDate) ? isoDate : null;
}

export const emptyValue = (def: Pick<FieldDefinition, 'type'>): FieldValue =>
  def.type === 'checkbox' ? false : def.type === 'multi_select' ? [] : '';

/** A wire answer as the control holds it. */
export function toFieldValue(
  def: Pick<FieldDefinition, 'type'>,
  answer: AnswerValue | undefined,
): FieldValue {
  if (answer === null || answer === undefined) return emptyValue(def);
  switch (def.type) {
    case 'checkbox':
      return answer === true || answer === 'true' || answer === '1' || answer === 1;
    case 'multi_select':
      return Array.isArray(answer) ? answer.map(String) : answer === '' ? [] : [String(answer)];
    case 'date':
      return typeof answer === 'string' ? toDisplayDate(answer) : '';
    default:
      return Array.isArray(answer) ? answer.join(', ') : String(answer);
  }
}

/** Controls' starting values: a previous answer (`answers`), else the saved answer, else the default. */
export function initialValues(
  defs: FieldDefinition[],
  answers: Record<string, AnswerValue> = {},
): FieldValues {
  const values: FieldValues = {};
  for (const def of defs) {
    const previous = answers[def.key];
    const answer = previous ?? (def.answer === null ? def.defaultValue : def.answer);
    values[def.key] = toFieldValue(def, answer);
  }
  return values;
}

export function isEmptyValue(value: FieldValue | undefined): boolean {
  if (value === undefined || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && value.trim() === '';
}

/** A saved answer counts as missing when it is null, blank or an empty choice. */
export const isAnswerMissing = (answer: AnswerValue): boolean =>
  answer === null ||
  answer === false ||
  (Array.isArray(answer) ? answer.length === 0 : String(answer).trim() === '');

/**
 * Messages for invalid fields: '{label} is required.' when required and empty, 'Date must be valid.' for a
 * date that is not a real day or is after today (§5: a maximum of today), '{label} must be a number.'.
 * Fields the customer may not change (isAuthorised false) are not checked.
 */
export function validateFields(
  defs: FieldDefinition[],
  values: FieldValues,
  today: string = todayIso(),
): FieldMessages {
  const messages: FieldMessages = {};
  for (const def of defs) {
    if (!def.isAuthorised) continue;
    const value = values[def.key];
    if (isEmptyValue(value)) {
      if (def.isRequired) messages[def.key] = FIELD_TEXTS.required(def.label);
      continue;
    }
    if (def.type === 'date') {
      const iso = parseDisplayDate(String(value));
      if (!iso || iso > today) messages[def.key] = FIELD_TEXTS.invalidDate;
    } else if (def.type === 'number' && !Number.isFinite(Number(String(value).trim()))) {
      messages[def.key] = FIELD_TEXTS.invalidNumber(def.label);
    }
  }
  return messages;
}

/**
 * The answers to send, keyed like the definitions: empty fields dropped (an unticked checkbox is sent as
 * false), numbers as numbers, multiple choice as an array, dates as YYYY-MM-DD. Fields the customer may not
 * change are left out (the server refuses them).
 */
export function toSubmission(defs: FieldDefinition[], values: FieldValues): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const def of defs) {
    if (!def.isAuthorised) continue;
    const value = values[def.key];
    if (def.type === 'checkbox') {
      out[def.key] = value === true;
      continue;
    }
    if (isEmptyValue(value)) continue;
    if (def.type === 'multi_select') out[def.key] = [...(value as string[])];
    else if (def.type === 'date') out[def.key] = parseDisplayDate(String(value)) ?? String(value);
    else if (def.type === 'number') out[def.key] = Number(String(value).trim());
    else out[def.key] = String(value).trim();
  }
  return out;
}
