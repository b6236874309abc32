import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/** Route-level code splitting: `lazy: lazyPage(() => import('./pages/x-page'))` (default export). */
export const lazyPage =
  (load: () => Promise<{ default: ComponentType }>): LazyRouteFunction<RouteObject> =>
  async () => ({ Component: (await load()).default });
