import {
  addToCartBody,
  cartItemParams,
  cartQuery,
  cartReply,
  removeFromCartBody,
  removeUsageParams,
  setCartPaymentsBody,
  updateCartItemBody,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCart,
  clearCart,
  removeFromCart,
  removeUsage,
  setCartPayments,
  updateCartItem,
} from '../../services/cart/cart-changes.ts';
import { type CartContext, checkSelectedUser, findCart } from '../../services/cart/cart-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the logged-in customer's basket. Every call answers the whole basket. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (customerId: number): Promise<CartContext> => {
    const client = await requireClient(app);
    return { customerId, clientId: client.id, timeZone: client.timeZone, now: app.now() };
  };
  const schema = { tags: ['cart'], response: { 200: cartReply } };

  app.get('/api/cart', { schema: { ...schema, querystring: cartQuery } }, async (request) => {
    const customerId = request.customer!.id;
    const selected = checkSelectedUser(customerId, request.query.selected_user_id);
    return { data: await findCart(app.db, await context(customerId), selected) };
  });

  app.post('/api/cart/add', { schema: { ...schema, body: addToCartBody } }, async (request) => {
    const customerId = request.customer!.id;
    const { items, selected_user_id } = request.body;
    checkSelectedUser(customerId, selected_user_id);
    for (const item of items) checkSelectedUser(customerId, item.purchased_for_user_id);
    return {
      data: await addToCart(
        app.db,
        await context(customerId),
        items.map((i) => ({ id: i.id, type: i.type })),
      ),
    };
  });

  app.post('/api/cart/remove', { schema: { ...schema, body: removeFromCartBody } }, async (request) => ({
    data: await removeFromCart(app.db, await context(request.customer!.id), request.body.cart_item_ids, {
      directDebit: app.directDebit,
      log: request.log,
    }),
  }));

  app.put('/api/cart/payments', { schema: { ...schema, body: setCartPaymentsBody } }, async (request) => ({
    data: await setCartPayments(app.db, await context(request.customer!.id), {
      payments: request.body.payments.map((p) => ({ tenderType: p.tender_type, amount: p.amount })),
      // Offline tenders only through the staff console's desk (routes/staff/desk-basket.ts).
      frontOfHouse: false,
    }),
  }));

  app.put(
    '/api/cart/:cartItemId',
    { schema: { ...schema, params: cartItemParams, body: updateCartItemBody } },
    async (request) => ({
      data: await updateCartItem(
        app.db,
        await context(request.customer!.id),
        request.params.cartItemId,
        request.body.quantity,
      ),
    }),
  );

  app.delete('/api/cart', { schema }, async (request) => ({
    data: await clearCart(app.db, await context(request.customer!.id), {
      directDebit: app.directDebit,
      log: request.log,
    }),
  }));

  app.delete(
    '/api/activities/benefit/remove/:id',
    { schema: { ...schema, params: removeUsageParams } },
    async (request) => ({
      data: await removeUsage(app.db, await context(request.customer!.id), request.params.id, 'benefit'),
    }),
  );

  app.delete(
    '/api/activities/package/remove/:id',
    { schema: { ...schema, params: removeUsageParams } },
    async (request) => ({
      data: await removeUsage(app.db, await context(request.customer!.id), request.params.id, 'package'),
    }),
  );
};
export default cartRoutes;
