import type { RouteObject } from '../../lib/router';
import { Navigate } from '../../lib/router';
import { PublicOnly, RequireAuth } from '../../shell/guards';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent } from '../../shell/screens';
import { SiteLayout } from '../../shell/site-layout';

export const accountRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', element: lazyPage(() => import('./pages/login/login-page')) },
          { path: 'register', element: lazyPage(() => import('./pages/register/register-page')) },
          {
            path: 'password-reset/:token',
            element: lazyPage(() => import('./pages/password-reset/password-reset-page')),
          },
        ],
      },
      {
        path: 'session-change/:token',
        element: lazyPage(() => import('./pages/session-change/session-change-page')),
      },
      {
        element: <RequireAuth />,
        handle: { crumb: 'Account' },
        children: [
          { index: true, element: lazyPage(() => import('./pages/dashboard/dashboard-page')) },
          {
            path: 'user-details',
            handle: { crumb: 'My details' },
            element: lazyPage(() => import('./pages/user-details/user-details-layout')),
            children: [
              { index: true, element: lazyPage(() => import('./pages/user-details/personal-details-page')) },
              { path: 'waivers', element: lazyPage(() => import('./pages/user-details/waivers-page')) },
              { path: 'waivers/:slug', element: lazyPage(() => import('./pages/user-details/waiver-page')) },
            ],
          },
          {
            path: 'bookings',
            handle: { crumb: 'Bookings' },
            children: [
              { index: true, element: <Navigate to="upcoming" replace /> },
              { path: ':filter', element: lazyPage(() => import('./pages/bookings/bookings-page')) },
            ],
          },
          {
            path: 'memberships',
            handle: { crumb: 'Memberships' },
            children: [
              { index: true, element: lazyPage(() => import('./pages/memberships/memberships-page')) },
              {
                path: 'change/:membershipId',
                element: lazyPage(() => import('./pages/memberships/change-page')),
              },
              {
                path: 'renew/:membershipId/:selectedMembershipSlug/:selectedPaymentType',
                element: lazyPage(() => import('./pages/memberships/renew-page')),
              },
            ],
          },
          {
            path: 'packages',
            handle: { crumb: 'Packages' },
            element: lazyPage(() => import('./pages/packages/packages-page')),
          },
          {
            path: 'payments',
            handle: { crumb: 'Payments' },
            children: [
              {
                element: lazyPage(() => import('./pages/payments/payments-layout')),
                children: [
                  { index: true, element: lazyPage(() => import('./pages/payments/payments-summary-page')) },
                  {
                    path: 'credit',
                    children: [
                      { index: true, element: <Navigate to="added" replace /> },
                      { path: ':type', element: lazyPage(() => import('./pages/payments/credit-page')) },
                    ],
                  },
                  {
                    path: 'order-history',
                    element: lazyPage(() => import('./pages/payments/order-history-page')),
                  },
                ],
              },
              {
                path: 'order-history/:orderId',
                element: lazyPage(() => import('./pages/payments/order-detail-page')),
              },
              { path: 'manage-card', element: lazyPage(() => import('./pages/payments/manage-card-page')) },
            ],
          },
          {
            path: 'guest-passes',
            handle: { crumb: 'Guest passes' },
            element: lazyPage(() => import('./pages/guest-passes/guest-passes-layout')),
            children: [
              { index: true, element: lazyPage(() => import('./pages/guest-passes/guest-passes-page')) },
              {
                path: 'available-passes',
                handle: { crumb: 'Available passes' },
                element: lazyPage(() => import('./pages/guest-passes/available-passes-page')),
              },
              {
                path: 'pass-details/:id',
                handle: { crumb: 'Guest pass details' },
                element: lazyPage(() => import('./pages/guest-passes/pass-details-page')),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
