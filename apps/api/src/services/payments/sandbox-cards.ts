import { SANDBOX_CARDS } from '@fieldhouse/contract';
import type { SANDBOX_BEHAVIOURS } from '../../db/values.ts';

/** What the sandbox does with a card: pay, decline, or ask for a further check first. */
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];

/** A card number's digits, without the spaces or dashes it was typed with. */
export const digitsOf = (card: string) => card.replace(/\D/g, '');
const DECLINED = digitsOf(SANDBOX_CARDS.declined);
const FURTHER_CHECK = digitsOf(SANDBOX_CARDS.furtherCheck);

/** The sandbox's behaviour for a card number: the contract's test cards decline or ask for a further check. */
export function sandboxBehaviour(cardNumber: string): SandboxBehaviour {
  const digits = digitsOf(cardNumber);
  if (digits === DECLINED) return 'decline';
  if (digits === FURTHER_CHECK) return 'challenge';
  return 'succeed';
}

/** Card brand from the number's leading digits (enough for display). */
export function cardBrand(cardNumber: string): string {
  const d = digitsOf(cardNumber);
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(d)) return 'Discover';
  if (/^(5018|5020|5038|6304|6759|676[1-3])/.test(d)) return 'Maestro';
  return 'Card';
}
