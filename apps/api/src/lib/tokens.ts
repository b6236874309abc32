import { createHash, randomFillSync, randomInt } from 'node:crypto';

/**
 * Random bytes taken from the CSPRNG 4 kB at a time and handed out once each (as node's randomUUID does): one
 * system call per ~170 CSRF tokens instead of one per token, which every cookie-less reply makes (issue 12).
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** A random token of `bytes` bytes (default 32), base64url (43 characters for 32 bytes). */
export function createToken(bytes = 32) {
  if (bytes > POOL_SIZE) return randomFillSync(Buffer.alloc(bytes)).toString('base64url');
  if (poolOffset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + bytes);
  // Wiped once used: a later reader of the pool (a heap dump) never sees a handed-out token.
  pool.fill(0, poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
}

/** SHA-256 hex of a token: what the database stores instead of the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A guest-pass code people can read out: 'GP-XXXX-XXXX' without look-alikes (0/O, 1/I). */
export function createGuestPassCode() {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `GP-${code.slice(0, 4)}-${code.slice(4)}`;
}
