import type { CancelSessionRangeBody, cancelSessionRangeReply } from '@fieldhouse/contract/programme-changes';
import { cancelSessionRange } from '@fieldhouse/contract/routes/programme-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { rangePreviewQueryKey } from './preview-session-range';

type Batch = Camel<z.infer<typeof cancelSessionRangeReply>['data']>;
export type RangeCancellation = Omit<Batch, 'remaining'>;

/**
 * POST staff/sessions/range/cancel, repeated while sessions remain (the server cancels a batch a request, each
 * session in its own transaction): the sessions this press cancelled, those already cancelled before it, and those
 * that failed. Stops if a batch cancels nothing new (what is left failed, and says why).
 */
export function useCancelSessionRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Camel<CancelSessionRangeBody>): Promise<RangeCancellation> => {
      const cancelled: Batch['cancelled'] = [];
      let first: Batch | null = null;
      let last: Batch;
      do {
        last = await call(cancelSessionRange, { body });
        first ??= last;
        cancelled.push(...last.cancelled);
      } while (last.remaining > 0 && last.cancelled.length > 0);
      return { cancelled, alreadyCancelled: first.alreadyCancelled, failed: last.failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rangePreviewQueryKey }),
  });
}
