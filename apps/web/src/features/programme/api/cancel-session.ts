import { cancelStaffSession } from '@fieldhouse/contract/routes/staff-programme';
import type { cancelSessionReply } from '@fieldhouse/contract/staff-programme';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type SessionCancellation = Camel<z.infer<typeof cancelSessionReply>['data']>;

/** POST staff/sessions/:id/cancel: the session off sale, its bookings cancelled and refunded (decision 064). */
export function useCancelSession(sessionId: number) {
  return useMutation({
    mutationFn: (reason: string) => call(cancelStaffSession, { params: { id: sessionId }, body: { reason } }),
  });
}
