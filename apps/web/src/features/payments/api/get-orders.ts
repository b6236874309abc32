import { listOrders } from '@fieldhouse/contract/routes/orders';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { OrderFilter } from '../rules/order-filter';

/** GET orders?from&to&page: inclusive venue-local days (either bound optional), a page of 20 with the totals. */
export const ordersQueryOptions = (filter: OrderFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.orders(filter.from, filter.to, page),
    queryFn: ({ signal }) =>
      call(listOrders, {
        signal,
        query: { from: filter.from ?? undefined, to: filter.to ?? undefined, page },
      }),
    // The page shown stays while the next one loads (no spinner between pages).
    placeholderData: keepPreviousData,
  });
