import {
  costsParams,
  costsQuery,
  costsReply,
  customAnswersBody,
  customQuestionsParams,
  customQuestionsReply,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipDetailsBody,
  membershipSubmitReply,
  membershipTypesQuery,
  membershipTypesReply,
  promoValidationParams,
  promoValidationReply,
} from '@fieldhouse/contract';
import { getDataFields } from '@fieldhouse/contract/routes/joining';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionScope } from '../../plugins/app/auth.ts';
import { findDataFields } from '../../services/customers/data-fields.ts';
import { findCustomQuestions, saveCustomAnswers } from '../../services/memberships/custom-questions.ts';
import { findJoiningCaller } from '../../services/memberships/eligibility.ts';
import { submitMembership } from '../../services/memberships/membership-purchase.ts';
import { listMembershipTypes } from '../../services/memberships/membership-types.ts';
import { quoteCosts } from '../../services/memberships/pricing.ts';
import { validatePromotionCode } from '../../services/memberships/promotions.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/** Online joining: public, with answers tailored to the caller when logged in. */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionScope(app, 'optional');
  const perIpPerMinute = {
    rateLimit: { max: app.config.rateLimits.loginPerIpPerMinute, timeWindow: 60_000 },
  };

  app.post(
    '/api/memberships',
    {
      // A guest's account is made in 'Your details' (the register call), so only members submit (decision 011).
      onRequest: app.authenticate,
      config: perIpPerMinute,
      schema: { tags: ['joining'], body: membershipDetailsBody, response: { 201: membershipSubmitReply } },
    },
    async (request, reply) => {
      const client = await requireClient(app);
      const result = await submitMembership(
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
  );

  app.get(
    '/api/memberships/types',
    {
      schema: {
        tags: ['joining'],
        querystring: membershipTypesQuery,
        response: { 200: membershipTypesReply },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/api/memberships/types/:typeId/payment-options/:optionId',
    {
      schema: {
        tags: ['joining'],
        params: costsParams,
        querystring: costsQuery,
        response: { 200: costsReply },
      },
    },
    async (request) => {
      const client = await requireClient(app);
      const caller = await findJoiningCaller(app.db, request.customer?.id);
      const q = request.query;
      return {
        data: await quoteCosts(app.db, {
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
  );

  app.get(
    '/api/v1/membership-promotions/validate/:code/:paymentOptionId',
    { schema: { tags: ['joining'], params: promoValidationParams, response: { 200: promoValidationReply } } },
    async (request) => {
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
  );

  app.get(
    '/api/custom-questions/memberships/:id',
    { schema: { tags: ['joining'], params: customQuestionsParams, response: { 200: customQuestionsReply } } },
    async (request) => {
      const client = await requireClient(app);
      return {
        data: await findCustomQuestions(app.db, {
          clientId: client.id,
          membershipTypeId: request.params.id,
          customerId: request.customer?.id,
        }),
      };
    },
  );

  app.post(
    '/api/custom-questions/memberships/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['joining'],
        params: customQuestionsParams,
        body: customAnswersBody,
        response: { 200: customQuestionsReply },
      },
    },
    async (request) => {
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
  );

  app.route({
    ...declared(getDataFields, { tags: ['joining'] }),
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
export default membershipRoutes;
