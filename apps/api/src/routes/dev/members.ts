import { devMemberBody, devMemberReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { createDemoMember } from '../../services/dev/demo-members.ts';

/** Demo mode only (registered in demo mode, else 404): a fresh member for a browser test. */
const devMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/members',
    { schema: { tags: ['dev'], body: devMemberBody, response: { 201: devMemberReply } } },
    async (request, reply) => {
      const member = await createDemoMember(app.db, { kind: request.body.kind, now: app.now() });
      return reply.code(201).send({
        data: {
          id: member.id,
          reference: member.reference,
          email: member.email,
          password: DEMO_PASSWORD,
          first_name: member.firstName,
        },
      });
    },
  );
};
export default devMemberRoutes;
