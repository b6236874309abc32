import { TERMS_REQUIRED_MESSAGE } from '@fieldhouse/contract/checkout';
import { CARD_TEXTS, expiryValid, luhnValid, UK_POSTCODE } from '@fieldhouse/contract/payments';
import { z } from 'zod';

/** '1228', '12 / 28' or '12/28' → '12/28' (anything else is left for the rule to reject). */
export function normaliseExpiry(value: string): string {
  const compact = value.replace(/\s/g, '');
  const digits = /^(\d{2})\/?(\d{2})$/.exec(compact);
  return digits ? `${digits[1]}/${digits[2]}` : compact;
}

/** Card form and billing form (joining §3, §5) with the spec's messages and the contract's rules. */
export const cardSchema = z.object({
  cardholderName: z.string().trim().min(2, 'Please enter the name on the card').max(100),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine(luhnValid, CARD_TEXTS.number),
  expiryDate: z
    .string()
    .transform(normaliseExpiry)
    .refine((value) => expiryValid(value), CARD_TEXTS.expiry),
  securityCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/, CARD_TEXTS.securityCode),
  billingFirstName: z.string().trim().min(2, 'Please enter your first name').max(100),
  billingLastName: z.string().trim().min(2, 'Please enter your last name').max(100),
  billingAddressLineOne: z.string().trim().min(2, 'Please enter the first line of your address').max(200),
  billingAddressLineTwo: z
    .string()
    .trim()
    .max(200)
    .transform((value) => value || undefined)
    .optional(),
  billingCity: z.string().trim().min(2, 'Please enter your town or city').max(100),
  billingPostcode: z
    .string()
    .trim()
    .regex(UK_POSTCODE, CARD_TEXTS.postcode)
    .transform((value) => value.toUpperCase()),
});
export type CardInput = z.input<typeof cardSchema>;

export const emptyCard: CardInput = {
  cardholderName: '',
  cardNumber: '',
  expiryDate: '',
  securityCode: '',
  billingFirstName: '',
  billingLastName: '',
  billingAddressLineOne: '',
  billingAddressLineTwo: '',
  billingCity: '',
  billingPostcode: '',
};

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
    card: (rules.isNewCard ? cardSchema : uncheckedCard) as typeof cardSchema,
  });
}
export type CheckoutInput = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutOutput = z.output<ReturnType<typeof checkoutSchema>>;
