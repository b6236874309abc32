import { TERMS_REQUIRED_MESSAGE } from '@fieldhouse/contract/checkout';
import { z } from 'zod';
import { cardHolderSchema, cardSchema, emptyCard } from '../../../lib/card-rules';

/** Without a new card the card fields are not checked (saved card, or nothing to pay). */
const uncheckedCard = z.object(
  Object.fromEntries(Object.keys(emptyCard).map((key) => [key, z.string().optional()])),
);

export const waiverRequiredMessage = (name: string) => `You must accept the waiver for ${name}.`;

export interface CheckoutRules {
  /** Terms exist for this basket: the box must be ticked. */
  isTermsRequired: boolean;
  /** Waivers to accept: form key → activity name. */
  waivers: Record<string, string>;
  /** Paying with a new card: validate the card form. */
  isNewCard: boolean;
  /** Stripe's own fields take the card's number, expiry and security code: only the cardholder and address here. */
  isStripe?: boolean;
}

/** The checkout form: terms, attendee waivers, payment choice and (for a new card) the card form. */
export function checkoutSchema(rules: CheckoutRules) {
  return z.object({
    termsAccepted: rules.isTermsRequired ? z.boolean().refine(Boolean, TERMS_REQUIRED_MESSAGE) : z.boolean(),
    waivers: z.record(z.string(), z.boolean()).superRefine((accepted, ctx) => {
      for (const [key, name] of Object.entries(rules.waivers))
        if (!accepted[key])
          ctx.addIssue({ code: 'custom', path: [key], message: waiverRequiredMessage(name) });
    }),
    paymentChoice: z.enum(['saved', 'new']),
    saveCard: z.boolean(),
    card: (rules.isNewCard
      ? rules.isStripe
        ? cardHolderSchema
        : cardSchema
      : uncheckedCard) as typeof cardSchema,
  });
}
export type CheckoutInput = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutOutput = z.output<ReturnType<typeof checkoutSchema>>;
