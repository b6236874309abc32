import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random 32-byte token, base64url (43 characters). */
export const createToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** SHA-256 hex of a token: what the database stores instead of the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A guest-pass code people can read out: 'GP-XXXX-XXXX' without look-alikes (0/O, 1/I). */
export function createGuestPassCode() {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `GP-${code.slice(0, 4)}-${code.slice(4)}`;
}
