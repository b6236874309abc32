import { type RouteTable, route } from '../call.ts';
import type { staffDeskBasketCalls } from '../staff-desk-basket.ts';

/** Methods and paths of the desk basket's calls (decision 043); their schemas are `staffDeskBasketCalls`. */
type C = typeof staffDeskBasketCalls;

export const getDeskBasket = route<C['getDeskBasket']>('GET', '/api/staff/desk/customers/:id/basket');
export const addToDeskBasket = route<C['addToDeskBasket']>(
  'POST',
  '/api/staff/desk/customers/:id/basket/add',
);
export const removeFromDeskBasket = route<C['removeFromDeskBasket']>(
  'POST',
  '/api/staff/desk/customers/:id/basket/remove',
);
export const setDeskBasketPayments = route<C['setDeskBasketPayments']>(
  'PUT',
  '/api/staff/desk/customers/:id/basket/payments',
);
export const payDeskBasket = route<C['payDeskBasket']>('POST', '/api/staff/desk/customers/:id/pay');
export const getDeskSales = route<C['getDeskSales']>('GET', '/api/staff/desk/customers/:id/sales');
export const sellDeskMembership = route<C['sellDeskMembership']>(
  'POST',
  '/api/staff/desk/customers/:id/memberships',
);

export const staffDeskBasketRoutes = {
  getDeskBasket,
  addToDeskBasket,
  removeFromDeskBasket,
  setDeskBasketPayments,
  payDeskBasket,
  getDeskSales,
  sellDeskMembership,
} satisfies RouteTable<C>;
