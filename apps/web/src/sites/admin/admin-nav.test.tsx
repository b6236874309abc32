import type { StaffRole } from '@fieldhouse/contract/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type StaffMember, staffMeQueryKey } from '../../features/staff-auth/api/get-staff-me';
import { createMemoryHistory, type RouteObject, Router, Routes } from '../../lib/router';
import { AdminNav } from './admin-nav';
import { RequireArea, RequireStaff } from './guards';

afterEach(cleanup);

const staffWith = (role: StaffRole): StaffMember => ({
  id: 1,
  email: 'staff@fieldhouse.test',
  name: 'Sam Staff',
  role,
  venues: [{ id: 1, name: 'Northgate', slug: 'northgate' }],
  totpEnabled: false,
  disabled: false,
});

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Staff console' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The console's routes with stand-in pages, for `staff` (null: nobody logged in). */
function renderConsole(path: string, staff: StaffMember | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  queryClient.setQueryData(staffMeQueryKey, staff);
  const routes: RouteObject[] = [
    { path: '/login', element: <p>Login page</p> },
    {
      element: <RequireStaff />,
      children: [
        { path: '/', element: staff ? <AdminNav staff={staff} /> : null },
        {
          element: <RequireArea area="approvals" />,
          children: [{ path: '/approvals', element: <p>Approvals queue</p> }],
        },
        {
          element: <RequireArea area="audit" />,
          children: [{ path: '/audit', element: <p>Audit entries</p> }],
        },
      ],
    },
  ];
  const router = createMemoryHistory([path]);
  render(
    <QueryClientProvider client={queryClient}>
      <Router history={router}>
        <Routes routes={routes} />
      </Router>
    </QueryClientProvider>,
  );
  return router;
}

describe('The console navigation by role', () => {
  it.each([
    [
      'administrator',
      ['Home', 'Front desk', 'Registers', 'Programme', 'Approvals', 'Reports', 'Audit log', 'Staff accounts'],
    ],
    ['centre_manager', ['Home', 'Front desk', 'Registers', 'Programme', 'Approvals', 'Reports']],
    ['finance', ['Home', 'Reports']],
    ['front_desk', ['Home', 'Front desk', 'Registers']],
  ] as const)('shows a %s only what the role may use', (role, links) => {
    renderConsole('/', staffWith(role));
    expect(navLinks()).toEqual(links);
  });
});

describe('The console guards', () => {
  it('shows front desk the not-allowed page on approvals, and a centre manager on the audit log', () => {
    renderConsole('/approvals', staffWith('front_desk'));
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByText('Approvals queue')).toBeNull();
    cleanup();
    renderConsole('/audit', staffWith('centre_manager'));
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    cleanup();
    renderConsole('/approvals', staffWith('centre_manager'));
    expect(screen.getByText('Approvals queue')).toBeTruthy();
  });

  it('sends a visitor without a staff session to the login page, remembering where they were going', () => {
    const router = renderConsole('/audit?page=2', null);
    expect(router.location.pathname).toBe('/login');
    expect(router.location.search).toBe(`?redirect=${encodeURIComponent('/audit?page=2')}`);
  });
});
