import { useLogout } from '../features/auth/api/log-out';
import { useNavigate } from '../lib/router';
import { getSiteConfig } from '../lib/site-config';

/** Log out (server call, then clear user and cart); on the account site go to /login. */
export function useLogoutAction() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSettled: () => {
        if (getSiteConfig().site === 'account') navigate('/login', { replace: true });
      },
    });
}
