import { safeRedirect } from '../../features/auth/rules/redirect';
import { useStaffMe } from '../../features/staff-auth/api/get-staff-me';
import { canUse, type StaffArea } from '../../features/staff-auth/rules/permissions';
import { peekSessionEnd } from '../../features/staff-auth/stores/session-end';
import { Navigate, Outlet, useLocation, useSearchParams } from '../../lib/router';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { NotAllowed } from './not-allowed';

/**
 * Console pages: waits for the first staff/me answer, then sends visitors without a staff session to /login, with
 * the page they wanted (not after logging out: the next person at the desk starts from the home page).
 */
export function RequireStaff() {
  const me = useStaffMe();
  const location = useLocation();
  if (me.isPending) return <Spinner />;
  if (me.isError) return <LoadError text={me.error.message} onRetry={() => void me.refetch()} />;
  if (me.data) return <Outlet />;
  const redirect = `${location.pathname}${location.search}`;
  const isPlain = redirect === '/' || peekSessionEnd() === 'logged_out';
  return <Navigate to={isPlain ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`} replace />;
}

/** A part of the console the staff member's role may not use: the 'not allowed' page instead (the server refuses too). */
export function RequireArea({ area }: { area: StaffArea }) {
  const me = useStaffMe();
  if (me.data && !canUse(me.data.role, area)) return <NotAllowed />;
  return <Outlet />;
}

/** The login page: a logged-in staff member goes on to ?redirect= or the console's home. */
export function StaffPublicOnly() {
  const me = useStaffMe();
  const [params] = useSearchParams();
  if (me.isPending) return <Spinner />;
  if (me.data) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}
