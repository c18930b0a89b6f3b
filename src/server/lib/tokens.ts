import { createHash } from 'node:crypto';
import { HttpError } from './errors';

/** Tokens sent to a browser or an inbox are 32 random bytes; only their SHA-256 is stored. */
export function newToken(randomBytes: (size: number) => Uint8Array): string {
  return Buffer.from(randomBytes(32)).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a single-use link says of itself when it cannot be used, in its own words. */
export interface LinkWords {
  unknown: string;
  used: string;
  expired: string;
}

/**
 * The one rule of single-use links (a reset, an account set-up): a token nobody issued is the
 * caller's mistake (400); a used or expired one existed and is gone (410), and says which.
 */
export function usableLink<T extends { usedAt: Date | null; expiresAt: Date }>(row: T | undefined, now: Date, words: LinkWords): T {
  if (!row) throw new HttpError(400, words.unknown);
  if (row.usedAt) throw new HttpError(410, words.used);
  if (row.expiresAt <= now) throw new HttpError(410, words.expired);
  return row;
}
