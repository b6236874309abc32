import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';

/** An error whose status and message are meant for the client (the error handler shapes the reply). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = DEFAULT_ERROR_TEXTS.notFound) => new HttpError(404, message);
export const forbidden = (message: string = DEFAULT_ERROR_TEXTS.forbidden) => new HttpError(403, message);
/** 422 with the message repeated under one field, like the validation errors. */
export const fieldError = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });
