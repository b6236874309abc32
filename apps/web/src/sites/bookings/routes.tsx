import { Navigate, type RouteObject } from '../../lib/router';
import { RequireAuth } from '../../shell/guards';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent } from '../../shell/screens';
import { SiteLayout } from '../../shell/site-layout';

/**
 * Bookings site. Private routes use `<RequireAuth mode="modal" />`: this site has no /login page, so a
 * logged-out visitor gets the login modal in place.
 */
export const bookingsRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      { index: true, element: <Navigate to="/redirect-to-selected-venue" replace /> },
      {
        path: 'redirect-to-selected-venue',
        element: lazyPage(() => import('./pages/redirect-to-selected-venue/select-venue-page')),
      },
      { path: 'venues', element: lazyPage(() => import('./pages/venues/venues-page')) },
      { path: 'venues/:slug', element: lazyPage(() => import('./pages/venues/timetable-page')) },
      { path: 'venues/:slug/sessions/:id', element: lazyPage(() => import('./pages/venues/session-page')) },
      { path: 'basket', element: lazyPage(() => import('./pages/basket/basket-page')) },
      {
        element: <RequireAuth mode="modal" />,
        children: [
          { path: 'basket/checkout', element: lazyPage(() => import('./pages/basket/checkout-page')) },
          {
            path: 'booking-confirmed/:orderId',
            element: lazyPage(() => import('./pages/booking-confirmed/booking-confirmed-page')),
          },
        ],
      },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
