import {
  accountMembershipsReply,
  dataFieldsQuery,
  PASSWORD_UPDATED,
  passwordChangeBody,
  passwordResetReply,
  userUpdateBody,
  userUpdateReply,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePassword, updateUserDetails } from '../../services/customers/account-service.ts';
import { findAccountMemberships } from '../../services/memberships/account-memberships.ts';
import { findUser } from '../../services/users/user-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the caller's own details, password and memberships (never another customer's). */
const accountUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/my-account/user/update',
    {
      schema: {
        tags: ['account'],
        querystring: dataFieldsQuery,
        body: userUpdateBody,
        response: { 200: userUpdateReply },
      },
    },
    async (request) => {
      const client = await requireClient(app);
      const customerId = request.customer!.id;
      await updateUserDetails(app.db, {
        customerId,
        type: request.query.onboarding_type,
        body: request.body,
      });
      return { data: await findUser(app.db, customerId, client, app.now()) };
    },
  );

  app.put(
    '/api/my-account/user/password',
    { schema: { tags: ['account'], body: passwordChangeBody, response: { 200: passwordResetReply } } },
    async (request) => {
      await changePassword(app.db, {
        customerId: request.customer!.id,
        sessionId: request.customer!.sessionId,
        currentPassword: request.body.current_password,
        password: request.body.password,
        now: app.now(),
      });
      return { data: { message: PASSWORD_UPDATED } };
    },
  );

  // The spec's `GET user/memberships` and the path the account site has used: one handler.
  for (const url of ['/api/user/memberships', '/api/my-account/user/memberships']) {
    app.get(
      url,
      { schema: { tags: ['account'], response: { 200: accountMembershipsReply } } },
      async (request) => {
        const client = await requireClient(app);
        return {
          data: await findAccountMemberships(app.db, {
            customerId: request.customer!.id,
            now: app.now(),
            timeZone: client.timeZone,
          }),
        };
      },
    );
  }
};
export default accountUserRoutes;
