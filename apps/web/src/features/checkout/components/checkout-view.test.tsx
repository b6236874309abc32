import { CARD_DECLINED_MESSAGE, SANDBOX_CARDS } from '@fieldhouse/contract/payments';
import { CARD_PROVIDER_TEXTS, CARD_TEXTS } from '@fieldhouse/contract/texts/payments';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeStripe, stripeJs } from '../../../ui/stripe-js.fake';
import { renderCheckoutView } from './checkout.fixtures';

// Stripe.js replaced by the shared fake (one for every file: see ui/stripe-js.fake.ts).
vi.mock('@stripe/stripe-js/pure', async () => (await import('../../../ui/stripe-js.fake')).stripeJs);
// Toasts load sonner on first use; here they are only recorded.
vi.mock('../../../lib/toast', () => ({
  TOAST_DURATION: { default: 5000, payment: 10_000, short: 3000 },
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[] = [];
/** The server's answers to POST checkout/complete, in order. */
let replies: { status: number; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
  replies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : {} });
      const reply = replies.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
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

function renderCheckout(provider: 'stripe' | 'sandbox' = 'stripe') {
  renderCheckoutView(provider, { savedCards: [] });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillHolder() {
  type('Cardholder name', 'Alex Morgan');
  type('First name', 'Alex');
  type('Last name', 'Morgan');
  type('Address line 1', '1 High Street');
  type('Town or city', 'Leeds');
  type('Postcode', 'ls1 4ap');
}

/** Renders with Stripe and waits until Stripe's (fake) fields are mounted and ready. */
async function renderWithStripe(fake = fakeStripe()) {
  stripeJs.loadStripe.mockResolvedValue(fake.stripe);
  renderCheckout('stripe');
  await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the card form' })).toBeNull());
  return fake;
}

const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pay £12.50' }));
const completions = () => calls.filter((call) => call.url === '/api/checkout/complete');

describe('CheckoutView with Stripe', () => {
  it("mounts Stripe's card fields for the amount in pence, without the sandbox's fields or test cards", async () => {
    const fake = await renderWithStripe();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_fieldhouse');
    expect(fake.stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'payment',
        amount: 1250,
        currency: 'gbp',
        allowedPaymentMethodTypes: ['card'],
        paymentMethodCreation: 'manual',
      }),
    );
    // Stripe's fields for the card only (our own for the name and address); wallets where the device has them.
    expect(fake.elements.create).toHaveBeenCalledWith('payment', {
      fields: { billingDetails: { name: 'never', address: 'never' } },
      wallets: { applePay: 'auto', googlePay: 'auto' },
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Test cards' })).toBeNull();
    expect(screen.getByLabelText('Cardholder name')).toBeTruthy();
  });

  it('sends the PaymentMethod as the token with save_card, and completes', async () => {
    const fake = await renderWithStripe();
    fillHolder();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
    replies.push({ status: 200, body: { data: { status: 'completed', order_id: 501 } } });
    pay();
    await screen.findByText('Confirmed order');
    expect(fake.elements.submit).toHaveBeenCalledTimes(1);
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        elements: fake.elements,
        params: {
          billing_details: {
            name: 'Alex Morgan',
            address: {
              line1: '1 High Street',
              line2: '',
              city: 'Leeds',
              state: '',
              postal_code: 'LS1 4AP',
              country: 'GB',
            },
          },
        },
      }),
    );
    // Saving the card: the element was told before the card was taken.
    expect(fake.elements.update).toHaveBeenCalledWith({ setupFutureUsage: 'off_session' });
    expect(calls.map((call) => call.url)).toEqual(['/api/checkout/complete']);
    expect(completions()[0]?.body).toMatchObject({
      cart_id: 7,
      cart_version: 3,
      payment_method: { type: 'token', token: 'pm_card_visa', save_card: true },
    });
    expect(completions()[0]?.body.payment_intent_id).toBeUndefined();
  });

  it("shows Stripe.js's refusal of the card in the form and sends nothing", async () => {
    const fake = await renderWithStripe();
    fake.elements.submit.mockResolvedValueOnce({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    fillHolder();
    pay();
    expect((await screen.findByRole('alert')).textContent).toBe(CARD_TEXTS.number);
    expect(fake.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls).toEqual([]);

    // A card Stripe declines while making the PaymentMethod: the house's decline, still nothing sent.
    fake.stripe.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    pay();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CARD_DECLINED_MESSAGE));
    expect(calls).toEqual([]);
  });

  it('runs the further check with handleNextAction, then completes again with the payment intent', async () => {
    const fake = await renderWithStripe();
    fillHolder();
    replies.push(
      {
        status: 200,
        body: {
          data: {
            status: 'requires_action',
            challenge_id: 'pi_123_secret_abc',
            payment_intent_id: 'pi_123',
            message: 'Your bank needs to confirm this payment.',
          },
        },
      },
      { status: 200, body: { data: { status: 'completed', order_id: 502 } } },
    );
    pay();
    await screen.findByText('Confirmed order');
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_123_secret_abc' });
    expect(completions()).toHaveLength(2);
    expect(completions()[1]?.body).toMatchObject({
      cart_version: 3,
      payment_intent_id: 'pi_123',
      payment_method: { type: 'token', token: 'pm_card_visa' },
    });
    // No modal of ours: Stripe shows the bank's check.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the decline when the further check fails, and completes nothing more', async () => {
    const fake = await renderWithStripe();
    fake.stripe.handleNextAction.mockResolvedValueOnce({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    });
    fillHolder();
    replies.push({
      status: 200,
      body: {
        data: {
          status: 'requires_action',
          challenge_id: 'pi_9_secret_x',
          payment_intent_id: 'pi_9',
          message: 'Your bank needs to confirm this payment.',
        },
      },
    });
    pay();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CARD_DECLINED_MESSAGE));
    expect(completions()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Pay £12.50' })).toBeTruthy();
  });

  it('says so in the form when Stripe.js cannot load (offline), and Pay sends nothing', async () => {
    stripeJs.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderCheckout('stripe');
    // The loader is tried twice (one retry) before the form gives up.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(CARD_PROVIDER_TEXTS.unavailable), {
      timeout: 5000,
    });
    fillHolder();
    pay();
    // The form's alert, and the payment's own alert saying the same.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        CARD_PROVIDER_TEXTS.unavailable,
        CARD_PROVIDER_TEXTS.unavailable,
      ]),
    );
    expect(calls).toEqual([]);
  });
});

