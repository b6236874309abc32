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

/**
 * With Stripe its own fields take the card's number, expiry and security code (and check them): the form checks
 * only the cardholder and the billing address (decision 038).
 */
export const cardHolderSchema = cardSchema.extend({
  cardNumber: z.string(),
  expiryDate: z.string(),
  securityCode: z.string(),
});

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
