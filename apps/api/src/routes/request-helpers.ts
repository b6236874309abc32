import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientFeatures } from '../db/schema.ts';
import { notFound } from '../lib/http-errors.ts';
import { findTheme } from '../services/clients/client-service.ts';

/**
 * The client's theme with the venue's overrides (GET frontend/theme, and the theme written into each page), kept
 * with the cached client row; an unknown venue rejects (404).
 */
export const findCachedTheme = (app: FastifyInstance, venue?: string) =>
  app.fromClient(`theme:${venue ?? ''}`, (client) => findTheme(app.db, client, venue));

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

/** Base URL of the bookings site for links in mail: BOOKINGS_URL, or this request's origin. */
export function bookingsUrl(app: FastifyInstance, request: FastifyRequest) {
  return app.config.siteUrls?.bookings ?? `${request.protocol}://${request.host}`;
}

/** Whether the request carries the front-of-house key (x-front-of-house-key); never when none is configured. */
export function isFrontOfHouse(app: FastifyInstance, request: FastifyRequest) {
  const key = app.config.frontOfHouseKey;
  const given = request.headers['x-front-of-house-key'];
  if (!key || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
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
