import { matchRoutes, type RouteObject, useLocation, useRoutes } from '../lib/router';
import { pageKeyOf, usePageChange } from './use-page-change';

/** What a route may carry for the shell: its breadcrumb label (spec §2 Breadcrumbs). */
export interface RouteHandle {
  crumb?: string;
}

let siteRoutes: RouteObject[] = [];

/** Called once by `startSite`, before the first render. */
export function setSiteRoutes(routes: RouteObject[]): void {
  siteRoutes = routes;
}

/** The current site's pages; each new one opens at its top with focus on its heading (`usePageChange`). */
export function SiteRoutes() {
  usePageChange(pageKeyOf(useRouteMatches()));
  return useRoutes(siteRoutes);
}

/** The matched routes of the current location, outermost first, with their handles and pathnames. */
export function useRouteMatches() {
  const location = useLocation();
  return matchRoutes(siteRoutes, location) ?? [];
}
