import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingRefunds } from './pending-refunds';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refund = {
  id: 5,
  customer_id: 3,
  customer_name: 'Carl Card',
  order_id: 41,
  booking_id: 9,
  amount: { raw: 650, formatted: '£6.50' },
  reason: 'The instructor is ill.',
  attempts: 2,
  last_error: 'The card provider is not answering',
  created_at: '2026-12-02T10:00:00Z',
};

const renderWith = (refunds: unknown[]) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { refunds } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <PendingRefunds />
    </QueryClientProvider>,
  );
};

describe('PendingRefunds', () => {
  it('lists each card refund still owed with its attempts and last error', async () => {
    renderWith([refund]);
    expect((await screen.findByRole('heading')).textContent).toBe('Card refunds still pending (1)');
    expect(screen.getByRole('listitem').textContent).toBe(
      '£6.50 to Carl Card (order 41): The instructor is ill. tried 2 times, last: The card provider is not answering',
    );
  });

  it('shows nothing when none are pending', async () => {
    const view = renderWith([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.innerHTML).toBe('');
  });
});
