import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { Booking, WireCancelReply } from './types';

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
