import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCart, removeCartItems } from '../../../api/update-cart';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { toastError } from './errors';

/**
 * POST cart/remove (after 250 ms), keeping only credit payments (src/api/update-cart).
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
