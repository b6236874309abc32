import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { paymentFailureText } from './use-payment';

describe('paymentFailureText', () => {
  it("shows the server's message (decline, basket changed, session full)", () => {
    const declined = 'Your card was declined. No payment has been taken; please try another card.';
    expect(
      paymentFailureText(new ApiError(402, 'Something has gone wrong, please try again.', declined)),
    ).toBe(declined);
    expect(
      paymentFailureText(new ApiError(409, 'x', 'Your basket has changed. Please check it and try again.')),
    ).toBe('Your basket has changed. Please check it and try again.');
  });

  it('falls back to the spec text without a server message', () => {
    expect(paymentFailureText(new ApiError(0, 'Something has gone wrong, please try again.'))).toBe(
      'Unable to complete your order, please try again.',
    );
    expect(paymentFailureText(null)).toBe('Unable to complete your order, please try again.');
  });

  it('keeps the spec text for a failed CSRF check', () => {
    expect(
      paymentFailureText(new ApiError(419, 'Something has gone wrong, please reload and try again.', 'CSRF')),
    ).toBe('Something has gone wrong, please reload and try again.');
  });
});
