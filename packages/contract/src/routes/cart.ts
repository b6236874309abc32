import { type RouteTable, route } from '../call.ts';
import type { cartCalls } from '../cart.ts';

/** Methods and paths of the basket calls (decision 043); their schemas are `cartCalls`. */
type C = typeof cartCalls;

export const getCart = route<C['getCart']>('GET', '/api/cart');
export const addToCart = route<C['addToCart']>('POST', '/api/cart/add');
export const removeFromCart = route<C['removeFromCart']>('POST', '/api/cart/remove');
export const setCartPayments = route<C['setCartPayments']>('PUT', '/api/cart/payments');
export const updateCartItem = route<C['updateCartItem']>('PUT', '/api/cart/:cartItemId');
export const clearCart = route<C['clearCart']>('DELETE', '/api/cart');
export const removeCartBenefit = route<C['removeCartBenefit']>(
  'DELETE',
  '/api/activities/benefit/remove/:id',
);
export const removeCartPackage = route<C['removeCartPackage']>(
  'DELETE',
  '/api/activities/package/remove/:id',
);

export const cartRoutes = {
  getCart,
  addToCart,
  removeFromCart,
  setCartPayments,
  updateCartItem,
  clearCart,
  removeCartBenefit,
  removeCartPackage,
} satisfies RouteTable<C>;
