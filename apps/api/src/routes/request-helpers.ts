import { timingSafeEqual } from 'node:crypto';
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
