import { listWaitlist } from '@fieldhouse/contract/routes/waitlist';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET waitlist: live entries, soonest first. */
export const waitlistQueryOptions = queryOptions({
  queryKey: queryKeys.waitlist,
  queryFn: ({ signal }) => call(listWaitlist, { signal }),
});
