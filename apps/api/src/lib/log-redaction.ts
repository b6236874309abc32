import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** `/password-reset/{token}` however the path is escaped (the API's own `/password-reset/validate` is no token). */
const RESET_PATH = /(password(?:-|%2d)reset(?:\/|%2f))(?!validate(?:[/?#]|$))[^/?#]+/gi;
/** `token=…` in the query string. */
const TOKEN_PARAM = /([?&](?:token|t%6fken|%74oken)=)[^&#]*/gi;

/** The URL as it may be written to a log: reset tokens (in the path or a `token` parameter) replaced. */
export function redactUrl(url: string): string {
  return url.replace(RESET_PATH, `$1${REDACTED}`).replace(TOKEN_PARAM, `$1${REDACTED}`);
}

/** Fastify's request serializer with the URL redacted (the access log never holds a live reset token). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Logger options with the redacting request serializer added (pino options; `false` stays off). */
export function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest as never } };
}
