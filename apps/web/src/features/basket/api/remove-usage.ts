import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCart } from '../../../api/update-cart';
import { api } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { toastError } from './errors';

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
