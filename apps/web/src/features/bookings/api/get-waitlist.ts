import type { WaitlistEntry as WireWaitlistEntry } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET waitlist: live entries, soonest first. */
export const waitlistQueryOptions = queryOptions({
  queryKey: queryKeys.waitlist,
  queryFn: ({ signal }) => api.get<WireWaitlistEntry[]>('waitlist', { signal }),
});
