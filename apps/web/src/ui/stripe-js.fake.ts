import { vi } from 'vitest';

/**
 * Tests only: a fake Stripe.js, through the loader module the card field imports (nothing reaches js.stripe.com).
 * One shared `stripeJs` for every test file: unit tests share one module graph per worker (decision 039), so the
 * first file's `vi.mock` of the loader is what every later file's card field gets. Each test sets
 * `stripeJs.loadStripe` (and resets it after).
 *
 *   vi.mock('@stripe/stripe-js/pure', async () => (await import('../../../ui/stripe-js.fake')).stripeJs);
 */
export const stripeJs = { loadStripe: vi.fn() };

export type FakeResult = { error?: { type: string; code?: string; message?: string } };

/** The calls the card field makes, each answer settable per test. */
export function fakeStripe() {
  const element = {
    handlers: {} as Record<string, () => void>,
    on(event: string, handler: () => void) {
      this.handlers[event] = handler;
    },
    mount: vi.fn(function (this: { handlers: Record<string, () => void> }) {
      // Stripe's frame reports ready a moment after mounting.
      setTimeout(() => this.handlers.ready?.(), 0);
    }),
    destroy: vi.fn(),
  };
  const elements = {
    create: vi.fn(() => element),
    submit: vi.fn(async (): Promise<FakeResult> => ({})),
    update: vi.fn(async () => {}),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createPaymentMethod: vi.fn(
      async (): Promise<FakeResult & { paymentMethod?: { id: string } }> => ({
        paymentMethod: { id: 'pm_card_visa' },
      }),
    ),
    handleNextAction: vi.fn(
      async (): Promise<FakeResult> => ({ paymentIntent: { status: 'succeeded' } }) as FakeResult,
    ),
  };
  return { stripe, elements, element };
}
