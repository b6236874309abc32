import type { Cart as WireCart } from '@fieldhouse/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, serverMessageOr } from '../../lib/api/client';
import { CART_ACTION_DELAY_MS, type Cart, storeCart } from '../../lib/cart';
import { delay } from '../../lib/delay';
import { fromCartPayments, offlinePaymentsReducer, samePayments } from '../../lib/offline-payments';
import { queryKeys } from '../../lib/query-keys';
import { BASKET_TEXTS } from '../../lib/texts';
import { TOAST_DURATION, toast } from '../../lib/toast';

const GENERIC_ERROR = 'Something has gone wrong, please try again.';

/** The cart changed: store the reply (or refetch) and mark timetables stale (their 'In basket' states). */
async function refreshCart(queryClient: QueryClient, reply: unknown): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  await storeCart(queryClient, reply);
}

const toastError = (error: unknown) =>
  toast.error(serverMessageOr(error, GENERIC_ERROR), { duration: TOAST_DURATION.default });

/**
 * POST cart/remove (after 250 ms). Removing an item keeps only credit payments (spec §4 Basket), so
 * any front-of-house tender on the cart is dropped with PUT cart/payments.
 * Toasts live here: the item's row unmounts once the cart reloads.
 */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cartItemId: number) => {
      await delay(CART_ACTION_DELAY_MS);
      const reply = await api.post<WireCart>('cart/remove', { cartItemIds: [cartItemId] });
      const cart = queryClient.getQueryData<Cart>(queryKeys.cart);
      if (cart) {
        const payments = fromCartPayments(cart.payments);
        const kept = offlinePaymentsReducer(payments, { type: 'item-removed' });
        if (!samePayments(payments, kept)) return api.put<WireCart>('cart/payments', { payments: kept });
      }
      return reply;
    },
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
