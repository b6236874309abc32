import {
  addToCart,
  clearCart,
  getCart,
  removeCartBenefit,
  removeCartPackage,
  removeFromCart,
  setCartPayments,
  updateCartItem,
} from '@fieldhouse/contract/routes/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as changes from '../../services/cart/cart-changes.ts';
import { type CartContext, checkSelectedUser, findCart } from '../../services/cart/cart-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the logged-in customer's basket. Every call answers the whole basket. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (customerId: number): Promise<CartContext> => {
    const client = await requireClient(app);
    return { customerId, clientId: client.id, timeZone: client.timeZone, now: app.now() };
  };
  const tags = ['cart'];

  app.route({
    ...declared(getCart, { tags }),
    handler: async (request) => {
      const customerId = request.customer!.id;
      const selected = checkSelectedUser(customerId, request.query.selected_user_id);
      return { data: await findCart(app.db, await context(customerId), selected) };
    },
  });

  app.route({
    ...declared(addToCart, { tags }),
    handler: async (request) => {
      const customerId = request.customer!.id;
      const { items, selected_user_id } = request.body;
      checkSelectedUser(customerId, selected_user_id);
      for (const item of items) checkSelectedUser(customerId, item.purchased_for_user_id);
      return {
        data: await changes.addToCart(
          app.db,
          await context(customerId),
          items.map((i) => ({ id: i.id, type: i.type })),
        ),
      };
    },
  });

  app.route({
    ...declared(removeFromCart, { tags }),
    handler: async (request) => ({
      data: await changes.removeFromCart(
        app.db,
        await context(request.customer!.id),
        request.body.cart_item_ids,
        {
          directDebit: app.directDebit,
          log: request.log,
        },
      ),
    }),
  });

  app.route({
    ...declared(setCartPayments, { tags }),
    handler: async (request) => ({
      data: await changes.setCartPayments(app.db, await context(request.customer!.id), {
        payments: request.body.payments.map((p) => ({ tenderType: p.tender_type, amount: p.amount })),
        // Offline tenders only through the staff console's desk (routes/staff/desk-basket.ts).
        frontOfHouse: false,
      }),
    }),
  });

  app.route({
    ...declared(updateCartItem, { tags }),
    handler: async (request) => ({
      data: await changes.updateCartItem(
        app.db,
        await context(request.customer!.id),
        request.params.cartItemId,
        request.body.quantity,
      ),
    }),
  });

  app.route({
    ...declared(clearCart, { tags }),
    handler: async (request) => ({
      data: await changes.clearCart(app.db, await context(request.customer!.id), {
        directDebit: app.directDebit,
        log: request.log,
      }),
    }),
  });

  for (const [route, kind] of [
    [removeCartBenefit, 'benefit'],
    [removeCartPackage, 'package'],
  ] as const) {
    app.route({
      ...declared(route, { tags }),
      handler: async (request) => ({
        data: await changes.removeUsage(app.db, await context(request.customer!.id), request.params.id, kind),
      }),
    });
  }
};
export default cartRoutes;
