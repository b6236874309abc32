import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type User, userQueryKey } from '../features/auth/api/get-user';
import { memberSiteHref } from '../features/auth/rules/member-site-href';
import { loginPathFor, safeRedirect } from '../features/auth/rules/redirect';
import { createMemoryHistory, type RouteObject, Router, Routes } from '../lib/router';
import { defaultSiteConfig, setSiteConfig } from '../lib/site-config';
import { PublicOnly, RequireAuth } from './guards';

afterEach(cleanup);

function renderAt(path: string, user: User | null | undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (user !== undefined) queryClient.setQueryData(userQueryKey, user);
  const routes: RouteObject[] = [
    {
      element: <RequireAuth />,
      children: [{ path: '/memberships', element: <p>Memberships page</p> }],
    },
    {
      element: <PublicOnly />,
      children: [{ path: '/login', element: <p>Login page</p> }],
    },
    { path: '/', element: <p>Dashboard page</p> },
    { path: '/payments', element: <p>Payments page</p> },
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

const user = { id: 1, firstName: 'Ada' } as User;

describe('RequireAuth', () => {
  it('redirects logged-out visitors to /login with the path and query', () => {
    const router = renderAt('/memberships?tab=active', null);
    expect(router.location.pathname).toBe('/login');
    expect(router.location.search).toBe(`?redirect=${encodeURIComponent('/memberships?tab=active')}`);
  });

  it('renders the page for a logged-in user', () => {
    renderAt('/memberships', user);
    expect(screen.getByText('Memberships page')).toBeTruthy();
  });

  it('waits for the first auth check instead of redirecting', () => {
    const router = renderAt('/memberships', undefined);
    expect(router.location.pathname).toBe('/memberships');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});

describe('PublicOnly', () => {
  it('sends a logged-in user to the redirect parameter', () => {
    const router = renderAt('/login?redirect=%2Fpayments', user);
    expect(router.location.pathname).toBe('/payments');
  });

  it('sends a logged-in user to / when redirect is absent or empty', () => {
    expect(renderAt('/login', user).location.pathname).toBe('/');
    cleanup();
    expect(renderAt('/login?redirect=', user).location.pathname).toBe('/');
  });

  it('sends a logged-in user to / when redirect is an address on no member site', async () => {
    setSiteConfig(defaultSiteConfig('account'));
    const router = renderAt(`/login?redirect=${encodeURIComponent('https://evil.example/venues/x')}`, user);
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('shows the page to logged-out visitors', () => {
    renderAt('/login', null);
    expect(screen.getByText('Login page')).toBeTruthy();
  });
});

describe('redirect helpers', () => {
  it('refuses off-site redirects', () => {
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/payments?x=1')).toBe('/payments?x=1');
    expect(safeRedirect('')).toBe('/');
  });
  it('goes back to another member site only at its own address', () => {
    const single = { bookings: '', account: '/account', join: '/join' };
    const here = 'https://gym.example/account/register';
    const timetable = 'https://gym.example/venues/leeds?date=2026-12-05';
    expect(memberSiteHref(timetable, single, here)).toBe(timetable);
    expect(memberSiteHref('https://evil.example/venues/leeds', single, here)).toBeNull();
    expect(memberSiteHref('https://gym.example.evil.example/', single, here)).toBeNull();
    expect(memberSiteHref('javascript:alert(1)', single, here)).toBeNull();
    expect(memberSiteHref('not a url', single, here)).toBeNull();
    expect(memberSiteHref('/payments', single, here)).toBeNull();
    const sub = {
      bookings: 'https://book.example.com',
      account: 'https://account.example.com',
      join: 'https://join.example.com/start',
    };
    const there = 'https://account.example.com/register';
    expect(memberSiteHref('https://book.example.com/venues/leeds?date=2026-12-05', sub, there)).toBe(
      'https://book.example.com/venues/leeds?date=2026-12-05',
    );
    expect(memberSiteHref('https://user@book.example.com/basket', sub, there)).toBe(
      'https://book.example.com/basket',
    );
    expect(memberSiteHref('http://book.example.com/basket', sub, there)).toBeNull();
    expect(memberSiteHref('https://join.example.com/other', sub, there)).toBeNull();
    expect(memberSiteHref('https://join.example.com/start/centre/leeds', sub, there)).toBe(
      'https://join.example.com/start/centre/leeds',
    );
    expect(memberSiteHref('https://join.example.com/startle', sub, there)).toBeNull();
  });
  it('builds the login path', () => {
    expect(loginPathFor({ pathname: '/bookings/upcoming', search: '?a=1' })).toBe(
      '/login?redirect=%2Fbookings%2Fupcoming%3Fa%3D1',
    );
  });
});
