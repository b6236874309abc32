import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Fieldhouse1!');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Fieldhouse1!', hash)).toBe(true);
    expect(await verifyPassword('fieldhouse1!', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Same1!aa')).not.toBe(await hashPassword('Same1!aa'));
  });

  it('rejects malformed hashes and always fails the dummy check', async () => {
    expect(await verifyPassword('x', 'bcrypt$abc')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
