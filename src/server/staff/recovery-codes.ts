/**
 * Recovery codes for a lost phone: ten, shown once, each good for one sign-in. Written in
 * Crockford's base32 (no I, L, O or U, so nothing is misread) as ABCD-EFGH-JK: 50 random bits each,
 * far past guessing within the rate limit, so a plain SHA-256 is the right hash (a slow one is for
 * what people choose).
 */
import { createHash } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** Ten new codes, formatted to show. */
export function newRecoveryCodes(randomBytes: (size: number) => Uint8Array): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 256 is a multiple of 32: the low five bits of a random byte are an unbiased symbol.
    const symbols = Array.from(randomBytes(LENGTH), (byte) => ALPHABET[byte & 31]).join('');
    return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
  });
}

/**
 * What a person typed, as stored: case, spaces and hyphens ignored, and the letters Crockford
 * reads as digits (O as 0; I and L as 1) read so. Null when it cannot be a recovery code.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (text.length !== LENGTH || ![...text].every((c) => ALPHABET.includes(c))) return null;
  return text;
}

export const hashRecoveryCode = (normalised: string): string => createHash('sha256').update(normalised).digest('hex');
