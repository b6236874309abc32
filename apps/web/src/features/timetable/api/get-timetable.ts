import { getMyTimetable, getTimetable } from '@fieldhouse/contract/routes/timetable';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET venues/:slug/sessions?from&to: the whole 14-day range in one request; days switch instantly. The same for
 * everyone (a guest's states; shared by the server, with an ETag), so it does not depend on who is logged in.
 */
export const timetableQueryOptions = (slug: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.timetable(slug, from, to),
    queryFn: ({ signal }) => call(getTimetable, { params: { slug }, query: { from, to }, signal }),
  });

/**
 * GET venues/:slug/sessions/mine?from&to: the logged-in member's own facts over the same range (their bookings,
 * basket lines and waitlist places), laid over the timetable by `withMyFacts`.
 */
export const myTimetableQueryOptions = (slug: string, from: string, to: string, viewer: number) =>
  queryOptions({
    queryKey: queryKeys.myTimetable(slug, from, to, viewer),
    queryFn: ({ signal }) => call(getMyTimetable, { params: { slug }, query: { from, to }, signal }),
  });
