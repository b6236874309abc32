import type { accountPaymentCalls } from '../account-payments.ts';
import { type RouteTable, route } from '../call.ts';

/** Methods and paths of the account's payment calls (decision 043); their schemas are `accountPaymentCalls`. */
type C = typeof accountPaymentCalls;

export const listPenalties = route<C['listPenalties']>('GET', '/api/user/penalties');
export const orderReceipt = route<C['orderReceipt']>('GET', '/api/my-account/orders/:uuid/receipt');
export const listSavedCards = route<C['listSavedCards']>('GET', '/api/my-account/saved-cards');
export const updateSavedCard = route<C['updateSavedCard']>('PUT', '/api/my-account/saved-cards/:id/update');
export const removeSavedCard = route<C['removeSavedCard']>(
  'DELETE',
  '/api/my-account/saved-cards/:id/remove',
);
export const listDirectDebitMandates = route<C['listDirectDebitMandates']>(
  'GET',
  '/api/my-account/direct-debit',
);

export const accountPaymentRoutes = {
  listPenalties,
  orderReceipt,
  listSavedCards,
  updateSavedCard,
  removeSavedCard,
  listDirectDebitMandates,
} satisfies RouteTable<C>;
