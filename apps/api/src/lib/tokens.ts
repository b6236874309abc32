import { createHash, randomBytes } from 'node:crypto';

/** A random 32-byte token, base64url (43 characters). */
export const createToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** SHA-256 hex of a token: what the database stores instead of the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
