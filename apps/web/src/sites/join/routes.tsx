import type { RouteObject } from 'react-router';
import { PublicOnly } from '../../shell/guards';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent, RouteErrorScreen } from '../../shell/screens';
import { SiteLayout } from '../../shell/site-layout';

export const joinRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, lazy: lazyPage(() => import('./pages/choose-centre-page')) },
      { path: 'kiosk', lazy: lazyPage(() => import('./pages/choose-centre-page')) },
      { path: 'centre/:slug', lazy: lazyPage(() => import('./pages/centre-page')) },
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', lazy: lazyPage(() => import('../account/pages/login-page')) },
          { path: 'register', lazy: lazyPage(() => import('../account/pages/register-page')) },
        ],
      },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
