import { describe, expect, it } from 'vitest';
import { createToken } from './tokens.ts';

describe('createToken', () => {
  it('gives base64url tokens of the asked length, never the same one twice across pool refills', () => {
    const seen = new Set<string>();
    // 24-byte tokens: 4096 / 24 per pool, so 1,000 of them refill it several times (and straddle its end).
    for (let i = 0; i < 1000; i++) {
      const token = createToken(24);
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      seen.add(token);
    }
    expect(seen.size).toBe(1000);
    expect(createToken()).toHaveLength(43);
    expect(createToken(5000)).toHaveLength(Math.ceil((5000 * 4) / 3));
  });

  it('hands out no zero-filled (wiped) bytes', () => {
    // A token of 32 zero bytes would be 43 'A's; over many tokens, none is made of wiped bytes.
    for (let i = 0; i < 500; i++) expect(createToken(32)).not.toMatch(/AAAAAAAAAAAA/);
  });
});
