import type { RouteObject } from '../../lib/router';
import { PublicOnly } from '../../shell/guards';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent } from '../../shell/screens';
import { SiteLayout } from '../../shell/site-layout';

export const joinRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      {
        // One journey page for the centre, membership and later sections: it stays mounted between them.
        element: lazyPage(() => import('./pages/join-page')),
        children: [
          { index: true, element: null },
          { path: 'kiosk', element: null },
          { path: 'centre/:slug', element: null },
          { path: 'centre/:centreSlug/membership/:membershipSlug/:paymentType', element: null },
        ],
      },
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', element: lazyPage(() => import('../account/pages/login/login-page')) },
          { path: 'register', element: lazyPage(() => import('../account/pages/register/register-page')) },
        ],
      },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
