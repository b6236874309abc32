import { DEFAULT_ERROR_TEXTS, TOO_MANY_ATTEMPTS, UNAUTHENTICATED } from '@fieldhouse/contract';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict, rootMessage } from '../../db/connection-errors.ts';
import { HttpError, invalidFields } from '../../lib/http-errors.ts';
import { redactUrl } from '../../lib/log-redaction.ts';

/**
 * PostgreSQL data exceptions that only a request's values can cause (the contract refuses them first; this is the
 * last guard): NUL or invalid UTF-8 (22P05, 22021), a number out of range (22003), a string too long (22001), text
 * that is not a number, date or time (22P02, 22007, 22008). Answered 400, never 500.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22P05', '22021', '22003', '22001', '22P02', '22007', '22008']);

/** The SQLSTATE of a database error, looking through the causes Drizzle wraps it in. */
function sqlState(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

const TEXT_BY_STATUS: Record<number, string> = {
  401: UNAUTHENTICATED,
  403: DEFAULT_ERROR_TEXTS.forbidden,
  404: DEFAULT_ERROR_TEXTS.notFound,
  429: TOO_MANY_ATTEMPTS,
};

/**
 * One error shape for the whole API: 422 `{ message, errors: { field: [messages] } }` for validation,
 * `{ message }` otherwise. Stack traces are logged (with the request id), never sent.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const invalid = invalidFields(
          error.validation.map((issue) => ({
            field:
              issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
            message: issue.message ?? 'Invalid value.',
          })),
        );
        return reply.code(422).send({ message: invalid.message, errors: invalid.errors });
      }
      if (error instanceof HttpError) {
        if (error.errors)
          return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
        const { code, headers } = error.extra;
        if (headers) reply.headers(headers);
        return reply
          .code(error.statusCode)
          .send(code ? { message: error.message, code } : { message: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        // The connection died mid-query (restart, failover) or none could be opened: the pool reconnects on the
        // next query, so this is worth a retry. Logged as a warning, without the SQL.
        request.log.warn(
          {
            reqId: request.id,
            url: redactUrl(request.url),
            method: request.method,
            reason: rootMessage(error),
          },
          'Database unavailable',
        );
        return reply.code(503).header('retry-after', '5').send({ message: DEFAULT_ERROR_TEXTS.generic });
      }
      if (isTransactionConflict(error)) {
        // A deadlock or serialization conflict that outlasted the retries (db/connection-errors.ts): nothing was
        // kept, and the request can be sent again.
        request.log.warn(
          {
            sqlState: sqlState(error),
            reqId: request.id,
            url: redactUrl(request.url),
            method: request.method,
          },
          'Transaction conflict: the request can be sent again',
        );
        return reply.code(503).header('retry-after', '1').send({ message: DEFAULT_ERROR_TEXTS.generic });
      }
      const state = sqlState(error);
      if (state && INPUT_DATA_EXCEPTIONS.has(state)) {
        request.log.warn(
          { sqlState: state, reqId: request.id, url: redactUrl(request.url), method: request.method },
          'Input refused by the database',
        );
        return reply.code(400).send({ message: DEFAULT_ERROR_TEXTS.generic });
      }
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error(
          { err: error, reqId: request.id, url: redactUrl(request.url), method: request.method },
          'Request failed',
        );
        return reply.code(status).send({ message: DEFAULT_ERROR_TEXTS.generic });
      }
      request.log.info({ err: error, reqId: request.id }, 'Client error');
      return reply.code(status).send({ message: TEXT_BY_STATUS[status] ?? DEFAULT_ERROR_TEXTS.generic });
    });

    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ message: DEFAULT_ERROR_TEXTS.notFound }),
    );
  },
  { name: 'app-errors' },
);
