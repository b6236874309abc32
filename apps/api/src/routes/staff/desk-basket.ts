import { DESK_TEXTS, STAFF_TEXTS } from '@fieldhouse/contract';
import {
  addToDeskBasket,
  getDeskBasket,
  getDeskSales,
  payDeskBasket,
  removeFromDeskBasket,
  sellDeskMembership,
  setDeskBasketPayments,
} from '@fieldhouse/contract/routes/staff-desk-basket';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customers } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { addToCart, removeFromCart, setCartPayments } from '../../services/cart/cart-changes.ts';
import { type CartContext, findCart } from '../../services/cart/cart-service.ts';
import { completeCheckout } from '../../services/checkout/checkout-service.ts';
import type { ClientRow } from '../../services/clients/client-service.ts';
import { findOrderPayments } from '../../services/orders/order-service.ts';
import { basketVenue, openSessionOfTill } from '../../services/staff/cash-up/till-at-sale.ts';
import { deskMayTakePayment, recordDeskPayment } from '../../services/staff/desk/desk-payment.ts';
import { findDeskSales, sellMembershipAtDesk } from '../../services/staff/desk/desk-sales.ts';
import { declared } from '../declared.ts';
import { bookingsUrl, requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * The desk works a customer's basket for them: add a session, put cash, cheque or voucher against it, and pay
 * (the front-of-house checkout, authorised by the staff session: offline tenders are allowed here and nowhere
 * else). Every role that works a desk; the customer must be the operator's. Paying takes a basket whose every line
 * is at the staff member's venues, and audits the payment in the checkout's own transaction (issue 41).
 */
const staffDeskBasketRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'front_desk']);

  async function context(customerId: number): Promise<{ client: ClientRow; cart: CartContext }> {
    const client = await requireClient(app);
    const [customer] = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.clientId, client.id)))
      .limit(1);
    if (!customer) throw notFound(STAFF_TEXTS.notFound);
    return { client, cart: { customerId, clientId: client.id, timeZone: client.timeZone, now: app.now() } };
  }

  app.route({
    ...declared(getDeskBasket, { tags }),
    handler: async (request) => ({
      data: await findCart(app.db, (await context(request.params.id)).cart, null),
    }),
  });

  app.route({
    ...declared(addToDeskBasket, { tags }),
    handler: async (request) => ({
      data: await addToCart(
        app.db,
        (await context(request.params.id)).cart,
        request.body.items.map((i) => ({ id: i.id, type: i.type })),
      ),
    }),
  });

  app.route({
    ...declared(removeFromDeskBasket, { tags }),
    handler: async (request) => ({
      data: await removeFromCart(
        app.db,
        (await context(request.params.id)).cart,
        request.body.cart_item_ids,
        {
          directDebit: app.directDebit,
          log: request.log,
        },
      ),
    }),
  });

  app.route({
    ...declared(setDeskBasketPayments, { tags }),
    handler: async (request) => ({
      data: await setCartPayments(app.db, (await context(request.params.id)).cart, {
        payments: request.body.payments.map((p) => ({ tenderType: p.tender_type, amount: p.amount })),
        frontOfHouse: true,
      }),
    }),
  });

  // What the customer may buy at one of the staff member's venues (decision 076).
  app.route({
    ...declared(getDeskSales, { tags }),
    handler: async (request) => {
      const { client, cart: ctx } = await context(request.params.id);
      const data = await findDeskSales(app.db, {
        client,
        customerId: ctx.customerId,
        venueId: request.query.venue_id,
        scope: venueScopeOf(request.staff!),
        now: ctx.now,
      });
      if (!data) throw notFound(DESK_TEXTS.venueNotFound);
      return { data };
    },
  });

  // A membership into the customer's basket through the online purchase's rules; paid with the basket (below).
  app.route({
    ...declared(sellDeskMembership, { tags }),
    handler: async (request, reply) => {
      const { client, cart: ctx } = await context(request.params.id);
      const sold = await sellMembershipAtDesk(
        { db: app.db, directDebit: app.directDebit, log: request.log },
        {
          client,
          customerId: ctx.customerId,
          body: request.body,
          scope: venueScopeOf(request.staff!),
          now: ctx.now,
        },
      );
      if (!sold) throw notFound(DESK_TEXTS.venueNotFound);
      return reply.code(201).send({ data: await findCart(app.db, ctx, null) });
    },
  });

  app.route({
    ...declared(payDeskBasket, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const actor = { staffId: staff.id, name: staff.name };
      const { client, cart: ctx } = await context(request.params.id);
      let tillSessionId: number | null = null;
      const data = await completeCheckout(
        { db: app.db, payments: app.payments, log: request.log },
        {
          customerId: ctx.customerId,
          client,
          body: request.body,
          frontOfHouse: true,
          now: ctx.now,
          bookingsUrl: bookingsUrl(app, request),
          desk: {
            staffId: staff.id,
            // Only a basket at the staff member's venues, as check-in and registers (404 elsewhere).
            mayPay: async (tx, cart) => {
              if (!(await deskMayTakePayment(tx, { cartId: cart.id, scope: venueScopeOf(staff) })))
                throw notFound(DESK_TEXTS.venueNotFound);
              // The till whose drawer takes it (decision 083): open, and at the venue of the sale (422 otherwise).
              if (request.body.till_id !== undefined)
                tillSessionId = await openSessionOfTill(tx, {
                  tillId: request.body.till_id,
                  saleVenueId: await basketVenue(tx, { cartId: cart.id, customerId: ctx.customerId }),
                  clientId: client.id,
                });
            },
            // With the order, in the checkout's transaction: once, and never a payment without it.
            onOrder: async (tx, order) =>
              recordDeskPayment(tx, actor, ctx.now, {
                customerId: ctx.customerId,
                orderId: order.id,
                payments: await findOrderPayments(tx, order.id),
                tillSessionId,
              }),
          },
        },
      );
      if (data.status === 'completed') app.guestTimetables.clear();
      return { data };
    },
  });
};
export default staffDeskBasketRoutes;
