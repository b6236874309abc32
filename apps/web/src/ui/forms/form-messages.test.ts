import { describe, expect, it } from 'vitest';
import { matchServerErrors } from './form-messages';

describe('matchServerErrors', () => {
  it('maps camel-cased server keys back to the form paths and keeps the rest apart', () => {
    expect(
      matchServerErrors(
        {
          firstName: ['First name is required.'],
          dateOfBirth: ['Date must be valid.', 'second'],
          email: ['Please enter a valid email address.'],
          checksum: ['Bad checksum'],
        },
        ['first_name', 'date_of_birth', 'email'],
      ),
    ).toEqual({
      messages: {
        first_name: 'First name is required.',
        date_of_birth: 'Date must be valid.',
        email: 'Please enter a valid email address.',
      },
      unmatched: ['Bad checksum'],
    });
  });

  it('drops a prefix such as account. or answers.', () => {
    expect(
      matchServerErrors(
        { 'account.passwordConfirmation': ['No match'], 'answers.12': ['Required'] },
        ['password_confirmation', '12'],
        ['account', 'answers'],
      ),
    ).toEqual({ messages: { password_confirmation: 'No match', 12: 'Required' }, unmatched: [] });
  });
});
