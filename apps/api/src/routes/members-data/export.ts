import { DESK_TEXTS } from '@fieldhouse/contract';
import {
  exportMyData,
  exportMyDataFile,
  exportStaffMemberData,
  exportStaffMemberDataFile,
} from '@fieldhouse/contract/routes/member-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { sessionScope } from '../../plugins/app/auth.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import {
  auditStaffExport,
  exportFileKey,
  exportHtml,
  exportJson,
  findExportCustomer,
} from '../../services/members-data/index.ts';
import { mayServe } from '../../services/staff/members/record.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

type Customer = NonNullable<Awaited<ReturnType<typeof findExportCustomer>>>;

/** Sends the download, streamed as it is read (nothing of it held whole), named after the customer and the day. */
function sendExport(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { customer: Customer; clientName: string; format: 'json' | 'html'; filesPath: string },
) {
  const origin = `${request.protocol}://${request.host}`;
  const now = app.now();
  const subject = {
    customer: input.customer,
    clientName: input.clientName,
    fileUrl: (file: string) => `${origin}${input.filesPath}/${file}`,
    now,
  };
  const name = `data-${input.customer.reference}-${now.toISOString().slice(0, 10)}.${input.format}`;
  return reply
    .header(
      'content-type',
      input.format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    )
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(input.format === 'json' ? exportJson(app.db, subject) : exportHtml(app.db, subject));
}

async function sendFile(app: FastifyInstance, reply: FastifyReply, customer: Customer, file: string) {
  const key = await exportFileKey(app.db, customer, file);
  const stored = key ? await app.storage.get(key) : null;
  if (!stored) throw notFound();
  if (stored.size !== null) reply.header('content-length', stored.size);
  return reply
    .header('content-type', stored.contentType)
    .header('content-disposition', 'attachment')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stored.body);
}

/**
 * The member's own data (decision 077), logged in: only the caller's (the session names the customer; there is no
 * id to change), as JSON or a readable page, and the files it lists.
 */
export const memberDataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionScope(app, 'required');
  const tags = ['account'];
  const me = async (request: FastifyRequest) => {
    const client = await requireClient(app);
    const customer = await findExportCustomer(app.db, client.id, request.customer!.id);
    if (!customer) throw notFound();
    return { client, customer };
  };

  app.route({
    ...declared(exportMyData, { tags }),
    handler: async (request, reply) => {
      const { client, customer } = await me(request);
      request.log.info({ customerId: customer.id, format: request.query.format }, 'member data export');
      return sendExport(app, request, reply, {
        customer,
        clientName: client.name,
        format: request.query.format,
        filesPath: '/api/my-account/data-export/files',
      });
    },
  });

  app.route({
    ...declared(exportMyDataFile, { tags }),
    handler: async (request, reply) => {
      const { customer } = await me(request);
      return sendFile(app, reply, customer, request.params.file);
    },
  });
};

/**
 * A customer's data for a subject access request (decision 077): administrators for every customer, centre managers
 * for their venues' customers (404 otherwise, as if absent); each download is in the audit log.
 */
export const staffDataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager']);
  const tags = ['staff'];
  const served = async (request: FastifyRequest, id: number) => {
    const client = await requireClient(app);
    const customer = await findExportCustomer(app.db, client.id, id);
    if (!customer || !mayServe(venueScopeOf(request.staff!), customer.homeVenueId))
      throw notFound(DESK_TEXTS.customerNotFound);
    return { client, customer };
  };

  app.route({
    ...declared(exportStaffMemberData, { tags }),
    handler: async (request, reply) => {
      const { client, customer } = await served(request, request.params.id);
      const staff = request.staff!;
      await auditStaffExport(app.db, {
        customerId: customer.id,
        reference: customer.reference,
        staffId: staff.id,
        actor: staff.name,
        format: request.query.format,
        now: app.now(),
      });
      return sendExport(app, request, reply, {
        customer,
        clientName: client.name,
        format: request.query.format,
        filesPath: `/api/staff/members/${customer.id}/data-export/files`,
      });
    },
  });

  app.route({
    ...declared(exportStaffMemberDataFile, { tags }),
    handler: async (request, reply) => {
      const { customer } = await served(request, request.params.id);
      return sendFile(app, reply, customer, request.params.file);
    },
  });
};
