import { createHash } from 'node:crypto';

/** Tokens sent to a browser or an inbox are 32 random bytes; only their SHA-256 is stored. */
export function newToken(randomBytes: (size: number) => Uint8Array): string {
  return Buffer.from(randomBytes(32)).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
