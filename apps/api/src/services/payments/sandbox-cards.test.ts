import { SANDBOX_CARDS } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { cardBrand, sandboxBehaviour } from './sandbox-cards.ts';

describe('sandbox cards', () => {
  it("the README's test cards pay, decline or ask for a further check, however they are spaced", () => {
    expect(sandboxBehaviour('4242 4242 4242 4242')).toBe('succeed');
    expect(sandboxBehaviour('5555555555554444')).toBe('succeed');
    expect(sandboxBehaviour(SANDBOX_CARDS.declined)).toBe('decline');
    expect(sandboxBehaviour(SANDBOX_CARDS.declined.replace(/\D/g, ''))).toBe('decline');
    expect(sandboxBehaviour(SANDBOX_CARDS.furtherCheck)).toBe('challenge');
    expect(sandboxBehaviour('4000-0027-6000-3184')).toBe('challenge');
  });

  it('names the brand from the leading digits, and Card when it cannot tell', () => {
    expect(cardBrand('4242 4242 4242 4242')).toBe('Visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('Mastercard');
    expect(cardBrand('2223 0031 2200 3222')).toBe('Mastercard');
    expect(cardBrand('3782 822463 10005')).toBe('American Express');
    expect(cardBrand('6011 1111 1111 1117')).toBe('Discover');
    expect(cardBrand('6759 6498 2643 8453')).toBe('Maestro');
    expect(cardBrand('9999 0000 0000 0000')).toBe('Card');
  });
});
