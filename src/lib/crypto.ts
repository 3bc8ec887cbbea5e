import { createHmac, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A URL-safe random secret (session ids, API keys, single-use tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * What we store instead of a bearer secret: HMAC-SHA256 keyed with the server secret, so a copy
 * of the database alone neither reveals nor lets anyone forge a live session or key.
 */
export function tokenDigest(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real argon2 hash of a random string: verified against when the email is unknown, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomToken());
  return dummyHash;
}
