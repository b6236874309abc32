import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const footerQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: ['public', 'footer', venue ?? ''],
    queryFn: ({ signal }) =>
      api.get<{ html: string }>('activities/footer', { signal, query: { venue: venue ?? undefined } }),
    staleTime: 5 * 60_000,
  });

export const useFooter = (venue: string | null) => useQuery(footerQueryOptions(venue));
