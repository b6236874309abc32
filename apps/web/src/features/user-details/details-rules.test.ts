import { describe, expect, it } from 'vitest';
import { messagesByPath } from './details-rules';

describe('messagesByPath', () => {
  it('maps camel-cased server keys back to the form paths and keeps the rest apart', () => {
    const defs = [{ key: 'first_name' }, { key: 'date_of_birth' }, { key: 'email' }];
    expect(
      messagesByPath(
        {
          firstName: ['First name is required.'],
          dateOfBirth: ['Date must be valid.', 'second'],
          email: ['Please enter a valid email address.'],
          checksum: ['Bad checksum'],
        },
        defs,
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
});
