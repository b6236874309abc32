import type { Cart as WireCart } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeCart } from '../../../api/get-cart';
import { api } from '../../../lib/api/client';
import type { OfflinePayment } from '../../../lib/offline-payments';

/** PUT cart/payments: credit (and front-of-house tenders); the reply is the repriced cart. */
export function useSetCartPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payments: OfflinePayment[]) => api.put<WireCart>('cart/payments', { payments }),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}
