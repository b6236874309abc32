import { searchDeskCustomers } from '@fieldhouse/contract/routes/staff-desk';
import type { deskSearchReply } from '@fieldhouse/contract/staff-desk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type DeskCustomerSummary = Camel<z.infer<typeof deskSearchReply>['data'][number]>;

/** GET staff/desk/customers?q=: name, email, customer number or postcode (at most 20 answers). */
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['staff', 'desk', 'search', q] as const,
    queryFn: ({ signal }) => call(searchDeskCustomers, { query: { q }, signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The customers matching `q`; nothing is asked until there is a search (two characters at least). */
export const useCustomerSearch = (q: string) =>
  useQuery({ ...customerSearchQueryOptions(q), enabled: q.trim().length >= 2 });
