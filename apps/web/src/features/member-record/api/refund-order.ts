import type { RefundOrderBody } from '@fieldhouse/contract/refunds';
import { refundStaffOrder } from '@fieldhouse/contract/routes/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { readDeskTill } from '../../../lib/desk-till';
import { memberOrdersQueryKey } from './get-member-orders';

/**
 * POST staff/orders/:id/refunds (decision 074): the body carries the idempotency key the dialog made when it opened,
 * so a retry after a lost reply gives back the same refund. Cash names this device's till, if it has one. The customer's orders and desk view reload.
 */
export function useRefundOrder(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: Camel<RefundOrderBody> }) => {
      // Cash handed back leaves this device's till, when it has one (decision 083).
      const till = readDeskTill();
      return call(refundStaffOrder, {
        params: { id: orderId },
        body: body.destination === 'cash' && till ? { ...body, tillId: till.id } : body,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberOrdersQueryKey(customerId) });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'desk', 'customer', customerId] });
    },
  });
}
