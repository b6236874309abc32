import type { deskCustomerReply } from '@fieldhouse/contract/staff-desk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../../lib/api/client';

export type DeskCustomer = Camel<z.infer<typeof deskCustomerReply>['data']>;
export type DeskBooking = DeskCustomer['upcomingBookings'][number];

export const deskCustomerQueryKey = (customerId: number) =>
  ['staff', 'desk', 'customer', customerId] as const;

/** GET staff/desk/customers/:id: what the desk needs to know about one customer. */
export const deskCustomerQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: deskCustomerQueryKey(customerId),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof deskCustomerReply>['data']>(`staff/desk/customers/${customerId}`, { signal }),
  });

export const useDeskCustomer = (customerId: number) => useQuery(deskCustomerQueryOptions(customerId));
