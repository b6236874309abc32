import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Cart } from '../../../api/get-cart';
import { queryKeys } from '../../../lib/query-keys';
import { MemoryRouter, Routes } from '../../../lib/router';
import { defaultSiteConfig, setSiteConfig } from '../../../lib/site-config';
import { CheckoutView } from './checkout-view';

/** The checkout tests' basket: one swim session at £12.50, no credit, no waiver, nothing paid yet. */
export const swimCart = {
  id: 7,
  version: 3,
  selectedUserId: 11,
  items: [
    {
      id: 70,
      name: 'Swim session',
      quantity: 1,
      problem: null,
      cartableType: 'activity',
      cartableResource: { requiresWaiver: false },
      price: { raw: 1250, original: { raw: 1250 }, benefitApplied: false, packageApplied: false },
    },
  ],
  payments: [],
  credits: {
    membership: { totalAvailable: { raw: 0 }, maxApplicable: { raw: 0 } },
    general: { totalAvailable: { raw: 0 }, maxApplicable: { raw: 0 } },
  },
  totals: {
    itemCount: 1,
    basketCost: { raw: 1250 },
    creditApplied: { raw: 0 },
    totalToPay: { raw: 1250 },
  },
  attendeeWaiversRequired: false,
  billingPrefill: null,
} as unknown as Cart;

/**
 * CheckoutView for `swimCart` at /basket/checkout, with the card provider configured, the terms known (none) and,
 * when given, the saved cards known; without them the view asks the server for them.
 */
export function renderCheckoutView(provider: 'stripe' | 'sandbox', options: { savedCards?: unknown[] } = {}) {
  setSiteConfig({
    ...defaultSiteConfig('bookings'),
    cardPayments: { provider, publishableKey: provider === 'stripe' ? 'pk_test_fieldhouse' : null },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(queryKeys.terms(swimCart.id), []);
  if (options.savedCards) queryClient.setQueryData(queryKeys.savedCards, options.savedCards);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/basket/checkout']}>
        <Routes
          routes={[
            { path: '/basket/checkout', element: <CheckoutView cart={swimCart} source="online" isDemo /> },
            { path: '/booking-confirmed/:orderId', element: <p>Confirmed order</p> },
          ]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
