import { getFooter } from '@fieldhouse/contract/routes/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const footerQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: ['public', 'footer', venue ?? ''],
    queryFn: ({ signal }) => call(getFooter, { signal, query: { venue: venue ?? undefined } }),
    staleTime: 5 * 60_000,
  });

export const useFooter = (venue: string | null) => useQuery(footerQueryOptions(venue));
