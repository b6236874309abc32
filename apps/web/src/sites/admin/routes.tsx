import type { RouteObject } from '../../lib/router';
import { lazyPage } from '../../shell/lazy-page';
import { NotFoundContent } from '../../shell/screens';
import { AdminLayout } from './admin-layout';
import { RequireArea, RequireStaff, StaffPublicOnly } from './guards';

export const adminRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AdminLayout />,
    children: [
      {
        element: <StaffPublicOnly />,
        children: [{ path: 'login', element: lazyPage(() => import('./pages/login/login-page')) }],
      },
      {
        path: 'password-reset/:token',
        element: lazyPage(() => import('./pages/password-reset/password-reset-page')),
      },
      {
        element: <RequireStaff />,
        children: [
          { index: true, element: lazyPage(() => import('./pages/home/home-page')) },
          { path: 'me', element: lazyPage(() => import('./pages/me/my-account-page')) },
          {
            element: <RequireArea area="desk" />,
            children: [
              { path: 'desk', element: lazyPage(() => import('./pages/desk/desk-page')) },
              {
                path: 'desk/customers/new',
                element: lazyPage(() => import('./pages/desk/customers/new-customer-page')),
              },
              {
                path: 'desk/customers/:id/edit',
                element: lazyPage(() => import('./pages/desk/customers/customer-edit-page')),
              },
              {
                path: 'desk/customers/:id',
                element: lazyPage(() => import('./pages/desk/customers/customer-page')),
              },
              {
                path: 'desk/guest-passes',
                element: lazyPage(() => import('./pages/desk/guest-passes/guest-passes-page')),
              },
              {
                path: 'desk/cash-up',
                element: lazyPage(() => import('./pages/desk/cash-up/cash-up-page')),
              },
            ],
          },
          {
            element: <RequireArea area="registers" />,
            children: [
              { path: 'registers', element: lazyPage(() => import('./pages/registers/registers-page')) },
              {
                path: 'registers/:sessionId',
                element: lazyPage(() => import('./pages/registers/register-page')),
              },
            ],
          },
          {
            element: <RequireArea area="programme" />,
            children: [
              { path: 'programme', element: lazyPage(() => import('./pages/programme/programme-page')) },
            ],
          },
          {
            element: <RequireArea area="approvals" />,
            children: [
              { path: 'approvals', element: lazyPage(() => import('./pages/approvals/approvals-page')) },
            ],
          },
          {
            element: <RequireArea area="reports" />,
            children: [
              {
                path: 'reports',
                element: lazyPage(() => import('./pages/reports/reports-layout')),
                children: [
                  { index: true, element: lazyPage(() => import('./pages/reports/reports-index-page')) },
                  { path: 'takings', element: lazyPage(() => import('./pages/reports/takings-page')) },
                  {
                    path: 'memberships',
                    element: lazyPage(() => import('./pages/reports/memberships-page')),
                  },
                  { path: 'cash-up', element: lazyPage(() => import('./pages/reports/cash-up-page')) },
                  { path: 'vat', element: lazyPage(() => import('./pages/reports/vat-page')) },
                  {
                    path: 'attendance',
                    element: lazyPage(() => import('./pages/reports/attendance-page')),
                  },
                ],
              },
            ],
          },
          {
            element: <RequireArea area="audit" />,
            children: [{ path: 'audit', element: lazyPage(() => import('./pages/audit/audit-page')) }],
          },
          {
            element: <RequireArea area="accounts" />,
            children: [
              { path: 'accounts', element: lazyPage(() => import('./pages/accounts/accounts-page')) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundContent /> },
    ],
  },
];
