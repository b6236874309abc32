import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../lib/http-errors.ts';

/** The configured client, or 404 when the database has none. */
export async function requireClient(app: FastifyInstance) {
  const client = await app.findCurrentClient();
  if (!client) throw notFound();
  return client;
}

/** Base URL of the account site for links in mail: ACCOUNT_URL, or this request's origin + '/account'. */
export function accountUrl(app: FastifyInstance, request: FastifyRequest) {
  return app.config.siteUrls?.account ?? `${request.protocol}://${request.host}/account`;
}
