import type { addToCartBody } from '@fieldhouse/contract';
import { addToCart, removeFromCart, setCartPayments } from '@fieldhouse/contract/routes/cart';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../lib/api/client';
import { delay } from '../lib/delay';
import { fromCartPayments, offlinePaymentsReducer, samePayments } from '../lib/offline-payments';
import { queryKeys } from '../lib/query-keys';
import { CART_ACTION_DELAY_MS, type Cart, storeCart } from './get-cart';

/**
 * Basket writes shared by the features that put things in the basket (timetable sessions, the basket
 * itself, unpaid fees in the payments area). Features do not import each other, so these live here.
 */
export type CartItemToAdd = Camel<z.input<typeof addToCartBody>>['items'][number];

/** POST cart/add (after the spec's 250 ms delay); the reply is the updated cart. */
export async function addCartItems(items: CartItemToAdd[]): Promise<Cart> {
  await delay(CART_ACTION_DELAY_MS);
  return call(addToCart, { body: { items } });
}

/**
 * POST cart/remove (after 250 ms). Removing an item keeps only credit payments (spec §4 Basket), so
 * any front-of-house tender on the cart is dropped with PUT cart/payments.
 */
export async function removeCartItems(queryClient: QueryClient, cartItemIds: number[]): Promise<Cart> {
  await delay(CART_ACTION_DELAY_MS);
  const reply = await call(removeFromCart, { body: { cartItemIds } });
  const cart = queryClient.getQueryData<Cart>(queryKeys.cart);
  if (cart) {
    const payments = fromCartPayments(cart.payments);
    const kept = offlinePaymentsReducer(payments, { type: 'item-removed' });
    if (!samePayments(payments, kept)) return call(setCartPayments, { body: { payments: kept } });
  }
  return reply;
}

/** The cart changed: store the reply (or refetch) and mark timetables stale (their 'In basket' states). */
export async function refreshCart(queryClient: QueryClient, reply: unknown): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  await storeCart(queryClient, reply);
}
