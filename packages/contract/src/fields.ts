import { z } from 'zod';

/**
 * Shared input rules (decision 019): ids in PostgreSQL's integer range, text without control characters, person
 * names without invisible or direction-changing characters. Every call's params, query and body use them, and the
 * server refuses control characters and over-long strings in any input the contract does not describe closely.
 */

/** The largest PostgreSQL `integer` (serial ids): a larger id names no row, and would fail in the database. */
export const PG_INTEGER_MAX = 2_147_483_647;

/** No string in a request may be longer than this, whatever the call (the contract's own limits are lower). */
export const MAX_INPUT_STRING_LENGTH = 5_000;

/** Texts in the spec's style ('{label} is required.'). */
export const FIELD_TEXTS = {
  invalid: (label: string) => `${label} is invalid.`,
  tooLong: (label: string, max: number) => `${label} may not be greater than ${max} characters.`,
} as const;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. NUL is among them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/**
 * Characters nobody types in a name but that hide or reorder what is shown: zero-width characters and marks,
 * bidirectional embeddings, overrides and isolates, invisible operators, the byte-order mark, soft hyphen,
 * Arabic letter mark, Mongolian vowel separator, interlinear annotation, specials.
 */
export const INVISIBLE_CHARACTERS =
  /[\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/u;

/** A lone UTF-16 surrogate (not a character; PostgreSQL refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string may be stored as text: no control characters, no lone surrogates. */
export const isCleanText = (value: string) => !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);

/**
 * Whether a person's name is made of what people write in names (any script, accents, apostrophes, hyphens,
 * spaces): no control, invisible or direction-changing characters, no line breaks.
 */
export const isPersonName = (value: string) =>
  isCleanText(value) && !INVISIBLE_CHARACTERS.test(value) && !/[\t\n\r]/.test(value);

/** A row id in a path or query string ('12'): 1 to PG_INTEGER_MAX. */
export const idParam = z.coerce.number().int().positive().max(PG_INTEGER_MAX);

/** A row id in a JSON body: 1 to PG_INTEGER_MAX. */
export const id = z.number().int().positive().max(PG_INTEGER_MAX);

/** Free text of at most `max` characters without control characters (trimmed). */
export const text = (max: number, label = 'This field') =>
  z.string().trim().max(max, FIELD_TEXTS.tooLong(label, max)).refine(isCleanText, FIELD_TEXTS.invalid(label));

/**
 * A person's name (first, last, guest, cardholder, account holder): trimmed, at most `max` characters, refused
 * with '{label} is invalid.' when it holds control, zero-width or bidi-override characters. Callers add their own
 * minimum (with the spec's text), e.g. `personName('First name').min(1, 'First name is required.')`.
 */
export const personName = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, FIELD_TEXTS.tooLong(label, max))
    .refine(isPersonName, FIELD_TEXTS.invalid(label));
