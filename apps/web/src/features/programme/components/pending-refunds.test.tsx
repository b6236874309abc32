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

const page = (n: number, refunds: unknown[], total: number) => ({
  refunds,
  pagination: {
    current_page: n,
    total_pages: Math.max(1, Math.ceil(total / 20)),
    total_records: total,
    first_record_on_current_page: refunds.length ? (n - 1) * 20 + 1 : 0,
    last_record_on_current_page: refunds.length ? (n - 1) * 20 + refunds.length : 0,
  },
});

const renderWith = (refunds: unknown[], total = refunds.length) => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const n = Number(new URL(String(input), 'http://x').searchParams.get('page') ?? 1);
    return new Response(
      JSON.stringify({ data: page(n, n === 1 ? refunds : [{ ...refund, id: 99 }], total) }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetch);
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

  it('counts every pending refund and pages past the first 20', async () => {
    renderWith([refund], 21);
    expect((await screen.findByRole('heading')).textContent).toBe('Card refunds still pending (21)');
    const pages = screen.getByRole('navigation', { name: 'Pending card refunds pages' });
    expect(pages.textContent).toContain('Page 1 of 2');
    screen.getByRole('button', { name: 'Next' }).click();
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading'));
  });

  it('shows nothing when none are pending', async () => {
    const view = renderWith([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.container.innerHTML).toBe('');
  });
});
