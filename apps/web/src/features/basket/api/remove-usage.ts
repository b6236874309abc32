import { removeCartBenefit, removeCartPackage } from '@fieldhouse/contract/routes/cart';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCart } from '../../../api/update-cart';
import { call } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { toastError } from './errors';

/** DELETE activities/benefit/remove/:cartItemId or activities/package/remove/:cartItemId */
export function useRemoveUsage(kind: 'benefit' | 'package') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cartItemId: number) =>
      call(kind === 'benefit' ? removeCartBenefit : removeCartPackage, { params: { id: cartItemId } }),
    onSuccess: async (reply) => {
      toast.success(kind === 'benefit' ? BASKET_TEXTS.benefitRemoved : BASKET_TEXTS.packageRemoved, {
        duration: TOAST_DURATION.default,
      });
      await refreshCart(queryClient, reply);
    },
    onError: toastError,
  });
}
