import { setCartPayments } from '@fieldhouse/contract/routes/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCart } from '../../../api/get-cart';
import { call } from '../../../lib/api/client';
import type { OfflinePayment } from '../../../lib/offline-payments';

/** PUT cart/payments: credit (and front-of-house tenders); the reply is the repriced cart. */
export function useSetCartPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payments: OfflinePayment[]) => call(setCartPayments, { body: { payments } }),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}
