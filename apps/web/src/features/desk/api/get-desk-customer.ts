import { getDeskCustomer } from '@fieldhouse/contract/routes/staff-desk';
import type { deskCustomerReply } from '@fieldhouse/contract/staff-desk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type DeskCustomer = Camel<z.infer<typeof deskCustomerReply>['data']>;
export type DeskBooking = DeskCustomer['upcomingBookings'][number];

export const deskCustomerQueryKey = (customerId: number) =>
  ['staff', 'desk', 'customer', customerId] as const;

/** GET staff/desk/customers/:id: what the desk needs to know about one customer. */
export const deskCustomerQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: deskCustomerQueryKey(customerId),
    queryFn: ({ signal }) => call(getDeskCustomer, { params: { id: customerId }, signal }),
  });

export const useDeskCustomer = (customerId: number) => useQuery(deskCustomerQueryOptions(customerId));
