import type { Cart as WireCart } from '@fieldhouse/contract';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, serverMessageOr } from '../../lib/api/client';
import { CART_ACTION_DELAY_MS } from '../../lib/cart';
import { refreshCart, removeCartItems } from '../../lib/cart-actions';
import { delay } from '../../lib/delay';
import { TOAST_DURATION, toast } from '../../lib/toast';

const toastError = (error: unknown) =>
  toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), { duration: TOAST_DURATION.default });

/**
 * POST cart/remove (after 250 ms), keeping only credit payments (lib/cart-actions).
 * Toasts live here: the item's row unmounts once the cart reloads.
 */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cartItemId: number) => removeCartItems(queryClient, [cartItemId]),
    onSuccess: async (reply) => {
      toast.success(BASKET_TEXTS.removed, { duration: TOAST_DURATION.default });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}

/** DELETE activities/benefit/remove/:cartItemId or activities/package/remove/:cartItemId */
export function useRemoveUsage(kind: 'benefit' | 'package') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cartItemId: number) => api.delete(`activities/${kind}/remove/${cartItemId}`),
    onSuccess: async (reply) => {
      toast.success(kind === 'benefit' ? BASKET_TEXTS.benefitRemoved : BASKET_TEXTS.packageRemoved, {
        duration: TOAST_DURATION.default,
      });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}

/** PUT cart/:cartItemId {quantity}: places on a line that takes several (court hire, tickets). */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cartItemId, quantity }: { cartItemId: number; quantity: number }) => {
      await delay(CART_ACTION_DELAY_MS);
      return api.put<WireCart>(`cart/${cartItemId}`, { quantity });
    },
    onSuccess: async (reply) => {
      toast.success(BASKET_TEXTS.updated, { duration: TOAST_DURATION.default });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}

/** DELETE cart: discards the basket. */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('cart'),
    onSuccess: async (reply) => {
      toast.success(BASKET_TEXTS.cleared, { duration: TOAST_DURATION.default });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}
