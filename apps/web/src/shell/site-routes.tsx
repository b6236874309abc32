import { matchRoutes, type RouteObject, useLocation, useRoutes } from '../lib/router';

/** What a route may carry for the shell: its breadcrumb label (spec §2 Breadcrumbs). */
export interface RouteHandle {
  crumb?: string;
}

let siteRoutes: RouteObject[] = [];

/** Called once by `startSite`, before the first render. */
export function setSiteRoutes(routes: RouteObject[]): void {
  siteRoutes = routes;
}

/** The current site's pages. */
export function SiteRoutes() {
  return useRoutes(siteRoutes);
}

/** The matched routes of the current location, outermost first, with their handles and pathnames. */
export function useRouteMatches() {
  const location = useLocation();
  return matchRoutes(siteRoutes, location) ?? [];
}
