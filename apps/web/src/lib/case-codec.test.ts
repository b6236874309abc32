import { describe, expect, it } from 'vitest';
import { camelKey, snakeKey, toCamel, toSnake } from './case-codec';

describe('case codec', () => {
  it('converts keys deeply to camelCase, leaving values alone', () => {
    const wire = {
      first_name: 'Ada',
      theme_app_secondary_colour1: '#000000',
      profile_photo: { is_set: false, authorisation: { allowed: true } },
      document_expiry: [{ days_to_expiry: 3, note: 'keep_this_value' }],
      tags: ['a_b'],
      nothing: null,
    };
    expect(toCamel(wire)).toEqual({
      firstName: 'Ada',
      themeAppSecondaryColour1: '#000000',
      profilePhoto: { isSet: false, authorisation: { allowed: true } },
      documentExpiry: [{ daysToExpiry: 3, note: 'keep_this_value' }],
      tags: ['a_b'],
      nothing: null,
    });
  });

  it('converts keys deeply to snake_case', () => {
    expect(toSnake({ clientId: 1, passwordConfirmation: 'x', nested: [{ termsAccepted: true }] })).toEqual({
      client_id: 1,
      password_confirmation: 'x',
      nested: [{ terms_accepted: true }],
    });
  });

  it('round-trips keys with digits', () => {
    expect(camelKey('theme_app_secondary_colour2')).toBe('themeAppSecondaryColour2');
    expect(snakeKey('themeAppSecondaryColour2')).toBe('theme_app_secondary_colour2');
    expect(snakeKey(camelKey('op_gtm_id'))).toBe('op_gtm_id');
  });

  it('leaves non-plain objects untouched', () => {
    const date = new Date(0);
    expect(toSnake({ someDate: date }).some_date).toBe(date);
  });
});
