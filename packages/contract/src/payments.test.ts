import { describe, expect, it } from 'vitest';
import { expiryValid, luhnValid, SANDBOX_CARDS, sandboxTokenBody, UK_POSTCODE } from './payments.ts';

describe('card rules', () => {
  it('accepts Luhn-valid numbers and refuses others', () => {
    for (const card of Object.values(SANDBOX_CARDS)) expect(luhnValid(card.replace(/ /g, ''))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false); // callers strip spaces first
  });

  it('accepts an expiry in the current month or later, refuses past and malformed ones', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('01/27', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('13/27', now)).toBe(false);
    expect(expiryValid('1/27', now)).toBe(false);
  });

  it('matches UK postcodes with or without the space, in any case', () => {
    for (const ok of ['M13 9SS', 'm139ss', 'EC1V 3QF', 'CF11 0JS', 'SW1A 1AA', 'GIR 0AA'])
      expect(UK_POSTCODE.test(ok)).toBe(true);
    for (const bad of ['12345', 'M13', 'QQ1 1AA', 'M13 9SSS']) expect(UK_POSTCODE.test(bad)).toBe(false);
  });

  it('reports each card field with the spec message', () => {
    const result = sandboxTokenBody.safeParse({
      cardholder_name: 'A',
      card_number: '4242 4242 4242 4241',
      expiry_date: '01/20',
      security_code: '12',
      billing_first_name: 'Alex',
      billing_last_name: 'Morgan',
      billing_address_line_one: '1 High Street',
      billing_city: 'Leeds',
      billing_postcode: 'nope',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      card_number: 'Please enter a valid card number',
      expiry_date: 'Please enter a valid expiry date',
      security_code: 'Please enter a valid security code',
      billing_postcode: 'Please enter a valid postcode',
    });
  });
});
