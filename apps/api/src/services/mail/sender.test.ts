import { describe, expect, it } from 'vitest';
import { messageIdFor } from './sender.ts';

describe('messageIdFor', () => {
  it('builds a stable Message-ID on the MAIL_FROM domain', () => {
    expect(messageIdFor('outbox-12', 'Fieldhouse <no-reply@fieldhouse.test>')).toBe(
      '<outbox-12@fieldhouse.test>',
    );
    expect(messageIdFor('outbox-7', 'mail@leisure.example')).toBe('<outbox-7@leisure.example>');
    expect(messageIdFor('outbox-7', 'no address')).toBe('<outbox-7@fieldhouse.invalid>');
  });
});
