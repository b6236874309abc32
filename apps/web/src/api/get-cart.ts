import type { Cart as WireCart, CartItem as WireCartItem } from '@fieldhouse/contract';
import { getCart } from '@fieldhouse/contract/routes/cart';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** The basket, shared by the header count, the timetable, the basket and checkout. */
export type Cart = Camel<WireCart>;
export type CartItem = Camel<WireCartItem>;

/** GET cart (logged-in customers only: enable it with the user). */
export const cartQueryOptions = queryOptions({
  queryKey: queryKeys.cart,
  queryFn: ({ signal }) => call(getCart, { signal }),
});

/** Add and remove actions wait 250 ms before calling the server (spec §4 Basket, §9). */
export const CART_ACTION_DELAY_MS = 250;

/** Cart calls answer with the updated cart: store it (no refetch); anything else refetches the cart. */
export function storeCart(queryClient: QueryClient, reply: unknown): Promise<void> {
  const isCart = (value: unknown): value is Cart =>
    typeof value === 'object' && value !== null && Array.isArray((value as Cart).items) && 'totals' in value;
  if (isCart(reply)) {
    queryClient.setQueryData(queryKeys.cart, reply);
    return Promise.resolve();
  }
  return queryClient.invalidateQueries({ queryKey: queryKeys.cart });
}
