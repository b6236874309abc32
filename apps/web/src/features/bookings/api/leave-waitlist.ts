import { leaveWaitlist } from '@fieldhouse/contract/routes/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE waitlist/:id; the waitlist reloads after a 200. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => call(leaveWaitlist, { params: { waitlistId: entryId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}
