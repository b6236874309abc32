import type { Calls } from './call.ts';
import { addToCartBody, cartReply, removeFromCartBody, setCartPaymentsBody } from './cart.ts';
import { checkoutBody, checkoutReply } from './checkout.ts';
import { deskCustomerParams } from './staff-desk.ts';

/**
 * The desk basket's calls (decision 043): the customer's own basket, worked by the desk (add a session, put cash,
 * cheque or voucher against it, pay front of house), with the member's cart and checkout schemas on the desk's
 * paths. In a module of their own so the desk's pages, which import `staff-desk.ts` for its form schemas, do not
 * load the cart's and checkout's.
 */
export const staffDeskBasketCalls = {
  getDeskBasket: { params: deskCustomerParams, reply: cartReply },
  addToDeskBasket: { params: deskCustomerParams, body: addToCartBody, reply: cartReply },
  removeFromDeskBasket: { params: deskCustomerParams, body: removeFromCartBody, reply: cartReply },
  setDeskBasketPayments: { params: deskCustomerParams, body: setCartPaymentsBody, reply: cartReply },
  payDeskBasket: { params: deskCustomerParams, body: checkoutBody, reply: checkoutReply },
} as const satisfies Calls;