describe('CheckoutView with Stripe still loading', () => {
  it('asks the member to wait, and sends nothing', async () => {
    stripeJs.loadStripe.mockReturnValue(new Promise(() => {}));
    renderCheckout('stripe');
    expect(await screen.findByRole('status', { name: 'Loading the card form' })).toBeTruthy();
    fillHolder();
    pay();
    expect((await screen.findByRole('alert')).textContent).toBe(CARD_PROVIDER_TEXTS.loading);
    expect(calls).toEqual([]);
  });
});

describe('CheckoutView with the sandbox', () => {
  it('shows its own card fields and test cards, never loads Stripe.js, and tokenises through the sandbox', async () => {
    renderCheckout('sandbox');
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Test cards' })).toBeTruthy();
    fillHolder();
    type('Card number', SANDBOX_CARDS.success);
    type('Expiry date', '12/99');
    type('Security code', '123');
    replies.push(
      {
        status: 200,
        body: { data: { token: 'tok_1', brand: 'Visa', last_four_digits: '4242', expiry_date: '12/99' } },
      },
      { status: 200, body: { data: { status: 'completed', order_id: 503 } } },
    );
    await act(async () => pay());
    await screen.findByText('Confirmed order');
    expect(calls.map((call) => call.url)).toEqual(['/api/payments/sandbox/tokens', '/api/checkout/complete']);
    expect(completions()[0]?.body).toMatchObject({ payment_method: { type: 'token', token: 'tok_1' } });
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
