import { updateCartItem } from '@fieldhouse/contract/routes/cart';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CART_ACTION_DELAY_MS } from '../../../api/get-cart';
import { refreshCart } from '../../../api/update-cart';
import { call } from '../../../lib/api/client';
import { delay } from '../../../lib/delay';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { toastError } from './errors';

/** PUT cart/:cartItemId {quantity}: places on a line that takes several (court hire, tickets). */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cartItemId, quantity }: { cartItemId: number; quantity: number }) => {
      await delay(CART_ACTION_DELAY_MS);
      return call(updateCartItem, { params: { cartItemId }, body: { quantity } });
    },
    onSuccess: async (reply) => {
      toast.success(BASKET_TEXTS.updated, { duration: TOAST_DURATION.default });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}
