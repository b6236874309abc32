import { LOGGED_IN_COOKIE } from '@fieldhouse/contract/texts/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authChannel } from '../features/auth/api/auth-channel';
import { userQueryKey } from '../features/auth/api/get-user';
import { clearSessionState } from '../features/auth/api/log-out';
import { readCookie } from '../lib/cookies';

export const LOGIN_POLL_MS = 5000;

const isLoggedInCookieSet = () => readCookie(LOGGED_IN_COOKIE) === '1';

/**
 * Login-state poll (spec §4): every 5 s the `fh_logged_in` companion cookie is checked. It appearing
 * refetches the user; it disappearing clears the user and the cart. Other tabs also announce
 * logins/logouts over a BroadcastChannel, and the check runs when the tab regains focus.
 */
export function useAuthSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let wasLoggedIn = isLoggedInCookieSet();
    const check = () => {
      const isLoggedIn = isLoggedInCookieSet();
      if (isLoggedIn === wasLoggedIn) return;
      wasLoggedIn = isLoggedIn;
      if (isLoggedIn) void queryClient.invalidateQueries({ queryKey: userQueryKey });
      else clearSessionState(queryClient);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.data === 'logout') {
        wasLoggedIn = false;
        clearSessionState(queryClient);
      } else if (event.data === 'login') {
        wasLoggedIn = true;
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }
    };
    const timer = window.setInterval(check, LOGIN_POLL_MS);
    window.addEventListener('focus', check);
    authChannel?.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      authChannel?.removeEventListener('message', onMessage);
    };
  }, [queryClient]);
}
