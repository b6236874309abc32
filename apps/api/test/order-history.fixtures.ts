// Set-up and helpers shared by the order-history-*.int.test.ts files.
import type { FastifyInstance } from 'fastify';
import { createClient, createVenue, type Session, setupTestDatabase } from './helper.ts';

/** GET calls on `app` with a customer's session. */
const getAs = (app: FastifyInstance) => (who: Session, url: string) =>
  app.inject({ method: 'GET', url, headers: who.headers });

/**
 * One test file's fresh database with a client (the contact details receipts show) and its venue, an app on it, and
 * `get` on that app. Call once per file.
 */
export async function orderHistoryTestbed() {
  const t = await setupTestDatabase();
  const client = await createClient(t.db, {
    name: 'Fieldhouse Leisure',
    supportEmail: 'hello@fieldhouse.test',
    address: '1 Wellington Place\nLeeds\nLS1 4AP',
    phone: '0113 496 0000',
  });
  const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  const app = await t.buildTestApp();
  return { t, client, venue, app, get: getAs(app) };
}
