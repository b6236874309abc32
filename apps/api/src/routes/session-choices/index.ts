import { getSessionChoice, makeSessionChoice } from '@fieldhouse/contract/routes/programme-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  makeSessionChoice as choose,
  getSessionChoice as findChoice,
} from '../../services/staff/programme/session-choice.ts';
import { declared } from '../declared.ts';
import { accountUrl, bookingsUrl, requireClient } from '../request-helpers.ts';

const tags = ['bookings'];

/**
 * A member's keep-or-cancel link after staff moved their session a long way (decision 075): the link's token is the
 * credential (32 random bytes, only its hash stored), so no login is needed; it works once.
 */
const sessionChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getSessionChoice, { tags }),
    handler: async (request) => ({ data: await findChoice(app.db, request.params.token) }),
  });

  app.route({
    ...declared(makeSessionChoice, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const data = await choose(app.db, {
        token: request.params.token,
        choice: request.body.choice,
        clientName: client.name,
        accountUrl: accountUrl(app, request),
        bookingsUrl: bookingsUrl(app, request),
        jobs: app.jobs,
        now: app.now(),
      });
      if (data.choice === 'cancelled') app.guestTimetables.clear();
      return { data };
    },
  });
};
export default sessionChoiceRoutes;
