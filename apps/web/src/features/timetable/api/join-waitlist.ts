import type { joinWaitlistReply } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { patchSession } from './get-session';
import type { WaitlistEntry } from './types';

/** POST waitlist {session_id} */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api.post<z.infer<typeof joinWaitlistReply>['data']>('waitlist', { sessionId }),
    onSuccess: (entry: WaitlistEntry, sessionId) => {
      patchSession(queryClient, sessionId, { waitlistPosition: entry.order, waitlistEntryId: entry.id });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
