import type { Order as WireOrder } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Camel } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** One order (booking confirmation on the bookings site, order detail in the payments area). */
export type Order = Camel<WireOrder>;
export type OrderItem = Order['items'][number];

/** GET orders/:orderId (the caller's own order, else 404). */
export const orderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: queryKeys.order(orderId),
    queryFn: ({ signal }) => api.get<WireOrder>(`orders/${orderId}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
