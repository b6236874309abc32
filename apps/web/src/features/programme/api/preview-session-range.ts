import type { SessionRange, sessionRangePreviewReply } from '@fieldhouse/contract/programme-changes';
import { previewSessionRange } from '@fieldhouse/contract/routes/programme-changes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type RangePreview = Camel<z.infer<typeof sessionRangePreviewReply>['data']>;

export const rangePreviewQueryKey = ['staff', 'sessions', 'range'] as const;

export type RangeQuery = Camel<SessionRange>;

/** GET staff/sessions/range: the sessions a range cancel would cancel, their bookings and money (reads only). */
export function useRangePreview(range: RangeQuery | null) {
  return useQuery({
    queryKey: [...rangePreviewQueryKey, range] as const,
    queryFn: ({ signal }) => call(previewSessionRange, { signal, query: range! }),
    enabled: range !== null,
    retry: false,
  });
}
