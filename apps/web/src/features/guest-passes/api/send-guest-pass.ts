import { sendGuestPass } from '@fieldhouse/contract/routes/guest-passes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { NewGuestPass } from './types';

/** POST v1/users/:userId/guestPasses {data:{guest_name, guest_email, venue_id:[id]}}; the list and allowances reload. */
export function useSendGuestPass(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pass: NewGuestPass) => call(sendGuestPass, { params: { userId }, body: { data: pass } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guestPasses }),
  });
}
