// Set-up and helpers shared by the payments-area-*.int.test.ts files.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import {
  countingProvider,
  createClient,
  createLoggedInCustomer,
  createVenue,
  type Session,
  setupTestDatabase,
} from './helper.ts';

/**
 * One test file's fresh database with a client and its venue, an app on it whose payment provider `counting` wraps,
 * and the calls of `paymentsAreaHelpers` on that app. Call once per file.
 */
export async function paymentsAreaTestbed() {
  const t = await setupTestDatabase();
  const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
  const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  const counting = countingProvider();
  const app = await t.buildTestApp({}, { wrapPaymentProvider: counting.wrap });
  return { t, client, venue, counting, app, ...paymentsAreaHelpers(t.db, app, client.id) };
}

/** Calls on `app` with a customer's session, and new logged-in customers of the client. */
function paymentsAreaHelpers(db: Db, app: FastifyInstance, clientId: number) {
  const call = (
    who: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

  const newCustomer = () => createLoggedInCustomer(app, db, { clientId });

  return { call, newCustomer };
}
