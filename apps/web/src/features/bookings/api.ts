import type { Booking as WireBooking } from '@fieldhouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../lib/api/client';

export type Booking = Camel<WireBooking>;

/** Upcoming bookings, ascending (GET v1/activities/bookings?starts_after=now). */
export const upcomingBookingsQueryOptions = queryOptions({
  queryKey: ['bookings', 'upcoming'],
  queryFn: ({ signal }) =>
    api.get<WireBooking[]>('v1/activities/bookings', {
      signal,
      query: { startsAfter: new Date().toISOString(), cancellationSource: 'my-account' },
    }),
});

export const useUpcomingBookings = () => useQuery(upcomingBookingsQueryOptions);
