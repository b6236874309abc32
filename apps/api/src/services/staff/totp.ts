import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes as authenticator apps make them: SHA-1, six digits, 30-second steps. */
const totpFor = (secret: string, label = 'staff') =>
  new TOTP({
    issuer: 'Fieldhouse',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpUri = (secret: string, email: string) => totpFor(secret, email).toString();

/** The code for `at` (tests and the command line's check). */
export const totpCode = (secret: string, at: Date) => totpFor(secret).generate({ timestamp: at.getTime() });

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either way), else null. The
 * caller refuses a step at or before the last one accepted, so a code works once.
 */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 30_000) + delta;
}
