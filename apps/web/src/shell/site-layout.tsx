import { lazy, Suspense } from 'react';
import { useUser } from '../features/auth/api/get-user';
import { useClientQuery } from '../features/client/api/get-client';
import { getModes } from '../lib/modes';
import { Outlet } from '../lib/router';
import { getSiteConfig } from '../lib/site-config';
import { Spinner } from '../ui/spinner';
import { AccountNav } from './account-nav';
import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { Header } from './header';
import { kioskHome } from './header-links';
import { useKioskIdle } from './kiosk';
import { useIsLoginModalOpen } from './login-modal-store';
import { NotFoundScreen } from './screens';
import { useTagManager } from './tag-manager';
import { useAuthSync } from './use-auth-sync';

const LoginModal = lazy(() => import('./login-modal'));
const BasketPanel = lazy(() => import('./basket-panel'));

/** Root layout of every site: skip link, header, account nav, breadcrumbs, main, footer. */
export function SiteLayout() {
  const config = getSiteConfig();
  const modes = getModes();
  const client = useClientQuery();
  const user = useUser();
  const isLoginModalOpen = useIsLoginModalOpen();
  useAuthSync();
  useTagManager(client.data?.opGtmId);
  useKioskIdle({
    kioskHomeHref: kioskHome(config, modes, client.data),
    idleMs: config.kioskIdleMs,
    secondIdleMs: config.kioskSecondIdleMs,
  });

  if (client.isError) return <NotFoundScreen />;
  if (client.isPending) return <Spinner />;

  const showChrome = !modes.isEmbedded;
  return (
    <div className={`site site--${config.site}${modes.isEmbedded ? ' site--embedded' : ''}`}>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {showChrome && <Header />}
      {config.site === 'account' && user && <AccountNav />}
      <main id="main-content" className="site-main" tabIndex={-1}>
        {showChrome && config.site === 'account' && <Breadcrumbs />}
        {config.site === 'account' && user ? (
          <div className="with-basket-panel">
            <div className="with-basket-panel__content">
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </div>
            <Suspense fallback={null}>
              <BasketPanel />
            </Suspense>
          </div>
        ) : (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      {showChrome && <Footer />}
      {config.site === 'bookings' && isLoginModalOpen && !user && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </div>
  );
}
