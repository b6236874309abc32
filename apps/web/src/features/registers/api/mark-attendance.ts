import type { attendanceReply } from '@fieldhouse/contract/staff-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
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
      api.put<z.infer<typeof attendanceReply>['data']>(`staff/registers/${sessionId}/bookings/${bookingId}`, {
        attended,
      }),
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
