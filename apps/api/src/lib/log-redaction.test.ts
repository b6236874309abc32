import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction.ts';

const TOKEN = 'bG9uZy1yYW5kb20tdG9rZW4tdGhhdC1pcy1saXZlLXh5eg';

describe('redactUrl', () => {
  it.each([
    [`/account/password-reset/${TOKEN}`, `/account/password-reset/${REDACTED}`],
    [`/password-reset/${TOKEN}?utm=mail`, `/password-reset/${REDACTED}?utm=mail`],
    [`/account/Password%2Dreset/${TOKEN}/`, `/account/Password%2Dreset/${REDACTED}/`],
    [`/account/password-reset%2F${TOKEN}`, `/account/password-reset%2F${REDACTED}`],
    [`/api/anything?token=${TOKEN}&x=1`, `/api/anything?token=${REDACTED}&x=1`],
    [`/api/anything?a=1&TOKEN=${TOKEN}`, `/api/anything?a=1&TOKEN=${REDACTED}`],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain(TOKEN);
  });

  it('leaves other URLs alone', () => {
    for (const url of [
      '/api/auth/password-reset/validate',
      '/api/auth/password-reset',
      '/api/sessions/12?from=x',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
