import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent, RouteErrorScreen } from '../../shell/screens';
import { SiteLayout } from '../../shell/site-layout';

/**
 * Bookings site. Private routes (checkout, later) use `<RequireAuth mode="modal" />`: this site has no
 * /login page, so a logged-out visitor gets the login modal in place.
 */
export const bookingsRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <Navigate to="/redirect-to-selected-venue" replace /> },
      { path: 'redirect-to-selected-venue', lazy: lazyPage(() => import('./pages/select-venue-page')) },
      { path: 'basket', lazy: lazyPage(() => import('./pages/basket-page')) },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
