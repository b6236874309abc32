import { listActivityBookings } from '@fieldhouse/contract/routes/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { byIsoText } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import type { Booking } from './types';

export const byStart = (a: Booking, b: Booking) => byIsoText(a.startsAt.raw, b.startsAt.raw);

/**
 * GET v1/activities/bookings: upcoming (starts_after=now, soonest first, cancelled ones left out) or
 * previous (starts_before=now, most recent first). The dashboard's 'My next booking' shares the key.
 */
export const bookingsQueryOptions = (kind: 'upcoming' | 'previous') =>
  queryOptions({
    queryKey: [...queryKeys.bookings, kind] as const,
    queryFn: async ({ signal }) => {
      const now = new Date().toISOString();
      const bookings = await call(listActivityBookings, {
        signal,
        query: {
          ...(kind === 'upcoming' ? { startsAfter: now } : { startsBefore: now }),
          cancellationSource: 'my-account',
        },
      });
      return kind === 'upcoming'
        ? bookings.filter((b) => b.status !== 'cancelled').sort(byStart)
        : bookings.sort((a, b) => byStart(b, a));
    },
  });

/** 'Add to calendar': the booking as an .ics file (GET /api/bookings/:id/calendar.ics, a download link). */
export const bookingCalendarHref = (bookingId: number): string => `/api/bookings/${bookingId}/calendar.ics`;

export const upcomingBookingsQueryOptions = bookingsQueryOptions('upcoming');

export const useUpcomingBookings = () => useQuery(upcomingBookingsQueryOptions);
