import { leaveWaitlist } from '@fieldhouse/contract/routes/waitlist';
import { WAITLIST_TEXTS } from '@fieldhouse/contract/texts/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { patchSession } from './get-session';

/** DELETE waitlist/:id */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId }: { entryId: number; sessionId: number }) =>
      call(leaveWaitlist, { params: { waitlistId: entryId } }),
    onSuccess: (_reply, { sessionId }) => {
      toast.success(WAITLIST_TEXTS.removed, { duration: TOAST_DURATION.default });
      patchSession(queryClient, sessionId, { waitlistPosition: null, waitlistEntryId: null });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
    },
  });
}
