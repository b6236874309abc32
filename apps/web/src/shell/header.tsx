import { lazy, Suspense, useState } from 'react';
import { useUser } from '../features/auth/api/get-user';
import { useClient } from '../features/client/api/get-client';
import { getCurrentTheme } from '../features/theme/api/current-theme';
import { getModes } from '../lib/modes';
import { Link } from '../lib/router';
import { useSelectedVenue } from '../lib/selected-venue';
import { getSiteConfig } from '../lib/site-config';
import { useIsMobile } from '../lib/use-media-query';
import { buttonClass } from '../ui/button';
import { AccountMenuButton } from './account-menu-button';
import { buyMembershipPath, kioskHome } from './header-links';
import { BasketIcon, MenuIcon } from './icons';
import { LoginControl } from './login-control';
import { SiteLink } from './site-link';
import { useCartCount } from './use-cart-count';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

export function BasketLink({ onClick }: { onClick?: () => void }) {
  const count = useCartCount();
  return (
    <SiteLink
      site="bookings"
      to="/basket"
      className="header-link header-basket"
      aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={onClick}
    >
      <BasketIcon />
      <span className="header-basket__count" data-testid="cart-count">
        {count}
      </span>
    </SiteLink>
  );
}

export function Header() {
  const config = getSiteConfig();
  const modes = getModes();
  const client = useClient();
  const user = useUser();
  const venue = useSelectedVenue();
  const isMobile = useIsMobile();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const theme = getCurrentTheme();
  const kioskHref = kioskHome(config, modes, client);
  const canJoin = client?.features.onlineJoining ?? false;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo">
          {theme?.themeAppLogo ? (
            <img src={theme.themeAppLogo} alt={`${client?.name ?? 'Fieldhouse'} home`} />
          ) : (
            <span>{client?.name ?? 'Fieldhouse'}</span>
          )}
        </Link>
        {!isMobile && (
          <nav className="site-header__nav" aria-label="Main">
            <ul>
              {kioskHref && (
                <li>
                  <a className="header-link" href={kioskHref}>
                    Back to Kiosk Home
                  </a>
                </li>
              )}
              <li>
                <SiteLink site="bookings" to="/redirect-to-selected-venue" className="header-link">
                  Book an activity
                </SiteLink>
              </li>
              {canJoin && (
                <li>
                  <SiteLink site="join" to={buyMembershipPath(modes, venue)} className="header-link">
                    Buy a membership
                  </SiteLink>
                </li>
              )}
            </ul>
          </nav>
        )}
        <div className="site-header__actions">
          {user ? (
            isMobile ? (
              <AccountMenuButton />
            ) : (
              <SiteLink
                site="account"
                to="/"
                withKiosk
                className={buttonClass('secondary', 'header-account')}
              >
                My account
              </SiteLink>
            )
          ) : user === null && !isMobile ? (
            <LoginControl className={buttonClass('secondary', 'header-login')} />
          ) : null}
          <BasketLink />
          {isMobile && (
            <button
              type="button"
              className="header-menu-button"
              aria-label="Open menu"
              aria-expanded={isDrawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </button>
          )}
        </div>
      </div>
      {isMobile && isDrawerOpen && (
        <Suspense fallback={null}>
          <MobileDrawer
            onClose={() => setDrawerOpen(false)}
            canJoin={canJoin}
            kioskHref={kioskHref}
            buyMembershipPath={buyMembershipPath(modes, venue)}
          />
        </Suspense>
      )}
    </header>
  );
}
