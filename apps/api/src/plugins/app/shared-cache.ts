import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: this GET answers every visitor alike (theme, client, footer, venues, the guest timetable). Its 200
     * replies get a weak ETag and `Cache-Control: public, no-cache`, and a matching If-None-Match gets 304 with no
     * body. A reply made for a logged-in caller (request.customer) is `private, no-cache` and gets no ETag.
     */
    sharedCache?: boolean;
  }
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*`). */
export function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** A weak ETag of a reply's bytes (weak: the same ETag covers its gzip and brotli encodings). */
export const weakEtag = (payload: string | Buffer) =>
  `W/"${createHash('sha1').update(payload).digest('base64url')}"`;

/**
 * ETag and 304 for replies that are the same for everyone. Registered before @fastify/compress, so this onSend
 * hook sees the JSON text before compression turns it into a stream (root hooks run in registration order).
 * A route may set the ETag itself (a cached reply knows its own); it is then not computed again.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config?.sharedCache) return payload;
      if (request.customer) {
        reply.removeHeader('etag');
        reply.header('cache-control', 'private, no-cache');
        return payload;
      }
      if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const etag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
      reply.header('etag', etag);
      reply.header('cache-control', 'public, no-cache');
      if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      return '';
    });
  },
  { name: 'app-shared-cache' },
);
