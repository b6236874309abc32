import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCart } from '../../../api/get-cart';
import { addCartItems } from '../../../api/update-cart';
import { queryKeys } from '../../../lib/query-keys';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { patchSession } from './get-session';

/** POST cart/add for one session (after the spec's 250 ms delay). */
export function useAddToBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => addCartItems([{ id: sessionId, type: 'activity' }]),
    // Toasts live here, not in the caller: the button unmounts as soon as the session shows 'In basket'.
    onSuccess: (reply, sessionId) => {
      toast.success(BASKET_TEXTS.added, { duration: TOAST_DURATION.default });
      patchSession(queryClient, sessionId, { inBasket: true });
      return storeCart(queryClient, reply);
    },
    // The session may have filled or started meanwhile: show its real state.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
