import { type CheckInReason, DESK_TEXTS } from '@fieldhouse/contract';
import {
  deskCheckIn,
  deskCustomerPhoto,
  getDeskCustomer,
  previewDeskCheckIn,
  redeemDeskGuestPass,
  searchDeskCustomers,
} from '@fieldhouse/contract/routes/staff-desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError, HttpError, notFound } from '../../lib/http-errors.ts';
import { type AuthenticatedStaff, staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { checkIn, previewCheckIn } from '../../services/staff/desk/check-in.ts';
import { findDeskCustomer, findDeskCustomerRow } from '../../services/staff/desk/customer-view.ts';
import { redeemGuestPass } from '../../services/staff/desk/guest-pass-redemption.ts';
import { searchCustomers } from '../../services/staff/desk/search.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/** 409: the desk refuses this member and staff gave no override reason; the reasons by code under `errors`. */
const checkInRefused = (reasons: CheckInReason[]) =>
  new HttpError(
    409,
    DESK_TEXTS.checkInRefused.replace('{reasons}', reasons.map((r) => r.text).join('; ')),
    reasons.reduce<Record<string, string[]>>((byCode, r) => {
      byCode[r.code] = [...(byCode[r.code] ?? []), r.text];
      return byCode;
    }, {}),
  );
const scopeOf = venueScopeOf;
const actorOf = (staff: AuthenticatedStaff) => ({ staffId: staff.id, name: staff.name });

/**
 * The front desk: every staff role finds and views any customer of the operator (members visit other venues);
 * redeeming a guest pass and checking a member in only at the staff member's venues (404 elsewhere), audited.
 */
const staffDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'front_desk']);

  app.route({
    ...declared(searchDeskCustomers, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      return { data: await searchCustomers(app.db, { clientId: client.id, q: request.query.q }) };
    },
  });

  app.route({
    ...declared(getDeskCustomer, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const data = await findDeskCustomer(app.db, { client, customerId: request.params.id, now: app.now() });
      if (!data) throw notFound(DESK_TEXTS.customerNotFound);
      return { data };
    },
  });

  app.route({
    ...declared(deskCustomerPhoto, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const found = await findDeskCustomerRow(app.db, client.id, request.params.id);
      const key = found?.customer.profilePhotoPath;
      const file = key ? await app.storage.get(key) : null;
      if (!file) throw notFound(DESK_TEXTS.customerNotFound);
      if (file.size !== null) reply.header('content-length', file.size);
      // The photo changes under the same link: staff browsers check again each time.
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });

  app.route({
    ...declared(redeemDeskGuestPass, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const staff = request.staff!;
      const outcome = await redeemGuestPass(app.db, {
        clientId: client.id,
        code: request.body.code,
        deskVenueId: request.body.venue_id,
        scope: scopeOf(staff),
        actor: actorOf(staff),
        now: app.now(),
      });
      switch (outcome.kind) {
        case 'done':
          return { data: outcome.pass };
        case 'not_found':
          throw notFound(DESK_TEXTS.guestPassNotFound);
        case 'venue_not_found':
          throw notFound(DESK_TEXTS.venueNotFound);
        case 'already_redeemed':
          throw new HttpError(409, DESK_TEXTS.guestPassRedeemed.replace('{date}', outcome.date));
        case 'expired':
          throw new HttpError(409, DESK_TEXTS.guestPassExpired.replace('{date}', outcome.date));
        case 'wrong_venue':
          throw fieldError(
            'code',
            DESK_TEXTS.guestPassWrongVenue.replace('{venue}', outcome.venue).replace('{desk}', outcome.desk),
          );
      }
    },
  });

  app.route({
    ...declared(previewDeskCheckIn, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const outcome = await previewCheckIn(app.db, {
        clientId: client.id,
        customerId: request.params.id,
        venueId: request.query.venue_id,
        scope: scopeOf(request.staff!),
        now: app.now(),
      });
      if (outcome.kind === 'customer_not_found') throw notFound(DESK_TEXTS.customerNotFound);
      if (outcome.kind === 'venue_not_found') throw notFound(DESK_TEXTS.venueNotFound);
      return { data: outcome.verdict };
    },
  });

  app.route({
    ...declared(deskCheckIn, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const staff = request.staff!;
      const outcome = await checkIn(app.db, {
        clientId: client.id,
        customerId: request.params.id,
        venueId: request.body.venue_id,
        overrideReason: request.body.override_reason,
        scope: scopeOf(staff),
        actor: actorOf(staff),
        now: app.now(),
      });
      if (outcome.kind === 'customer_not_found') throw notFound(DESK_TEXTS.customerNotFound);
      if (outcome.kind === 'venue_not_found') throw notFound(DESK_TEXTS.venueNotFound);
      if (outcome.kind === 'refused') throw checkInRefused(outcome.reasons);
      return reply.code(201).send({ data: outcome.checkIn });
    },
  });
};
export default staffDeskRoutes;
