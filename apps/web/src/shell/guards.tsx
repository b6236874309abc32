import { useEffect } from 'react';
import { useUser } from '../features/auth/api/get-user';
import { loginPathFor, safeRedirect } from '../features/auth/rules/redirect';
import { PageTitle } from '../lib/page-title';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from '../lib/router';
import { Spinner } from '../ui/spinner';
import { LoginControl } from './login-control';
import { openLoginModal } from './login-modal-store';

/**
 * Private routes. Waits for the first auth/user answer (no flash), then sends logged-out visitors to
 * /login?redirect={path+query}. `mode="modal"` (bookings site, which has no /login page) shows a
 * prompt and opens the login modal instead; the route renders as soon as the user logs in.
 */
export function RequireAuth({ mode = 'redirect' }: { mode?: 'redirect' | 'modal' }) {
  const user = useUser();
  const location = useLocation();
  if (user === undefined) return <Spinner />;
  if (user) return <Outlet />;
  if (mode === 'modal') return <LoginPrompt />;
  return <Navigate to={loginPathFor(location)} replace />;
}

function LoginPrompt() {
  useEffect(() => openLoginModal(), []);
  return (
    <div className="stack">
      <PageTitle title="Log in" />
      <h1>Log in to continue</h1>
      <LoginControl />
    </div>
  );
}

/**
 * Login, register and password reset: logged-in users go to ?redirect= or '/'. A redirect that is not a path is an
 * address on another member site (the bookings site's login modal sends its page's), checked and followed by
 * code loaded only then.
 */
export function PublicOnly() {
  const user = useUser();
  const [params] = useSearchParams();
  if (user === undefined) return <Spinner />;
  const redirect = params.get('redirect');
  if (user && redirect && !redirect.startsWith('/')) return <LeaveFor redirect={redirect} />;
  if (user) return <Navigate to={safeRedirect(redirect)} replace />;
  return <Outlet />;
}

function LeaveFor({ redirect }: { redirect: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void import('../features/auth/utils/follow-redirect').then((m) => m.followRedirect(redirect, navigate));
  }, [redirect, navigate]);
  return <Spinner />;
}
