// Helpers shared by the payments-area-*.int.test.ts files.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { createLoggedInCustomer, type Session } from './helper.ts';

/** Calls on `app` with a customer's session, and new logged-in customers of the client. */
export function paymentsAreaHelpers(db: Db, app: FastifyInstance, clientId: number) {
  const call = (
    who: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

  const newCustomer = () => createLoggedInCustomer(app, db, { clientId });

  return { call, newCustomer };
}
