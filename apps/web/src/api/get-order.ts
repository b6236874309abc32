import type { Order as WireOrder } from '@fieldhouse/contract';
import { getOrder } from '@fieldhouse/contract/routes/orders';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** One order (booking confirmation on the bookings site, order detail in the payments area). */
export type Order = Camel<WireOrder>;
export type OrderItem = Order['items'][number];

/** GET orders/:orderId (the caller's own order, else 404). */
export const orderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.order(orderId),
    queryFn: ({ signal }) => call(getOrder, { params: { orderId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
