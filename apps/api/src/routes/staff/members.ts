import { DESK_TEXTS, MEMBER_TEXTS } from '@fieldhouse/contract';
import {
  addStaffMemberNote,
  createWalkIn,
  getStaffMember,
  inviteStaffMember,
  setStaffMemberFlag,
  updateStaffMember,
} from '@fieldhouse/contract/routes/staff-members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { type AuthenticatedStaff, staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { updateMemberDetails } from '../../services/staff/members/details.ts';
import { addMemberNote, setMemberFlag } from '../../services/staff/members/notes-and-flags.ts';
import { findMemberRecord, type MemberActor } from '../../services/staff/members/record.ts';
import { inviteMember, createWalkIn as makeWalkIn } from '../../services/staff/members/walk-in.ts';
import { declared } from '../declared.ts';
import { accountUrl, requireClient } from '../request-helpers.ts';

const tags = ['staff'];
const actorOf = (staff: AuthenticatedStaff): MemberActor => ({
  staffId: staff.id,
  name: staff.name,
  scope: venueScopeOf(staff),
});

/**
 * The member record (decision 070): every staff role reads and changes the record of a customer whose home venue
 * they work at (administrators: every customer; 404 otherwise, as if absent), and makes walk-in customers at their
 * venues. Each write is audited in its own transaction.
 */
const staffMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'front_desk']);

  const recordOf = async (staff: AuthenticatedStaff, customerId: number) => {
    const client = await requireClient(app);
    const record = await findMemberRecord(app.db, {
      clientId: client.id,
      customerId,
      scope: venueScopeOf(staff),
      timeZone: client.timeZone,
    });
    if (!record) throw notFound(DESK_TEXTS.customerNotFound);
    return { data: record };
  };

  app.route({
    ...declared(getStaffMember, { tags }),
    handler: async (request) => recordOf(request.staff!, request.params.id),
  });

  app.route({
    ...declared(updateStaffMember, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const outcome = await updateMemberDetails(app.db, {
        clientId: client.id,
        clientName: client.name,
        customerId: request.params.id,
        body: request.body,
        actor: actorOf(request.staff!),
        now: app.now(),
        timeZone: client.timeZone,
      });
      if (!outcome) throw notFound(DESK_TEXTS.customerNotFound);
      return recordOf(request.staff!, request.params.id);
    },
  });

  app.route({
    ...declared(addStaffMemberNote, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const isDone = await addMemberNote(app.db, {
        clientId: client.id,
        customerId: request.params.id,
        body: request.body.body,
        actor: actorOf(request.staff!),
        now: app.now(),
      });
      if (!isDone) throw notFound(DESK_TEXTS.customerNotFound);
      return reply.code(201).send(await recordOf(request.staff!, request.params.id));
    },
  });

  app.route({
    ...declared(setStaffMemberFlag, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const isDone = await setMemberFlag(app.db, {
        clientId: client.id,
        customerId: request.params.id,
        flag: request.params.flag,
        isSet: request.body.is_set,
        actor: actorOf(request.staff!),
        now: app.now(),
      });
      if (!isDone) throw notFound(DESK_TEXTS.customerNotFound);
      return recordOf(request.staff!, request.params.id);
    },
  });

  app.route({
    ...declared(inviteStaffMember, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const invited = await inviteMember(app.db, {
        clientId: client.id,
        clientName: client.name,
        accountUrl: accountUrl(app, request),
        customerId: request.params.id,
        actor: actorOf(request.staff!),
        now: app.now(),
      });
      if (!invited) throw notFound(DESK_TEXTS.customerNotFound);
      return { data: { message: MEMBER_TEXTS.invited(invited.email) } };
    },
  });

  app.route({
    ...declared(createWalkIn, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const created = await makeWalkIn(app.db, {
        clientId: client.id,
        clientName: client.name,
        accountUrl: accountUrl(app, request),
        body: request.body,
        actor: actorOf(request.staff!),
        now: app.now(),
      });
      return reply.code(201).send({ data: created });
    },
  });
};
export default staffMemberRoutes;
