import { STAFF_ROLE_LABELS } from '@fieldhouse/contract/staff';
import { Suspense } from 'react';
import { useStaffMe } from '../../features/staff-auth/api/get-staff-me';
import { useStaffLogout } from '../../features/staff-auth/api/log-out-staff';
import { Link, Outlet } from '../../lib/router';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { AdminNav } from './admin-nav';

/**
 * The console's frame: skip link; a header with the console's name and, once logged in, the staff member's name and
 * role and Log out; the sections their role may use; the page.
 */
export function AdminLayout() {
  const me = useStaffMe().data;
  const logout = useStaffLogout();

  return (
    <div className="site admin">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <Link to="/" className="admin-header__title">
            Staff console
          </Link>
          {me && (
            <div className="admin-header__user">
              <p className="admin-header__who">
                <Link to="/me" className="admin-header__name" aria-label={`Your account: ${me.name}`}>
                  {me.name}
                </Link>
                <span className="admin-header__role">{STAFF_ROLE_LABELS[me.role]}</span>
              </p>
              <Button variant="secondary" onClick={() => logout.mutate()} isPending={logout.isPending}>
                Log out
              </Button>
            </div>
          )}
        </div>
        {me && <AdminNav staff={me} />}
      </header>
      <main id="main-content" className="admin-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
