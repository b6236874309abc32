import { type ComponentType, lazy, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from '../lib/router';

type PageModule = { default: ComponentType };
type PreloadablePage = ComponentType & { preload?: () => Promise<PageModule> };

/**
 * Route-level code splitting: `element: lazyPage(() => import('./pages/x-page'))` (default export). The page
 * renders under the site layout's Suspense boundary; navigations are transitions, so the current page stays on
 * screen while the next one loads. `preloadPages` starts the download before the first render.
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  let loading: Promise<PageModule> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const Page: PreloadablePage = Object.assign(lazy(preload), { preload });
  return <Page />;
}

/** Starts loading the code of every lazy page the path matches (layouts and the page), all at once. */
export function preloadPages(routes: RouteObject[], pathname: string, basename: string): void {
  for (const match of matchRoutes(routes, pathname, basename) ?? []) {
    const element = match.route.element as ReactElement<unknown, PreloadablePage> | undefined;
    void element?.type?.preload?.().catch(() => {}); // a failure shows when the page renders
  }
}
