import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../../api/get-cart';
import { queryKeys } from '../../../lib/query-keys';
import type { Penalty } from '../api/types';
import { UnpaidFees } from './unpaid-fees';

afterEach(cleanup);

const fee = (id: number, description: string, raw: number): Penalty => ({
  id,
  type: 'late_cancellation',
  description,
  feeAmount: { raw, formatted: `£${(raw / 100).toFixed(2)}` },
  cartType: 'penalty',
  pricingOptionId: null,
  createdAt: '2026-11-16T10:00:00Z',
  booking: {
    venue: 'John Charles Centre for Sport',
    description: 'Spin',
    date: 'Monday 16 November 2026',
    time: '18:00',
  },
  venue: { id: 2, name: 'John Charles Centre for Sport' },
});

function renderFees(fees: Penalty[], penaltyIdsInCart: number[]) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(queryKeys.penalties, fees);
  queryClient.setQueryData(queryKeys.cart, {
    items: penaltyIdsInCart.map((cartableId, index) => ({
      id: 100 + index,
      cartableType: 'penalty',
      cartableId,
    })),
  } as unknown as Cart);
  render(
    <QueryClientProvider client={queryClient}>
      <UnpaidFees />
    </QueryClientProvider>,
  );
}

const isChecked = (name: string | RegExp) =>
  (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

describe('UnpaidFees', () => {
  const fees = [fee(1, 'Late cancellation fee', 500), fee(2, 'No-show fee', 300)];

  it('shows the basket penalty items as selected, select-all off until every fee is in', () => {
    renderFees(fees, [2]);
    expect(screen.getByText('You have unpaid fees on your account')).toBeTruthy();
    expect(isChecked('Select Late cancellation fee, Spin, Monday 16 November 2026 18:00')).toBe(false);
    expect(isChecked('Select No-show fee, Spin, Monday 16 November 2026 18:00')).toBe(true);
    expect(isChecked('Select all')).toBe(false);
    expect(screen.getByText('1 fee selected: £3.00')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay selected fees' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('turns select-all on when every fee is in the basket', () => {
    renderFees(fees, [1, 2]);
    expect(isChecked('Select all')).toBe(true);
  });

  it("disables 'Pay selected fees' with nothing selected", () => {
    renderFees(fees, []);
    expect((screen.getByRole('button', { name: 'Pay selected fees' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Clear all' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('dates a fee without a booking by when it was charged (venue time)', () => {
    renderFees([{ ...fee(3, 'Admin fee', 250), booking: null, createdAt: '2026-10-16T23:30:00Z' }], []);
    // 23:30 UTC on 16 October is 00:30 on the 17th in London (BST).
    expect(screen.getByText('Saturday 17 October 2026')).toBeTruthy();
    expect(isChecked('Select Admin fee, John Charles Centre for Sport, Saturday 17 October 2026')).toBe(
      false,
    );
  });
});
