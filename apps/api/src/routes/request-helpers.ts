import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientFeatures } from '../db/schema.ts';
import { notFound, notSetUp } from '../lib/http-errors.ts';
import { findTheme } from '../services/clients/client-service.ts';

/**
 * The client's theme with the venue's overrides (GET frontend/theme, and the theme written into each page), kept
 * with the cached client row; an unknown venue rejects (404).
 */
export const findCachedTheme = (app: FastifyInstance, venue?: string) =>
  app.fromClient(`theme:${venue ?? ''}`, (client) => findTheme(app.db, client, venue));

/** The configured client, or 503 `not_set_up` when the database has none (no catalogue imported yet). */
export async function requireClient(app: FastifyInstance) {
  const client = await app.findCurrentClient();
  if (!client) throw notSetUp();
  return client;
}

/** Base URL of the account site for links in mail: ACCOUNT_URL, or this request's origin + '/account'. */
export function accountUrl(app: FastifyInstance, request: FastifyRequest) {
  return app.config.siteUrls?.account ?? `${request.protocol}://${request.host}/account`;
}

/** Base URL of the bookings site for links in mail: BOOKINGS_URL, or this request's origin. */
export function bookingsUrl(app: FastifyInstance, request: FastifyRequest) {
  return app.config.siteUrls?.bookings ?? `${request.protocol}://${request.host}`;
}

/**
 * A preHandler for a scope whose routes exist only while the client's feature flag is on: otherwise they answer
 * 404, as if they were not there (spec: the menu, dashboard and routes follow the operator's flags).
 */
export function requireFeature(app: FastifyInstance, feature: keyof ClientFeatures) {
  return async () => {
    const client = await requireClient(app);
    if (!client.features[feature]) throw notFound();
  };
}
