import { CARD_DECLINED_MESSAGE } from '@fieldhouse/contract/payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { venueToday } from '../../../lib/dates';
import { defaultSiteConfig, setSiteConfig } from '../../../lib/site-config';
import { fakeStripe, stripeJs } from '../../../ui/stripe-js.fake';
import { deskBasketQueryKey } from '../api/desk-basket';
import { venueSessionsQueryOptions } from '../api/get-venue-sessions';
import { BookSession } from './book-session';

// Stripe.js replaced by the shared fake (one for every file: see ui/stripe-js.fake.ts).
vi.mock('@stripe/stripe-js/pure', async () => (await import('../../../ui/stripe-js.fake')).stripeJs);

const cart = {
  id: 9,
  version: 4,
  items: [
    {
      id: 90,
      name: 'Swim session',
      quantity: 1,
      problem: null,
      cartableType: 'activity',
      cartableId: 300,
      cartableResource: { requiresWaiver: false, venueName: 'Leeds' },
      price: { raw: 1250, formatted: '£12.50' },
      childItems: [],
    },
  ],
  payments: [],
  totals: { total: { raw: 1250 }, creditApplied: { raw: 0, formatted: '£0.00' } },
};

type Call = { method: string; url: string; body: Record<string, unknown> };
let calls: Call[] = [];
/** Answers by method and path; a list is answered in order. */
let answers: Record<string, unknown[]> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : {} });
      const path = url.split('?')[0] ?? url;
      const queue = answers[`${method} ${path}`];
      const data = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return new Response(JSON.stringify(data === undefined ? {} : { data }), {
        status: data === undefined ? 500 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stripeJs.loadStripe.mockReset();
});

const base = '/api/staff/desk/customers/5';

async function renderDesk(provider: 'stripe' | 'sandbox') {
  setSiteConfig({
    ...defaultSiteConfig('admin'),
    demo: true,
    cardPayments: { provider, publishableKey: provider === 'stripe' ? 'pk_test_desk' : null },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(venueSessionsQueryOptions('leeds', venueToday()).queryKey, {
    sessions: [],
  } as never);
  queryClient.setQueryData(deskBasketQueryKey(5), cart);
  answers[`GET ${base}/basket`] = [cart];
  answers[`PUT ${base}/basket/payments`] = [cart];
  render(
    <QueryClientProvider client={queryClient}>
      <BookSession
        customerId={5}
        customerName="Alex Morgan"
        venues={[{ id: 1, name: 'Leeds', slug: 'leeds' }]}
        orderNumberOf={() => null}
      />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillHolder() {
  type('Cardholder name', 'Alex Morgan');
  type('First name', 'Alex');
  type('Last name', 'Morgan');
  type('Address line 1', '1 High Street');
  type('Town or city', 'Leeds');
  type('Postcode', 'LS1 4AP');
}
const charge = () =>
  fireEvent.click(screen.getByRole('button', { name: 'Charge £12.50 to the card and book' }));
const pays = () => calls.filter((call) => call.url === `${base}/pay`);

describe('the desk card payment with Stripe', () => {
  it('offers the card tender, takes the card through Stripe.js and runs the bank check in the page', async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    await renderDesk('stripe');
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(fake.stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 1250, currency: 'gbp' }),
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Test cards' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the card form' })).toBeNull());
    fillHolder();
    answers[`POST ${base}/pay`] = [
      {
        status: 'requires_action',
        challenge_id: 'pi_7_secret_y',
        payment_intent_id: 'pi_7',
        message: 'The bank needs to confirm this payment.',
      },
      { status: 'completed', order_id: 77 },
    ];
    charge();
    await screen.findByRole('heading', { name: 'Booking confirmed' });
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_7_secret_y' });
    expect(pays().map((call) => call.body.payment_method)).toEqual([
      { type: 'token', token: 'pm_card_visa', save_card: false },
      { type: 'token', token: 'pm_card_visa', save_card: false },
    ]);
    expect(pays()[1]?.body.payment_intent_id).toBe('pi_7');
    // Stripe showed the bank's check; the sandbox's 'customer approved it' buttons never appear.
    expect(screen.queryByRole('button', { name: 'The customer approved it' })).toBeNull();
  });

  it('shows the decline of a failed bank check, and a refused card sends nothing at all', async () => {
    const fake = fakeStripe();
    stripeJs.loadStripe.mockResolvedValue(fake.stripe);
    await renderDesk('stripe');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the card form' })).toBeNull());
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    fillHolder();
    fake.stripe.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    charge();
    await screen.findByText(CARD_DECLINED_MESSAGE);
    // Nothing written: no tender put on the basket, no payment (the reads after are the desk reloading).
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    fake.stripe.handleNextAction.mockResolvedValueOnce({
      error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' },
    });
    answers[`POST ${base}/pay`] = [
      {
        status: 'requires_action',
        challenge_id: 'pi_8_secret_z',
        payment_intent_id: 'pi_8',
        message: 'Check',
      },
    ];
    charge();
    await waitFor(() => expect(pays()).toHaveLength(1));
    await screen.findByText(CARD_DECLINED_MESSAGE);
    expect(screen.queryByRole('heading', { name: 'Booking confirmed' })).toBeNull();
  });
});

describe('the desk card payment with the sandbox', () => {
  it("keeps the sandbox's own card fields and test cards, and never loads Stripe.js", async () => {
    await renderDesk('sandbox');
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Test cards' })).toBeTruthy();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
