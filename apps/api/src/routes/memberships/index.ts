import {
  accountCheckBody,
  accountCheckReply,
  costsParams,
  costsQuery,
  costsReply,
  customAnswersBody,
  customQuestionsParams,
  customQuestionsReply,
  dataFieldsQuery,
  dataFieldsReply,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipDetailsBody,
  membershipSubmitReply,
  membershipTypesQuery,
  membershipTypesReply,
  promoValidationParams,
  promoValidationReply,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors.ts';
import { sessionScope } from '../../plugins/app/auth.ts';
import { createSession } from '../../services/auth/sessions.ts';
import { findDataFields } from '../../services/customers/data-fields.ts';
import { findCustomQuestions, saveCustomAnswers } from '../../services/memberships/custom-questions.ts';
import { checkAccountPurchasable, submitMembership } from '../../services/memberships/membership-purchase.ts';
import {
  findJoiningCaller,
  listMembershipTypes,
  quoteCosts,
  validatePromotionCode,
} from '../../services/memberships/membership-service.ts';
import { findUser } from '../../services/users/user-service.ts';
import { accountUrl, requireClient } from '../request-helpers.ts';

type ValidationIssue = { instancePath: string; message?: string };

/** Online joining: public, with answers tailored to the caller when logged in. */
const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionScope(app, 'optional');
  const perIpPerMinute = {
    rateLimit: { max: app.config.rateLimits.loginPerIpPerMinute, timeWindow: 60_000 },
  };

  app.post(
    '/api/memberships/account-check',
    {
      config: perIpPerMinute,
      // Field errors are keyed like registerBody's (first_name, email …), without the `account.` prefix.
      attachValidation: true,
      schema: { tags: ['joining'], body: accountCheckBody, response: { 200: accountCheckReply } },
    },
    async (request) => {
      if (request.validationError) {
        const errors: Record<string, string[]> = {};
        for (const issue of (request.validationError.validation ?? []) as ValidationIssue[]) {
          const field =
            issue.instancePath
              .replace(/^\//, '')
              .replaceAll('/', '.')
              .replace(/^account\./, '') || 'body';
          const message = issue.message ?? 'Invalid value.';
          if (!errors[field]?.includes(message)) errors[field] = [...(errors[field] ?? []), message];
        }
        throw new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
      }
      const client = await requireClient(app);
      return {
        data: {
          is_purchasable: await checkAccountPurchasable(app.db, {
            client,
            account: request.body.account,
            membershipTypeId: request.body.membership_type_id,
            venueId: request.body.venue_id,
            now: app.now(),
          }),
        },
      };
    },
  );

  app.post(
    '/api/memberships',
    {
      config: perIpPerMinute,
      schema: { tags: ['joining'], body: membershipDetailsBody, response: { 201: membershipSubmitReply } },
    },
    async (request, reply) => {
      const client = await requireClient(app);
      const now = app.now();
      const result = await submitMembership(
        { db: app.db, directDebit: app.directDebit, log: request.log },
        {
          client,
          body: request.body,
          customerId: request.customer?.id ?? null,
          now,
          accountUrl: accountUrl(app, request),
        },
      );
      // A guest's new account is logged in after the commit, exactly as register does.
      if (result.createdCustomer) {
        const token = await createSession(app.db, {
          customerId: result.customerId,
          ttlDays: app.config.sessionTtlDays,
          now,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        app.setSessionCookies(request, reply, token);
      }
      return reply.code(201).send({
        data: {
          message: MEMBERSHIP_PURCHASE_TEXTS.added,
          membership_id: result.membershipId,
          cart_id: result.cartId,
          cart_item_id: result.cartItemId,
          new_mandate: result.newMandate,
          user: result.createdCustomer ? await findUser(app.db, result.customerId, client, now) : null,
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
