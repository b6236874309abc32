import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Venue, venuesPageQueryOptions } from '../../../../api/get-venues';
import { userQueryKey } from '../../../../features/auth/api/get-user';
import { createMemoryHistory, type RouteObject, Router, Routes } from '../../../../lib/router';
import SelectVenuePage from './select-venue-page';

afterEach(cleanup);

const venue = (id: number, slug: string, name: string) =>
  ({ id, slug, name, address1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA' }) as Venue;

/** 'Book an activity' for a logged-out visitor with no venue selected, given the operator's venues. */
function renderWithVenues(venues: Venue[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  queryClient.setQueryData(userQueryKey, null);
  // The first page of the venues (the site prefetches it), with its totals.
  const n = venues.length;
  queryClient.setQueryData(venuesPageQueryOptions().queryKey, {
    venues,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: n,
      firstRecordOnCurrentPage: n ? 1 : 0,
      lastRecordOnCurrentPage: n,
    },
  });
  const routes: RouteObject[] = [
    { path: '/redirect-to-selected-venue', element: <SelectVenuePage /> },
    { path: '/venues/:slug', element: <p>Timetable page</p> },
  ];
  const router = createMemoryHistory(['/redirect-to-selected-venue']);
  render(
    <QueryClientProvider client={queryClient}>
      <Router history={router}>
        <Routes routes={routes} />
      </Router>
    </QueryClientProvider>,
  );
  return router;
}

describe("'Book an activity' with no venue selected", () => {
  it("opens the only venue's timetable when the operator has one venue", () => {
    const router = renderWithVenues([venue(1, 'northgate', 'Northgate Gym')]);
    expect(router.location.pathname).toBe('/venues/northgate');
    expect(screen.getByText('Timetable page')).toBeTruthy();
  });

  it('asks which venue when the operator has several', () => {
    const router = renderWithVenues([venue(1, 'north', 'North Pool'), venue(2, 'south', 'South Pool')]);
    expect(router.location.pathname).toBe('/redirect-to-selected-venue');
    expect(screen.getByRole('heading', { name: 'Choose a venue', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select South Pool' })).toBeTruthy();
  });
});
