import { clearCart } from '@fieldhouse/contract/routes/cart';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCart } from '../../../api/update-cart';
import { call } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { toastError } from './errors';

/** DELETE cart: discards the basket. */
export function useClearCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(clearCart),
    onSuccess: async (reply) => {
      toast.success(BASKET_TEXTS.cleared, { duration: TOAST_DURATION.default });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}
