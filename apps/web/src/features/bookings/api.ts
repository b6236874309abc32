import type {
  cancelBookingsReply,
  Booking as WireBooking,
  WaitlistEntry as WireWaitlistEntry,
} from '@fieldhouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

export type Booking = Camel<WireBooking>;
export type WaitlistEntry = Camel<WireWaitlistEntry>;
type WireCancelReply = z.infer<typeof cancelBookingsReply>['data'];

const byStart = (a: Booking, b: Booking) => a.startsAt.raw.localeCompare(b.startsAt.raw);

/**
 * GET v1/activities/bookings: upcoming (starts_after=now, soonest first, cancelled ones left out) or
 * previous (starts_before=now, most recent first). The dashboard's 'My next booking' shares the key.
 */
export const bookingsQueryOptions = (kind: 'upcoming' | 'previous') =>
  queryOptions({
    queryKey: [...queryKeys.bookings, kind] as const,
    queryFn: async ({ signal }) => {
      const now = new Date().toISOString();
      const bookings = await api.get<WireBooking[]>('v1/activities/bookings', {
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

/** GET waitlist: live entries, soonest first. */
export const waitlistQueryOptions = queryOptions({
  queryKey: queryKeys.waitlist,
  queryFn: ({ signal }) => api.get<WireWaitlistEntry[]>('waitlist', { signal }),
});

export const useUpcomingBookings = () => useQuery(upcomingBookingsQueryOptions);

/**
 * Cancels a booking: the V2 route (PATCH v1/activities/bookings) when the operator has activities V2
 * and the booking is a V2 booking, else V1 (DELETE activities/bookings/:id?source=my-account).
 * After a 200 the bookings (dashboard included), the user (credit balance) and credit reload.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, isActivitiesV2 }: { booking: Booking; isActivitiesV2: boolean }) =>
      isActivitiesV2 && booking.isV2Booking
        ? api.patch<WireCancelReply>('v1/activities/bookings', {
            data: { cancellationSource: 'my-account', updateType: 'cancellation', bookingIds: [booking.id] },
          })
        : api.delete<WireCancelReply>(`activities/bookings/${booking.id}`, {
            query: { source: 'my-account' },
          }),
    onSuccess: () => {
      for (const queryKey of [queryKeys.bookings, queryKeys.user, queryKeys.credit, queryKeys.sessions])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** DELETE waitlist/:id; the waitlist reloads after a 200. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => api.delete<{ message: string }>(`waitlist/${entryId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
