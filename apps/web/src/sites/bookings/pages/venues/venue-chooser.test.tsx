import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Venue, venuesPageQueryOptions } from '../../../../api/get-venues';
import { createMemoryHistory, Router } from '../../../../lib/router';
import { selectVenue } from '../../../../lib/selected-venue';
import { defaultSiteConfig, setSiteConfig } from '../../../../lib/site-config';
import { VenueChooser } from './venue-chooser';

afterEach(cleanup);

const venue = (id: number, slug: string, name: string) =>
  ({ id, slug, name, address1: '1 High Street', town: 'Leeds', postcode: 'LS1 1AA' }) as Venue;

describe('Choose a venue', () => {
  it("names each button with the words it shows (WCAG 2.5.3), the selected venue's 'View timetable'", () => {
    setSiteConfig(defaultSiteConfig('bookings'));
    selectVenue({ id: 2, slug: 'south', name: 'South Pool' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
    queryClient.setQueryData(venuesPageQueryOptions().queryKey, {
      venues: [venue(1, 'north', 'North Pool'), venue(2, 'south', 'South Pool')],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalRecords: 2,
        firstRecordOnCurrentPage: 1,
        lastRecordOnCurrentPage: 2,
      },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <Router history={createMemoryHistory(['/venues'])}>
          <VenueChooser />
        </Router>
      </QueryClientProvider>,
    );
    const current = screen.getByRole('button', { name: 'View timetable for South Pool' });
    expect(current.textContent).toBe('View timetable');
    expect(screen.getByRole('button', { name: 'Select North Pool' }).textContent).toBe('Select');
  });
});
