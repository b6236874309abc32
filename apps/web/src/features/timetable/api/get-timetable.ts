import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { WireTimetable } from './types';

/** GET venues/:slug/sessions?from&to: the whole 14-day range in one request; days switch instantly. */
export const timetableQueryOptions = (slug: string, from: string, to: string, viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.timetable(slug, from, to, viewer),
    queryFn: ({ signal }) =>
      api.get<WireTimetable>(`venues/${encodeURIComponent(slug)}/sessions`, { signal, query: { from, to } }),
  });
