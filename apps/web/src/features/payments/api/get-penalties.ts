import type { Penalty as WirePenalty } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET user/penalties: the caller's unpaid fees, newest first. */
export const penaltiesQueryOptions = queryOptions({
  queryKey: queryKeys.penalties,
  queryFn: ({ signal }) => api.get<WirePenalty[]>('user/penalties', { signal }),
});
