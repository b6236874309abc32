import type { Client as WireClient } from '@fieldhouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';

export type Client = Camel<WireClient>;

export const clientQueryOptions = queryOptions({
  queryKey: ['public', 'client'],
  queryFn: ({ signal }) => api.get<WireClient>('client', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const useClientQuery = () => useQuery(clientQueryOptions);

/** The client once loaded (the shell renders nothing client-dependent before that). */
export const useClient = (): Client | undefined => useQuery(clientQueryOptions).data;
