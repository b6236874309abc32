import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCheckoutView } from './checkout.fixtures';

vi.mock('../../../lib/toast', () => ({
  TOAST_DURATION: { default: 5000, payment: 10_000, short: 3000 },
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const visa = {
  id: 5,
  first_name: 'Alex',
  last_name: 'Morgan',
  address_line1: '1 High Street',
  address_line2: null,
  city: 'Leeds',
  post_code: 'LS1 4AP',
  card_holder_name: 'Alex Morgan',
  brand: 'Visa',
  last_four_digits: '4242',
  expiry_date: '12/29',
  recently_expired: false,
  expired: false,
};

/** The checkout with GET my-account/saved-cards held until `answer` is called with the member's cards. */
function renderWithSlowSavedCards() {
  let answer: (cards: unknown[]) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          if (!url.includes('saved-cards')) throw new Error(`unexpected call ${url}`);
          answer = (cards) =>
            resolve(
              new Response(JSON.stringify({ data: cards }), {
                status: 200,
                headers: { 'content-type': 'application/json' },
              }),
            );
        }),
    ),
  );
  renderCheckoutView('sandbox');
  return { answer: (cards: unknown[]) => act(async () => answer(cards)) };
}

describe('the payment section while the saved cards load', () => {
  it('shows no card form to start typing into, and no Pay, until it knows whether a saved card comes first', async () => {
    const { answer } = renderWithSlowSavedCards();
    expect(screen.getByRole('status', { name: 'Loading your saved cards' })).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay £12.50' }).hasAttribute('disabled')).toBe(true);

    await answer([visa]);
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading your saved cards' })).toBeNull(),
    );
    expect((screen.getByLabelText('Use saved card') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay £12.50' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the card form once it knows there is no saved card', async () => {
    const { answer } = renderWithSlowSavedCards();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await answer([]);
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByLabelText('Use saved card')).toBeNull();
  });
});
