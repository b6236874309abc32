import { z } from 'zod';
import type { Calls } from './call.ts';
import { addToCartBody, cartReply, removeFromCartBody, setCartPaymentsBody } from './cart.ts';
import { checkoutBody, checkoutReply } from './checkout.ts';
import { envelope } from './common.ts';
import { id, idParam } from './fields.ts';
import { costs, fixedPeriod, paymentType } from './joining.ts';
import { membershipDetailsBody } from './membership-purchase.ts';
import { deskCustomerParams } from './staff-desk.ts';

/**
 * The desk basket's calls (decision 043): the customer's own basket, worked by the desk (add a session, put cash,
 * cheque or voucher against it, pay front of house), with the member's cart and checkout schemas on the desk's
 * paths. In a module of their own so the desk's pages, which import `staff-desk.ts` for its form schemas, do not
 * load the cart's and checkout's.
 *
 * Sales at the desk (issue 36 item 3, decision 076): what the customer may buy at one of the staff member's venues,
 * and a membership put in their basket through the online purchase's own rules (eligibility, pro-rata, joining fee,
 * promotions, the direct-debit mandate), then paid with the desk's tenders like any basket.
 */

/** GET /api/staff/desk/customers/:id/sales?venue_id= (the venue must be one the staff member works at). */
export const deskSalesQuery = z.object({ venue_id: idParam });

/** One payment option the desk may sell, priced for a start today (the customer's billing day, else the 1st). */
export const deskMembershipSale = z.object({
  membership_type_id: id,
  membership_type_name: z.string(),
  category: z.string(),
  payment_option_id: id,
  payment_option_name: z.string(),
  payment_type: paymentType,
  fixed_duration: z.number().int().nullable(),
  fixed_period: fixedPeriod.nullable(),
  /** false with the online purchase's reason (e.g. 'You already have this membership.'). */
  can_purchase: z.boolean(),
  message: z.string().nullable(),
  /** Null when the customer may not buy it. */
  costs: costs.nullable(),
  /** A recurring option and the customer has no direct-debit instruction: the desk takes bank details. */
  needs_mandate: z.boolean(),
});
export type DeskMembershipSale = z.infer<typeof deskMembershipSale>;

export const deskSalesReply = envelope(
  z.object({
    venue: z.object({ id, name: z.string() }),
    memberships: z.array(deskMembershipSale),
  }),
);

/**
 * POST /api/staff/desk/customers/:id/memberships: the online purchase's body (joining §3 Membership details), for the
 * customer at the desk; home_venue_id must be one of the staff member's venues (404 otherwise). Answers the basket.
 */
export const sellDeskMembershipBody = membershipDetailsBody;

/**
 * POST /api/staff/desk/customers/:id/pay: the checkout's body, and the till whose drawer takes the cash, cheques and
 * vouchers (decision 083): optional, so callers without one keep working (their takings are the venue's 'No till');
 * with one it must be a live till at the venue of the sale with an open session (422 under `till_id` otherwise).
 */
export const deskPayBody = checkoutBody.extend({ till_id: id.optional() });

export const staffDeskBasketCalls = {
  getDeskBasket: { params: deskCustomerParams, reply: cartReply },
  addToDeskBasket: { params: deskCustomerParams, body: addToCartBody, reply: cartReply },
  removeFromDeskBasket: { params: deskCustomerParams, body: removeFromCartBody, reply: cartReply },
  setDeskBasketPayments: { params: deskCustomerParams, body: setCartPaymentsBody, reply: cartReply },
  payDeskBasket: { params: deskCustomerParams, body: deskPayBody, reply: checkoutReply },
  getDeskSales: { params: deskCustomerParams, query: deskSalesQuery, reply: deskSalesReply },
  sellDeskMembership: {
    params: deskCustomerParams,
    body: sellDeskMembershipBody,
    reply: cartReply,
    status: 201,
  },
} as const satisfies Calls;
