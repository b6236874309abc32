import { DEFAULT_ERROR_TEXTS, NOT_SET_UP } from '@fieldhouse/contract';

/** An error whose status and message are meant for the client (the error handler shapes the reply). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;
  /** A code the client acts on (sent beside the message), and headers the reply carries. */
  readonly extra: { code?: string; headers?: Record<string, string> };

  constructor(
    statusCode: number,
    message: string,
    errors?: Record<string, string[]>,
    extra: { code?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.extra = extra;
  }
}

export const notFound = (message: string = DEFAULT_ERROR_TEXTS.notFound) => new HttpError(404, message);
export const forbidden = (message: string = DEFAULT_ERROR_TEXTS.forbidden) => new HttpError(403, message);
/** 422 with the message repeated under one field, like the validation errors. */
export const fieldError = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });

/**
 * 422 for a request that failed its schema (JSON bodies, query and params in plugins/app/errors.ts; multipart
 * fields in routes/multipart.ts): each field's messages once, in order; the reply's message is the first one.
 */
export function invalidFields(issues: Iterable<{ field: string; message: string }>): HttpError {
  const errors: Record<string, string[]> = {};
  // Several failed checks on one field (e.g. empty and not a postcode) may share a text: it is said once.
  for (const { field, message } of issues)
    if (!errors[field]?.includes(message)) errors[field] = [...(errors[field] ?? []), message];
  return new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
}

/** How long a visitor is told to wait while the operator has no catalogue loaded (the set-up page says the same). */
export const NOT_SET_UP_RETRY_AFTER_SECONDS = 300;

/** 503 `not_set_up`: the database has no operator (client) yet, so nothing that needs one can be answered. */
export const notSetUp = () =>
  new HttpError(503, NOT_SET_UP.message, undefined, {
    code: NOT_SET_UP.code,
    headers: { 'retry-after': String(NOT_SET_UP_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  });
