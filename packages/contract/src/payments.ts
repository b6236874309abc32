import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope } from './common.ts';
import { personName } from './fields.ts';
import { CARD_TEXTS, UK_POSTCODE } from './texts/payments.ts';

export { CARD_PROVIDER_TEXTS, CARD_TEXTS, UK_POSTCODE } from './texts/payments.ts';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY not in the past (a card is valid through the end of its expiry month). */
export function expiryValid(value: string, now: Date = new Date()): boolean {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  const current = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) >= current;
}

export const billingDetails = z.object({
  billing_first_name: personName('First name').min(2),
  billing_last_name: personName('Last name').min(2),
  billing_address_line_one: z.string().trim().min(2).max(200),
  billing_address_line_two: z.string().trim().max(200).optional(),
  billing_city: z.string().trim().min(2).max(100),
  billing_postcode: z.string().trim().regex(UK_POSTCODE, CARD_TEXTS.postcode),
});

/**
 * POST /api/payments/sandbox/tokens — the sandbox provider's stand-in for a real provider's browser SDK:
 * card details go to the provider, never into our orders. A real provider tokenises in the browser instead.
 */
export const sandboxTokenBody = z
  .object({
    cardholder_name: personName('Cardholder name').min(2, CARD_TEXTS.cardholderHint),
    card_number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine(luhnValid, CARD_TEXTS.number),
    expiry_date: z.string().refine((v) => expiryValid(v), CARD_TEXTS.expiry),
    security_code: z.string().regex(/^\d{3}$/, CARD_TEXTS.securityCode),
  })
  .extend(billingDetails.shape);
export const paymentMethodToken = z.object({
  token: z.string(),
  brand: z.string().describe("e.g. 'Visa', 'Mastercard'"),
  last_four_digits: z.string(),
  expiry_date: z.string().describe('MM/YY'),
});
export const sandboxTokenReply = envelope(paymentMethodToken);

/** Test cards of the sandbox provider (shown in demo mode). */
export const SANDBOX_CARDS = {
  success: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  furtherCheck: '4000 0027 6000 3184',
} as const;
export const CARD_DECLINED_MESSAGE =
  'Your card was declined. No payment has been taken; please try another card.';

/** POST /api/payments/sandbox/challenges/:id — the sandbox's stand-in for the bank's further check (3-D Secure). */
export const challengeParams = z.object({ id: z.string().min(1).max(100) });
export const challengeBody = z.object({ approve: z.boolean() });
export const challengeReply = envelope(z.object({ status: z.enum(['succeeded', 'failed']) }));

/** Saved card (joining §3). */
export const savedCard = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  post_code: z.string(),
  card_holder_name: z.string(),
  brand: z.string(),
  last_four_digits: z.string(),
  expiry_date: z.string().describe('MM/YY'),
  recently_expired: z.boolean(),
  expired: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCard>;
/** GET /api/my-account/saved-cards */
export const savedCardsReply = envelope(z.array(savedCard));

export const paymentCalls = {
  /** The sandbox provider's stand-in for a provider's card SDK (served only with PAYMENT_PROVIDER=sandbox). */
  createSandboxToken: { body: sandboxTokenBody, reply: sandboxTokenReply },
  /** The sandbox's stand-in for the bank's further check (served only with PAYMENT_PROVIDER=sandbox). */
  answerSandboxChallenge: { params: challengeParams, body: challengeBody, reply: challengeReply },
} as const satisfies Calls;
