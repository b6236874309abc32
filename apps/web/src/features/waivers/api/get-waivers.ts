import { listWaivers } from '@fieldhouse/contract/routes/account';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export const waiversKey = ['waivers'] as const;

/** GET my-account/user/waivers (expired waivers are left out by the server, and hidden here too). */
export const waiversQueryOptions = queryOptions({
  queryKey: [...waiversKey, 'list'] as const,
  queryFn: ({ signal }) => call(listWaivers, { signal }),
});
