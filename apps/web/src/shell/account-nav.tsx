import { useClient } from '../features/client/api/get-client';
import { NavLink } from '../lib/router';
import { useIsMobile } from '../lib/use-media-query';
import { useLogoutAction } from './use-logout-action';

/** Account navigation bar (account site, logged in). */
export function AccountNav() {
  const client = useClient();
  const isMobile = useIsMobile();
  const logout = useLogoutAction();
  const items = [
    { to: '/', label: 'Dashboard', end: true },
    { to: '/user-details', label: 'My details' },
    { to: '/memberships', label: 'Memberships' },
    { to: '/packages', label: 'Packages' },
    { to: isMobile ? '/bookings/upcoming' : '/bookings', label: 'Bookings' },
    ...(client?.features.onlineGuestPasses && !isMobile
      ? [{ to: '/guest-passes', label: 'Guest passes' }]
      : []),
    { to: '/payments', label: 'Payments' },
  ];
  return (
    <nav className="account-nav" aria-label="Account">
      <ul className="account-nav__list">
        {items.map((item) => (
          <li key={item.label}>
            <NavLink to={item.to} end={item.end} className="account-nav__link">
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="account-nav__link account-nav__logout" onClick={logout}>
            Log out
          </button>
        </li>
      </ul>
    </nav>
  );
}
