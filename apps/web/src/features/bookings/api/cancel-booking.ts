import { cancelBooking, cancelBookings } from '@fieldhouse/contract/routes/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { Booking } from './types';

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
        ? call(cancelBookings, {
            body: {
              data: {
                cancellationSource: 'my-account',
                updateType: 'cancellation',
                bookingIds: [booking.id],
              },
            },
          })
        : call(cancelBooking, {
            params: { bookingId: booking.id },
            query: { source: 'my-account' },
          }),
    onSuccess: () => {
      for (const queryKey of [queryKeys.bookings, queryKeys.user, queryKeys.credit, queryKeys.sessions])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
