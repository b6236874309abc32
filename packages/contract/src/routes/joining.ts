import { type RouteTable, route } from '../call.ts';
import type { joiningCalls } from '../joining.ts';

/** Methods and paths of the joining calls (decision 043); their schemas are `joiningCalls`. */
type C = typeof joiningCalls;

export const getDataFields = route<C['getDataFields']>('GET', '/api/data-fields');
export const getMembershipTypes = route<C['getMembershipTypes']>('GET', '/api/memberships/types');
export const getMembershipCosts = route<C['getMembershipCosts']>(
  'GET',
  '/api/memberships/types/:typeId/payment-options/:optionId',
);
export const validatePromoCode = route<C['validatePromoCode']>(
  'GET',
  '/api/v1/membership-promotions/validate/:code/:paymentOptionId',
);
export const getCustomQuestions = route<C['getCustomQuestions']>(
  'GET',
  '/api/custom-questions/memberships/:id',
);
export const saveCustomQuestionAnswers = route<C['saveCustomQuestionAnswers']>(
  'POST',
  '/api/custom-questions/memberships/:id',
);

export const joiningRoutes = {
  getDataFields,
  getMembershipTypes,
  getMembershipCosts,
  validatePromoCode,
  getCustomQuestions,
  saveCustomQuestionAnswers,
} satisfies RouteTable<C>;
