import { staffLogout } from '@fieldhouse/contract/routes/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api/client';
import { markSessionEnd } from '../stores/session-end';
import { staffMeQueryKey } from './get-staff-me';

/** Forgets the staff member and everything loaded for them (the queue, the audit log, the accounts). */
export function clearStaffState(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.setQueryData(staffMeQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] === 'staff' && query.queryKey[1] !== 'me',
  });
}

/** POST staff/auth/logout; an already ended session counts as logged out. The console then shows its login page. */
export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(staffLogout, { allowUnauthorised: true });
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSettled: () => {
      markSessionEnd('logged_out');
      clearStaffState(queryClient);
    },
  });
}
