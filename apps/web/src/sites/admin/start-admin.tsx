import '../../lib/zod-jitless';
import { NOT_SET_UP } from '@fieldhouse/contract/texts/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { staffMeQueryKey, staffMeQueryOptions } from '../../features/staff-auth/api/get-staff-me';
import { clearStaffState } from '../../features/staff-auth/api/log-out-staff';
import { markSessionEnd } from '../../features/staff-auth/stores/session-end';
import { fetchTheme, type Theme } from '../../features/theme/api/get-theme';
import { applyTheme } from '../../features/theme/utils/apply-theme';
import { loadFonts } from '../../features/theme/utils/fonts';
import { isApiError, setUnauthorisedHandler } from '../../lib/api/client';
import { readBootData } from '../../lib/boot-data';
import { setTitleSuffix } from '../../lib/page-title';
import { queryClient } from '../../lib/query-client';
import { BrowserRouter } from '../../lib/router';
import { readSiteConfig, setSiteConfig } from '../../lib/site-config';
import { preloadPages } from '../../shell/lazy-page';
import { LazyToaster } from '../../shell/lazy-toaster';
import { AppErrorBoundary, MaintenanceScreen } from '../../shell/screens';
import { SiteRoutes, setSiteRoutes } from '../../shell/site-routes';
import { adminRoutes } from './routes';
import '../../shell/shell.css';
import './admin.css';

/**
 * Starts the staff console: the operator's theme and fonts (from the page's boot data, else fetched), the staff
 * member (GET staff/me) and the current page's code at once, then the routes. A 401 from any call (the staff
 * session ended) forgets the staff member, which sends the console to its login page.
 */
function startAdmin(): void {
  const config = readSiteConfig('admin');
  setSiteConfig(config);
  const boot = readBootData();
  if (boot) setTitleSuffix(`${boot.client.name} staff`);

  const themeReady = (boot ? Promise.resolve(boot.theme) : fetchTheme(null)).then(
    async (theme: Theme) => {
      applyTheme(theme);
      await loadFonts(theme.themeAppBodyFontStyle, theme.themeAppHeadingFontStyle);
      return { inMaintenance: false };
    },
    // Without the theme the console still works, in the house colours; in planned maintenance (503, not the
    // operator's set-up) every call would fail, so it says so as the member sites do (issue 43).
    (error: unknown) => ({
      inMaintenance: isApiError(error) && error.status === 503 && error.code !== NOT_SET_UP.code,
    }),
  );
  const staffReady = queryClient.prefetchQuery(staffMeQueryOptions);
  setSiteRoutes(adminRoutes);
  preloadPages(adminRoutes, window.location.pathname, config.basename);

  setUnauthorisedHandler(() => {
    if (queryClient.getQueryData(staffMeQueryKey)) markSessionEnd('expired');
    clearStaffState(queryClient);
  });

  void Promise.all([themeReady, staffReady]).then(([{ inMaintenance }]) => {
    const rootElement = document.getElementById('root');
    if (!rootElement) return;
    if (inMaintenance) {
      createRoot(rootElement).render(<MaintenanceScreen />);
      document.getElementById('fh-boot')?.remove();
      return;
    }
    createRoot(rootElement).render(
      <StrictMode>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter basename={config.basename}>
              <SiteRoutes />
            </BrowserRouter>
            <LazyToaster position="bottom-right" />
          </QueryClientProvider>
        </AppErrorBoundary>
      </StrictMode>,
    );
    document.getElementById('fh-boot')?.remove();
  });
}

startAdmin();
