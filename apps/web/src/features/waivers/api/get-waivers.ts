import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { WireWaivers } from './types';

export const waiversKey = ['waivers'] as const;

/** GET my-account/user/waivers (expired waivers are left out by the server, and hidden here too). */
export const waiversQueryOptions = queryOptions({
  queryKey: [...waiversKey, 'list'] as const,
  queryFn: ({ signal }) => api.get<WireWaivers>('my-account/user/waivers', { signal }),
});
