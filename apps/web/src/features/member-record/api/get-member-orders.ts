import { listStaffMemberOrders } from '@fieldhouse/contract/routes/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const memberOrdersQueryKey = (customerId: number) =>
  ['staff', 'members', customerId, 'orders'] as const;

/** GET staff/members/:id/orders: the customer's latest orders with what is left to refund on each line. */
export const useMemberOrders = (customerId: number) =>
  useQuery(
    queryOptions({
      queryKey: memberOrdersQueryKey(customerId),
      queryFn: ({ signal }) => call(listStaffMemberOrders, { params: { id: customerId }, signal }),
      retry: false,
    }),
  );
