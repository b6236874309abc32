import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

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
