import {
  costsParams,
  costsQuery,
  costsReply,
  customAnswersBody,
  customQuestionsParams,
  customQuestionsReply,
  dataFieldsQuery,
  dataFieldsReply,
  membershipTypesQuery,
  membershipTypesReply,
  promoValidationParams,
  promoValidationReply,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCustomQuestions, saveCustomAnswers } from '../../services/memberships/custom-questions.ts';
import { findDataFields } from '../../services/memberships/data-fields.ts';
import {
  findJoiningCaller,
  listMembershipTypes,
  quoteCosts,
  validatePromotionCode,
} from '../../services/memberships/membership-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Online joining: public, with answers tailored to the caller when logged in. */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.identify);

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

  app.get(
    '/api/data-fields',
    { schema: { tags: ['joining'], querystring: dataFieldsQuery, response: { 200: dataFieldsReply } } },
    async (request) => {
      await requireClient(app);
      return {
        data: await findDataFields(app.db, {
          type: request.query.onboarding_type,
          customerId: request.customer?.id,
        }),
      };
    },
  );
};
export default membershipRoutes;
