import { describe, expect, it } from 'vitest';
import { cardLabel } from './card-label';
import { isBillingValid, type ManageCardInput, manageCardSchema, toUpdateBody } from './manage-card-schema';

const valid: ManageCardInput = {
  firstName: 'Alex',
  lastName: 'Morgan',
  addressLine1: '1 High Street',
  addressLine2: '',
  city: 'Leeds',
  postCode: 'ls11 5dj',
};

const messages = (input: ManageCardInput) => {
  const result = manageCardSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('manage card billing form', () => {
  it('accepts valid details', () => {
    expect(isBillingValid(valid)).toBe(true);
  });

  it('needs more than 1 character in first name, last name, address line 1 and town or city', () => {
    expect(messages({ ...valid, firstName: 'A', lastName: ' B ', addressLine1: '1', city: '' })).toEqual({
      firstName: 'First name must be more than 1 character.',
      lastName: 'Last name must be more than 1 character.',
      addressLine1: 'Address line 1 must be more than 1 character.',
      city: 'Town or city must be more than 1 character.',
    });
    expect(isBillingValid({ ...valid, firstName: 'Al' })).toBe(true);
  });

  it('needs a UK postcode', () => {
    expect(messages({ ...valid, postCode: '12345' })).toEqual({ postCode: 'Please enter a valid postcode' });
    expect(messages({ ...valid, postCode: '' })).toEqual({ postCode: 'Please enter a valid postcode' });
    for (const postCode of ['LS11 5DJ', 'ls115dj', 'SW1A 1AA', 'M1 1AE', 'GIR 0AA'])
      expect(isBillingValid({ ...valid, postCode })).toBe(true);
  });

  it('leaves address line 2 optional', () => {
    expect(isBillingValid({ ...valid, addressLine2: '' })).toBe(true);
  });

  it('builds the update body in the contract spelling', () => {
    expect(toUpdateBody(manageCardSchema.parse({ ...valid, addressLine2: ' Flat 2 ' }))).toEqual({
      first_name: 'Alex',
      last_name: 'Morgan',
      address_line_1: '1 High Street',
      address_line_2: 'Flat 2',
      city: 'Leeds',
      post_code: 'LS11 5DJ',
    });
    expect(toUpdateBody(manageCardSchema.parse(valid)).address_line_2).toBeNull();
  });

  it('names the card by brand and last digits', () => {
    expect(cardLabel({ brand: 'Mastercard', lastFourDigits: '4444' })).toBe('Mastercard ending in 4444');
    expect(cardLabel({ brand: 'Visa', lastFourDigits: '4242' })).toBe('Visa ending in 4242');
  });
});
