import { logout as logoutRoute } from '@fieldhouse/contract/routes/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api/client';
import { announce } from './auth-channel';
import { userQueryKey } from './get-user';

/** Clears the user and everything user-specific (cart, bookings …) from the cache. */
export function clearSessionState(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.setQueryData(userQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'public',
  });
}

export async function logout(): Promise<void> {
  try {
    await call(logoutRoute, { allowUnauthorised: true });
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSessionState(queryClient);
      announce('logout');
    },
  });
}
