import { LOGGED_IN_COOKIE, NOT_SET_UP } from '@fieldhouse/contract/texts/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { userQueryOptions } from '../features/auth/api/get-user';
import { clearSessionState } from '../features/auth/api/log-out';
import { clientQueryOptions } from '../features/client/api/get-client';
import { setCurrentTheme } from '../features/theme/api/current-theme';
import { fetchTheme, type Theme } from '../features/theme/api/get-theme';
import { applyTheme } from '../features/theme/utils/apply-theme';
import { loadFonts } from '../features/theme/utils/fonts';
import { isApiError, setUnauthorisedHandler } from '../lib/api/client';
import { readBootData } from '../lib/boot-data';
import { showCarriedToast, takeCarriedToast } from '../lib/carried-toast';
import { writeCookie } from '../lib/cookies';
import { initModes, setModes } from '../lib/modes';
import { setTitleSuffix } from '../lib/page-title';
import { queryClient } from '../lib/query-client';
import { BrowserRouter, type RouteObject } from '../lib/router';
import { readSelectedVenue } from '../lib/selected-venue';
import { readSiteConfig, type Site, setSiteConfig } from '../lib/site-config';
import { showPendingKioskToast } from './kiosk';
import { preloadPages } from './lazy-page';
import { LazyToaster } from './lazy-toaster';
import { AppErrorBoundary, ErrorScreen, MaintenanceScreen, SetUpScreen } from './screens';
import { SiteRoutes, setSiteRoutes } from './site-routes';
import './shell.css';

type ThemeResult = { ok: true; theme: Theme } | { ok: false; error: unknown };

/**
 * Starts a site: reads the per-page config and the theme and client the server wrote into the page (or fetches
 * them), starts the user request, the current page's code and the site's first data at once, keeps the HTML
 * spinner until the theme and its fonts are ready, then renders the site's routes.
 * `prefetch`: queries the site's first pages show (started now, so the first render has their data).
 */
export function startSite(
  site: Site,
  routes: RouteObject[],
  { prefetch = [] }: { prefetch?: ((client: typeof queryClient) => Promise<void>)[] } = {},
): void {
  const config = readSiteConfig(site);
  setSiteConfig(config);
  setModes(initModes());

  const boot = readBootData();
  const venue = readSelectedVenue()?.slug ?? null;
  if (boot) queryClient.setQueryData(clientQueryOptions.queryKey, boot.client);
  const themeReady: Promise<ThemeResult> = (
    boot && boot.themeVenue === venue ? Promise.resolve(boot.theme) : fetchTheme(venue)
  ).then(
    async (theme) => {
      applyTheme(theme);
      setCurrentTheme(theme);
      await loadFonts(theme.themeAppBodyFontStyle, theme.themeAppHeadingFontStyle);
      return { ok: true, theme } as const;
    },
    (error: unknown) => ({ ok: false, error }) as const,
  );
  const clientReady = queryClient.prefetchQuery(clientQueryOptions);
  const userReady = queryClient.prefetchQuery(userQueryOptions);
  for (const start of prefetch) void start(queryClient);
  // The current page's code loads while the theme, fonts and user load.
  setSiteRoutes(routes);
  preloadPages(routes, window.location.pathname, config.basename);

  setUnauthorisedHandler(() => {
    clearSessionState(queryClient);
    // 'Token removed' (spec §8): the logged-in flag goes too, so the reloaded page starts logged out. A 401 that
    // left the flag set reloaded the page about once a second without end (issue 43).
    writeCookie(LOGGED_IN_COOKIE, '', { maxAgeSeconds: 0, domain: config.cookieDomain });
    window.location.reload();
  });

  void Promise.all([themeReady, clientReady, userReady]).then(([themeResult]) => {
    const rootElement = document.getElementById('root');
    if (!rootElement) return;
    const root = createRoot(rootElement);
    const render = (node: ReactNode) => {
      root.render(<StrictMode>{node}</StrictMode>);
      document.getElementById('fh-boot')?.remove();
    };

    if (!themeResult.ok) {
      const { error } = themeResult;
      // Served by the API server, a site with no operator gets the server's set-up page instead; this is for the
      // Vite dev server and a page loaded just before the operator went away.
      render(
        isApiError(error) && error.code === NOT_SET_UP.code ? (
          <SetUpScreen />
        ) : isApiError(error) && error.status === 503 ? (
          <MaintenanceScreen />
        ) : (
          <ErrorScreen message={isApiError(error) ? error.message : undefined} />
        ),
      );
      return;
    }

    const client = queryClient.getQueryData(clientQueryOptions.queryKey);
    if (client) setTitleSuffix(client.name);
    const carriedToast = takeCarriedToast();
    render(
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={config.basename}>
            <SiteRoutes />
          </BrowserRouter>
          <LazyToaster />
        </QueryClientProvider>
      </AppErrorBoundary>,
    );
    window.setTimeout(() => {
      showPendingKioskToast();
      showCarriedToast(carriedToast);
    }, 100);
  });
}
