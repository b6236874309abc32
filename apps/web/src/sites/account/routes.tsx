import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { PublicOnly, RequireAuth } from '../../shell/guards';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent, RouteErrorScreen } from '../../shell/screens';
import { SiteLayout } from '../../shell/site-layout';

export const accountRoutes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', lazy: lazyPage(() => import('./pages/login-page')) },
          { path: 'register', lazy: lazyPage(() => import('./pages/register-page')) },
          { path: 'password-reset/:token', lazy: lazyPage(() => import('./pages/password-reset-page')) },
        ],
      },
      {
        element: <RequireAuth />,
        handle: { crumb: 'Account' },
        children: [
          { index: true, lazy: lazyPage(() => import('./pages/dashboard-page')) },
          {
            path: 'user-details',
            handle: { crumb: 'My details' },
            lazy: lazyPage(() => import('./pages/user-details/user-details-layout')),
            children: [
              { index: true, lazy: lazyPage(() => import('./pages/user-details/personal-details-page')) },
              { path: 'waivers', lazy: lazyPage(() => import('./pages/user-details/waivers-page')) },
              { path: 'waivers/:slug', lazy: lazyPage(() => import('./pages/user-details/waiver-page')) },
            ],
          },
          {
            path: 'bookings',
            handle: { crumb: 'Bookings' },
            children: [
              { index: true, element: <Navigate to="upcoming" replace /> },
              { path: ':filter', lazy: lazyPage(() => import('./pages/sections/bookings-page')) },
            ],
          },
          {
            path: 'memberships',
            handle: { crumb: 'Memberships' },
            children: [
              { index: true, lazy: lazyPage(() => import('./pages/sections/memberships-page')) },
              {
                path: 'change/:membershipId',
                lazy: lazyPage(() => import('./pages/memberships/change-page')),
              },
              {
                path: 'renew/:membershipId/:selectedMembershipSlug/:selectedPaymentType',
                lazy: lazyPage(() => import('./pages/memberships/renew-page')),
              },
            ],
          },
          {
            path: 'packages',
            handle: { crumb: 'Packages' },
            lazy: lazyPage(() => import('./pages/sections/packages-page')),
          },
          {
            path: 'payments',
            handle: { crumb: 'Payments' },
            children: [
              {
                lazy: lazyPage(() => import('./pages/payments/payments-layout')),
                children: [
                  { index: true, lazy: lazyPage(() => import('./pages/payments/payments-summary-page')) },
                  {
                    path: 'credit',
                    children: [
                      { index: true, element: <Navigate to="added" replace /> },
                      { path: ':type', lazy: lazyPage(() => import('./pages/payments/credit-page')) },
                    ],
                  },
                  {
                    path: 'order-history',
                    lazy: lazyPage(() => import('./pages/payments/order-history-page')),
                  },
                ],
              },
              {
                path: 'order-history/:orderId',
                lazy: lazyPage(() => import('./pages/payments/order-detail-page')),
              },
              { path: 'manage-card', lazy: lazyPage(() => import('./pages/payments/manage-card-page')) },
            ],
          },
          {
            path: 'guest-passes',
            handle: { crumb: 'Guest passes' },
            lazy: lazyPage(() => import('./pages/guest-passes/guest-passes-layout')),
            children: [
              { index: true, lazy: lazyPage(() => import('./pages/guest-passes/guest-passes-page')) },
              {
                path: 'available-passes',
                handle: { crumb: 'Available passes' },
                lazy: lazyPage(() => import('./pages/guest-passes/available-passes-page')),
              },
              {
                path: 'pass-details/:id',
                handle: { crumb: 'Guest pass details' },
                lazy: lazyPage(() => import('./pages/guest-passes/pass-details-page')),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
