import type { User as WireUser } from '@fieldhouse/contract';
import { getUser } from '@fieldhouse/contract/routes/auth';
import { LOGGED_IN_COOKIE } from '@fieldhouse/contract/texts/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Camel, call, isApiError } from '../../../lib/api/client';
import { readCookie } from '../../../lib/cookies';
import { queryKeys } from '../../../lib/query-keys';

export type User = Camel<WireUser>;

export const userQueryKey = queryKeys.user;

/** GET auth/user: a 401 simply means logged out (null), not a reason to reload. */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: async ({ signal }): Promise<User | null> => {
    // No companion cookie means no session: skip the call (and its 401).
    if (readCookie(LOGGED_IN_COOKIE) !== '1') return null;
    try {
      return await call(getUser, { signal, allowUnauthorised: true });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/** The logged-in user: undefined while the first check runs, null when logged out. */
export function useUser(): User | null | undefined {
  return useQuery(userQueryOptions).data;
}
