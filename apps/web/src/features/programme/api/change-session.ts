import type { ChangeSessionBody } from '@fieldhouse/contract/programme-changes';
import { changeStaffSession } from '@fieldhouse/contract/routes/programme-changes';
import { useMutation } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

/** PATCH staff/sessions/:id: move or change a session; members booked are mailed (decision 075). */
export function useChangeSession(sessionId: number) {
  return useMutation({
    mutationFn: (body: Camel<ChangeSessionBody>) =>
      call(changeStaffSession, { params: { id: sessionId }, body }),
  });
}
