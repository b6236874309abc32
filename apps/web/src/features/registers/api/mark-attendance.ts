import { markStaffAttendance } from '@fieldhouse/contract/routes/staff-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { type RegisterEntry, registerQueryKey, type SessionRegister } from './get-register';
import { registersQueryKey } from './get-registers';

/**
 * PUT staff/registers/:sessionId/bookings/:bookingId { attended }: the saved row replaces the register's row, and
 * the day's counts reload.
 */
export function useMarkAttendance(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, attended }: { bookingId: number; attended: boolean }) =>
      call(markStaffAttendance, { params: { sessionId, bookingId }, body: { attended } }),
    onSuccess: (entry: RegisterEntry) => {
      queryClient.setQueryData<SessionRegister>(registerQueryKey(sessionId), (register) =>
        register
          ? {
              ...register,
              bookings: register.bookings.map((b) => (b.bookingId === entry.bookingId ? entry : b)),
            }
          : register,
      );
      void queryClient.invalidateQueries({ queryKey: [...registersQueryKey, 'day'] });
    },
  });
}
