import { SANDBOX_CARDS } from '@fieldhouse/contract/payments';
import { describe, expect, it } from 'vitest';
import { type CardInput, cardSchema, emptyCard, normaliseExpiry } from '../../../lib/card-rules';
import { checkoutSchema } from './card-schema';

const valid: CardInput = {
  cardholderName: 'Alex Morgan',
  cardNumber: SANDBOX_CARDS.success,
  expiryDate: '12/99',
  securityCode: '123',
  billingFirstName: 'Alex',
  billingLastName: 'Morgan',
  billingAddressLineOne: '1 High Street',
  billingAddressLineTwo: '',
  billingCity: 'Leeds',
  billingPostcode: 'ls11 5dj',
};

const messages = (input: CardInput) => {
  const result = cardSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('card form', () => {
  it('accepts a valid card and normalises it', () => {
    const result = cardSchema.parse(valid);
    expect(result.cardNumber).toBe('4242424242424242');
    expect(result.billingPostcode).toBe('LS11 5DJ');
    expect(result.billingAddressLineTwo).toBeUndefined();
  });

  it('accepts every sandbox test card', () => {
    for (const number of Object.values(SANDBOX_CARDS))
      expect(cardSchema.safeParse({ ...valid, cardNumber: number }).success).toBe(true);
  });

  it('rejects a number failing the Luhn check', () => {
    expect(messages({ ...valid, cardNumber: '4242 4242 4242 4241' })).toEqual({
      cardNumber: 'Please enter a valid card number',
    });
    expect(messages({ ...valid, cardNumber: 'abcd' }).cardNumber).toBe('Please enter a valid card number');
  });

  it('rejects an expiry date in the past or not MM/YY', () => {
    expect(messages({ ...valid, expiryDate: '01/20' })).toEqual({
      expiryDate: 'Please enter a valid expiry date',
    });
    expect(messages({ ...valid, expiryDate: '13/30' }).expiryDate).toBe('Please enter a valid expiry date');
    expect(messages({ ...valid, expiryDate: '' }).expiryDate).toBe('Please enter a valid expiry date');
  });

  it('accepts the current month and MMYY typed without the slash', () => {
    const now = new Date();
    const mm = String(now.getMonth() + 1).padStart(2, '0');
    const yy = String(now.getFullYear() % 100).padStart(2, '0');
    expect(messages({ ...valid, expiryDate: `${mm}/${yy}` })).toEqual({});
    expect(normaliseExpiry('1228')).toBe('12/28');
    expect(normaliseExpiry(' 12 / 28 ')).toBe('12/28');
  });

  it('needs a 3-digit security code', () => {
    for (const code of ['12', '1234', 'abc', ''])
      expect(messages({ ...valid, securityCode: code })).toEqual({
        securityCode: 'Please enter a valid security code',
      });
  });

  it('needs a UK postcode', () => {
    for (const postcode of ['12345', 'LS11', ''])
      expect(messages({ ...valid, billingPostcode: postcode })).toEqual({
        billingPostcode: 'Please enter a valid postcode',
      });
    expect(messages({ ...valid, billingPostcode: 'M13 9SS' })).toEqual({});
    expect(messages({ ...valid, billingPostcode: 'SW1A1AA' })).toEqual({});
  });

  it('needs the name and the billing address (line two optional)', () => {
    expect(Object.keys(messages({ ...emptyCard }))).toEqual([
      'cardholderName',
      'cardNumber',
      'expiryDate',
      'securityCode',
      'billingFirstName',
      'billingLastName',
      'billingAddressLineOne',
      'billingCity',
      'billingPostcode',
    ]);
  });
});

describe('checkout form', () => {
  const base = { termsAccepted: false, waivers: {}, paymentChoice: 'new' as const, saveCard: false };

  it('requires the terms only when there are terms', () => {
    const rules = { isTermsRequired: true, waivers: {}, isNewCard: false };
    const result = checkoutSchema(rules).safeParse({ ...base, card: emptyCard });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('You must agree to the Terms and Conditions.');
    expect(
      checkoutSchema({ ...rules, isTermsRequired: false }).safeParse({ ...base, card: emptyCard }).success,
    ).toBe(true);
  });

  it('requires every listed waiver', () => {
    const schema = checkoutSchema({ isTermsRequired: false, waivers: { w1: 'Aqua Fit' }, isNewCard: false });
    const result = schema.safeParse({ ...base, card: emptyCard });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['waivers', 'w1'],
      message: 'You must accept the waiver for Aqua Fit.',
    });
    expect(schema.safeParse({ ...base, waivers: { w1: true }, card: emptyCard }).success).toBe(true);
  });

  it('checks the card only when paying with a new card', () => {
    const rules = { isTermsRequired: false, waivers: {}, isNewCard: true };
    expect(checkoutSchema(rules).safeParse({ ...base, card: emptyCard }).success).toBe(false);
    expect(checkoutSchema(rules).safeParse({ ...base, card: valid }).success).toBe(true);
  });
});
