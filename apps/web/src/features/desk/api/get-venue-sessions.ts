import type { timetableReply } from '@fieldhouse/contract';
import { getTimetable } from '@fieldhouse/contract/routes/timetable';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

export type VenueDay = Camel<z.infer<typeof timetableReply>['data']>;
export type VenueSession = VenueDay['sessions'][number];

/**
 * GET venues/:slug/sessions?from=day&to=day: the public timetable the bookings site reads, for one venue-local day
 * (the places left are everyone's; whether this customer holds one the basket call says).
 */
export const venueSessionsQueryOptions = (slug: string, day: string) =>
  queryOptions({
    queryKey: queryKeys.timetable(slug, day, day),
    queryFn: ({ signal }) =>
      call(getTimetable, {
        params: { slug },
        signal,
        query: { from: day, to: day },
      }),
  });

export const useVenueSessions = (slug: string | null, day: string) =>
  useQuery({ ...venueSessionsQueryOptions(slug ?? '', day), enabled: Boolean(slug) });
