import { BOOKING_TEXTS } from '@fieldhouse/contract/texts/bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Routes } from '../../../lib/router';
import { defaultSiteConfig, setSiteConfig } from '../../../lib/site-config';
import type { Booking } from '../api/types';
import { BookingModal } from './booking-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A booked swim the list says will earn credit. */
const booking = {
  id: 31,
  status: 'booked',
  name: 'Lane swim',
  venueName: 'Northgate',
  venue: { id: 1, name: 'Northgate', slug: 'northgate' },
  datePretty: 'Thursday 26th November 2026',
  locationName: 'Main pool',
  startsAt: { raw: '2026-11-26T07:00:00Z', local: '2026-11-26T07:00:00' },
  endsAt: { raw: '2026-11-26T08:00:00Z', local: '2026-11-26T08:00:00' },
  price: { raw: 650, formatted: '£6.50' },
  orderId: 5,
  canBeCancelled: true,
  cancellationCutOff: {
    cutoffAt: { raw: '2026-11-26T05:00:00Z', pretty: '05:00 on Thursday 26th November 2026' },
  },
  awardsCredit: { canBeAwarded: true, message: BOOKING_TEXTS.creditAwarded },
  isV2Booking: false,
} as unknown as Booking;

/** The modal with DELETE activities/bookings/:id answering 200 with the credit the server added. */
function cancelWith(creditAwarded: number) {
  const sent: { url: string; method: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method });
      const data = {
        bookings: [],
        credit_awarded: { raw: creditAwarded, formatted: `£${(creditAwarded / 100).toFixed(2)}` },
      };
      return new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  setSiteConfig(defaultSiteConfig('account'));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/bookings/upcoming']}>
        <Routes
          routes={[
            {
              path: '/bookings/upcoming',
              element: (
                <BookingModal booking={booking} isUpcoming isActivitiesV2={false} onClose={() => {}} />
              ),
            },
          ]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
  // The confirm step states what the list expects.
  expect(screen.getByText(BOOKING_TEXTS.creditAwarded)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
  return sent;
}

describe('the outcome of cancelling a booking', () => {
  it('says credit was added when the server added it', async () => {
    const sent = cancelWith(650);
    expect(await screen.findByText(BOOKING_TEXTS.cancelled)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(BOOKING_TEXTS.creditAwarded);
    expect(sent).toEqual([{ url: expect.stringContaining('activities/bookings/31'), method: 'DELETE' }]);
  });

  it('says no credit when the server added none, whatever the list expected', async () => {
    cancelWith(0);
    expect(await screen.findByText(BOOKING_TEXTS.cancelled)).toBeTruthy();
    const outcome = screen.getByRole('status').textContent;
    expect(outcome).toContain(BOOKING_TEXTS.noCredit);
    expect(outcome).not.toContain(BOOKING_TEXTS.creditAwarded);
  });
});
