import type { User as WireUser } from '@fieldhouse/contract';
import { LOGGED_IN_COOKIE } from '@fieldhouse/contract/texts/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Camel, isApiError } from '../../lib/api/client';
import { readCookie } from '../../lib/cookies';
import { delay } from '../../lib/delay';
import { queryKeys } from '../../lib/query-keys';

export type User = Camel<WireUser>;

export const userQueryKey = queryKeys.user;

/** GET auth/user: a 401 simply means logged out (null), not a reason to reload. */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: async ({ signal }): Promise<User | null> => {
    // No companion cookie means no session: skip the call (and its 401).
    if (readCookie(LOGGED_IN_COOKIE) !== '1') return null;
    try {
      return await api.get<WireUser>('auth/user', { signal, allowUnauthorised: true });
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

/** Other tabs hear about logins and logouts through this channel (the cookie poll is the fallback). */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('fh-auth');
export const authChannel = channel;
const announce = (event: 'login' | 'logout') => channel?.postMessage(event);

const LOGIN_DELAY_MS = 250;

export interface LoginInput {
  username: string;
  password: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      await delay(LOGIN_DELAY_MS);
      return api.post<WireUser>('auth/customer/login', input);
    },
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      announce('login');
    },
  });
}

/** Clears the user and everything user-specific (cart, bookings …) from the cache. */
export function clearSessionState(queryClient: ReturnType<typeof useQueryClient>): void {
  queryClient.setQueryData(userQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'public',
  });
}

export async function logout(): Promise<void> {
  try {
    await api.post('auth/logout', {}, { allowUnauthorised: true });
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

export interface RegisterInput {
  clientId: number;
  source: 'online' | 'kiosk';
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth?: string;
  phone?: string;
  password: string;
  passwordConfirmation: string;
  termsAccepted: true;
  marketingOptIn: boolean;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post<WireUser>('auth/customer/register', input, {
        query: { onboardingType: 'customer_account_online' },
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      announce('login');
    },
  });
}

export function useForgottenPassword() {
  return useMutation({
    mutationFn: (emailOrReference: string) =>
      api.post<{ message: string }>('auth/customer/forgotten-password', { emailOrReference }),
  });
}

export const passwordResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public', 'password-reset', token],
    queryFn: () => api.post<{ valid: true; email: string }>('auth/password-reset/validate', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; passwordConfirmation: string }) =>
      api.post('auth/password-reset', input),
  });
}
