import { PASSWORD_UPDATED } from '@fieldhouse/contract';
import {
  changeAccountPassword,
  listAccountMemberships,
  listUserMemberships,
  updateUserDetails,
} from '@fieldhouse/contract/routes/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as account from '../../services/customers/account-service.ts';
import { findAccountMemberships } from '../../services/memberships/account-memberships.ts';
import { findUser } from '../../services/users/user-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['account'];

/** Protected: the caller's own details, password and memberships (never another customer's). */
const accountUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(updateUserDetails, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const customerId = request.customer!.id;
      await account.updateUserDetails(app.db, {
        customerId,
        type: request.query.onboarding_type,
        body: request.body,
        now: app.now(),
      });
      return { data: await findUser(app.db, customerId, client, app.now()) };
    },
  });

  app.route({
    ...declared(changeAccountPassword, { tags }),
    handler: async (request) => {
      await account.changePassword(app.db, {
        customerId: request.customer!.id,
        sessionId: request.customer!.sessionId,
        currentPassword: request.body.current_password,
        password: request.body.password,
        now: app.now(),
      });
      return { data: { message: PASSWORD_UPDATED } };
    },
  });

  // The spec's `GET user/memberships` and the path the account site has used: one handler.
  for (const route of [listUserMemberships, listAccountMemberships]) {
    app.route({
      ...declared(route, { tags }),
      handler: async (request) => {
        const client = await requireClient(app);
        return {
          data: await findAccountMemberships(app.db, {
            customerId: request.customer!.id,
            now: app.now(),
            timeZone: client.timeZone,
          }),
        };
      },
    });
  }
};
export default accountUserRoutes;
