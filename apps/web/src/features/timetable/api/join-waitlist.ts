import { joinWaitlist } from '@fieldhouse/contract/routes/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { patchSession } from './get-session';
import type { WaitlistEntry } from './types';

/** POST waitlist {session_id} */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => call(joinWaitlist, { body: { sessionId } }),
    onSuccess: (entry: WaitlistEntry, sessionId) => {
      patchSession(queryClient, sessionId, { waitlistPosition: entry.order, waitlistEntryId: entry.id });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
