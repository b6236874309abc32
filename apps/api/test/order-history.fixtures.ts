// Helpers shared by the order-history-*.int.test.ts files.
import type { FastifyInstance } from 'fastify';
import type { Session } from './helper.ts';

/** GET calls on `app` with a customer's session. */
export const getAs = (app: FastifyInstance) => (who: Session, url: string) =>
  app.inject({ method: 'GET', url, headers: who.headers });
