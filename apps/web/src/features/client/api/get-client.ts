import type { Client as WireClient } from '@fieldhouse/contract';
import { getClient } from '@fieldhouse/contract/routes/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

export type Client = Camel<WireClient>;

export const clientQueryOptions = queryOptions({
  queryKey: ['public', 'client'],
  queryFn: ({ signal }) => call(getClient, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const useClientQuery = () => useQuery(clientQueryOptions);

/** The client once loaded (the shell renders nothing client-dependent before that). */
export const useClient = (): Client | undefined => useQuery(clientQueryOptions).data;
