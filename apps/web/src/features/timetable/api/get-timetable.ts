import { getTimetable } from '@fieldhouse/contract/routes/timetable';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET venues/:slug/sessions?from&to: the whole 14-day range in one request; days switch instantly. */
export const timetableQueryOptions = (slug: string, from: string, to: string, viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.timetable(slug, from, to, viewer),
    queryFn: ({ signal }) => call(getTimetable, { params: { slug }, query: { from, to }, signal }),
  });
