/**
 * TOTP (RFC 6238) as every authenticator app makes it: HMAC-SHA-1, 6 digits, 30-second steps,
 * 20-byte secrets. otplib does the arithmetic; time is always passed in (deps.now()), so tests
 * move a clock rather than mock one.
 */
import { generateSync, generateURI, ScureBase32Plugin, verifySync } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_SECRET_BYTES = 20;
const ISSUER = 'Mindested';

const base32 = new ScureBase32Plugin();

export const newTotpSecret = (randomBytes: (size: number) => Uint8Array): Uint8Array => Uint8Array.from(randomBytes(TOTP_SECRET_BYTES));

/** The secret as the apps want it typed: base32, no padding. */
export const secretText = (secret: Uint8Array): string => base32.encode(secret, { padding: false });

export const secretFromText = (text: string): Uint8Array => base32.decode(text);

/** The address the QR code carries: the app shows "Mindested (label)". */
export const otpauthUri = (secret: Uint8Array, label: string): string => generateURI({ issuer: ISSUER, label, secret: secretText(secret) });

/** The 30-second step a moment falls in (RFC 6238's T). */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code an app shows at `at`; `digits` 8 only for RFC 6238's own test vectors. */
export function totpCode(secret: Uint8Array, at: Date, digits: 6 | 8 = TOTP_DIGITS): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), digits });
}

/**
 * The step whose code `code` is, if it is the code of the current step or the one before it (a
 * code typed in the last seconds of its step arrives in the next), else null. Whether that step was
 * used already is the caller's to decide (two-factor.ts keeps the last one taken).
 */
export function matchTotp(secret: Uint8Array, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({ secret, token: code, epoch: Math.floor(at.getTime() / 1000), epochTolerance: [TOTP_PERIOD_SECONDS, 0] });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
