import { STAFF_TEXTS } from '@fieldhouse/contract';
import {
  addToDeskBasket,
  getDeskBasket,
  payDeskBasket,
  removeFromDeskBasket,
  setDeskBasketPayments,
} from '@fieldhouse/contract/routes/staff-desk-basket';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customers } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { staffScope } from '../../plugins/app/staff-auth.ts';
import { addToCart, removeFromCart, setCartPayments } from '../../services/cart/cart-changes.ts';
import { type CartContext, findCart } from '../../services/cart/cart-service.ts';
import { completeCheckout } from '../../services/checkout/checkout-service.ts';
import type { ClientRow } from '../../services/clients/client-service.ts';
import { findOrderPayments } from '../../services/orders/order-service.ts';
import { recordAudit } from '../../services/staff/audit.ts';
import { declared } from '../declared.ts';
import { bookingsUrl, requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * The desk works a customer's basket for them: add a session, put cash, cheque or voucher against it, and pay
 * (the front-of-house checkout, authorised by the staff session: offline tenders are allowed here and nowhere
 * else). Every role that works a desk; the customer must be the operator's.
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

  app.route({
    ...declared(payDeskBasket, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const { client, cart: ctx } = await context(request.params.id);
      const data = await completeCheckout(
        { db: app.db, payments: app.payments, log: request.log },
        {
          customerId: ctx.customerId,
          client,
          body: request.body,
          frontOfHouse: true,
          now: ctx.now,
          bookingsUrl: bookingsUrl(app, request),
        },
      );
      if (data.status === 'completed') {
        app.guestTimetables.clear();
        // After the checkout's own transaction (it locks and charges in one); the order id ties the two.
        await recordAudit(app.db, { staffId: staff.id, name: staff.name }, ctx.now, {
          action: 'desk.pay',
          entity: 'order',
          entityId: data.order_id,
          before: null,
          // What the order was paid with, as stored: the offline tenders and any card (its description, never more).
          after: {
            customer_id: ctx.customerId,
            tenders: (await findOrderPayments(app.db, data.order_id)).map((p) => ({
              tender_type: p.tenderType,
              amount: p.amount,
              card: p.cardDescription,
            })),
          },
        });
      }
      return { data };
    },
  });
};
export default staffDeskBasketRoutes;
