import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-errors.ts';

const MULTIPART = 'multipart/form-data';

/** Whether the route takes multipart/form-data (its schema says `consumes: ['multipart/form-data']`). */
const takesMultipart = (request: FastifyRequest) => {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return Boolean(consumes?.includes(MULTIPART));
};

/**
 * Request bodies are JSON, except on the upload calls, which are multipart/form-data only. Anything else answers
 * 415 before a handler runs: Fastify's default text/plain parser is removed (a text/plain body needs no CORS
 * preflight, so it is what a cross-site form would send), form-encoded bodies have no parser, a multipart body to
 * a JSON call and a JSON body to an upload call are refused here (decision 019).
 */
export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    app.addHook('preValidation', async (request) => {
      if (request.isMultipart() !== takesMultipart(request) && hasBody(request)) {
        throw new HttpError(415, DEFAULT_ERROR_TEXTS.generic);
      }
    });
  },
  { name: 'app-content-types', dependencies: ['external-multipart'] },
);

function hasBody(request: FastifyRequest) {
  if (request.isMultipart()) return true;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
