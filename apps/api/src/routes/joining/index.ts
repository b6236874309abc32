import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract';
import {
  getCustomQuestions,
  getDataFields,
  getMembershipCosts,
  getMembershipTypes,
  saveCustomQuestionAnswers,
  validatePromoCode,
} from '@fieldhouse/contract/routes/joining';
import { submitMembership } from '@fieldhouse/contract/routes/membership-purchase';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionScope } from '../../plugins/app/auth.ts';
import { findDataFields } from '../../services/customers/data-fields.ts';
import { findCustomQuestions, saveCustomAnswers } from '../../services/memberships/custom-questions.ts';
import { findJoiningCaller } from '../../services/memberships/eligibility.ts';
import * as purchase from '../../services/memberships/membership-purchase.ts';
import { listMembershipTypes } from '../../services/memberships/membership-types.ts';
import * as pricing from '../../services/memberships/pricing.ts';
import { validatePromotionCode } from '../../services/memberships/promotions.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/** Online joining: public, with answers tailored to the caller when logged in. */
const joiningRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionScope(app, 'optional');
  const perIpPerMinute = {
    rateLimit: { max: app.config.rateLimits.loginPerIpPerMinute, timeWindow: 60_000 },
  };
  const tags = ['joining'];

  app.route({
    ...declared(submitMembership, { tags }),
    // A guest's account is made in 'Your details' (the register call), so only members submit (decision 011).
    onRequest: app.authenticate,
    config: perIpPerMinute,
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const result = await purchase.submitMembership(
        { db: app.db, directDebit: app.directDebit, log: request.log },
        {
          client,
          body: request.body,
          customerId: request.customer!.id,
          now: app.now(),
        },
      );
      return reply.code(201).send({
        data: {
          message: MEMBERSHIP_PURCHASE_TEXTS.added,
          membership_id: result.membershipId,
          cart_id: result.cartId,
          cart_item_id: result.cartItemId,
          new_mandate: result.newMandate,
        },
      });
    },
  });

  app.route({
    ...declared(getMembershipTypes, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const caller = await findJoiningCaller(app.db, request.customer?.id);
      return {
        data: await listMembershipTypes(app.db, {
          clientId: client.id,
          venueId: request.query.venue_id,
          caller,
          now: app.now(),
          includeIneligible: request.query.include_ineligible === 'true',
          customerId: request.customer?.id,
        }),
      };
    },
  });

  app.route({
    ...declared(getMembershipCosts, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const caller = await findJoiningCaller(app.db, request.customer?.id);
      const q = request.query;
      return {
        data: await pricing.getMembershipCosts(app.db, {
          clientId: client.id,
          clientTimeZone: client.timeZone,
          typeId: request.params.typeId,
          optionId: request.params.optionId,
          venueId: q.venue_id,
          startDate: q.start_date,
          billingDay: q.billing_day,
          promotionCodeId: q.promotion_code_id,
          caller,
          now: app.now(),
        }),
      };
    },
  });

  app.route({
    ...declared(validatePromoCode, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      return {
        data: await validatePromotionCode(app.db, {
          clientId: client.id,
          code: request.params.code,
          paymentOptionId: request.params.paymentOptionId,
          now: app.now(),
        }),
      };
    },
  });

  app.route({
    ...declared(getCustomQuestions, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      return {
        data: await findCustomQuestions(app.db, {
          clientId: client.id,
          membershipTypeId: request.params.id,
          customerId: request.customer?.id,
        }),
      };
    },
  });

  app.route({
    ...declared(saveCustomQuestionAnswers, { tags }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const client = await requireClient(app);
      return {
        data: await saveCustomAnswers(app.db, {
          clientId: client.id,
          membershipTypeId: request.params.id,
          customerId: request.customer!.id,
          body: request.body,
          now: app.now(),
        }),
      };
    },
  });

  app.route({
    ...declared(getDataFields, { tags }),
    handler: async (request) => {
      await requireClient(app);
      return {
        data: await findDataFields(app.db, {
          type: request.query.onboarding_type,
          customerId: request.customer?.id,
        }),
      };
    },
  });
};
export default joiningRoutes;
