/** TOTP against RFC 6238's own test vectors (appendix B, SHA-1), and the window this product accepts. */
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes';
import { matchTotp, otpauthUri, secretFromText, secretText, stepAt, totpCode } from './totp';

// The RFC's SHA-1 seed: the ASCII of "12345678901234567890", 20 bytes like ours.
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);
const code6 = (seconds: number) => totpCode(RFC_SECRET, at(seconds));

describe('totp', () => {
  it.each(RFC_VECTORS)('gives the RFC’s 8-digit code at %i s, and its last six digits as the 6-digit code', (seconds, code) => {
    expect(totpCode(RFC_SECRET, at(seconds), 8)).toBe(code);
    // Truncation keeps the value modulo 10^digits: the 6-digit code is the 8-digit one's tail.
    expect(totpCode(RFC_SECRET, at(seconds))).toBe(code.slice(2));
  });

  it('takes the current step’s code and the previous one’s, giving the step, and nothing older or newer', () => {
    const now = 1234567890;
    const code = code6(now);
    expect(matchTotp(RFC_SECRET, code, at(now))).toBe(stepAt(at(now)));
    expect(stepAt(at(now))).toBe(Math.floor(now / 30));
    expect(matchTotp(RFC_SECRET, code, at(now + 30))).toBe(Math.floor(now / 30));
    expect(matchTotp(RFC_SECRET, code, at(now + 60))).toBeNull();
    expect(matchTotp(RFC_SECRET, code, at(now - 30))).toBeNull();
  });

  it('refuses what is not six digits without asking the library', () => {
    for (const typed of ['', '12345', '1234567', 'abcdef', ' 123456', '12 3456']) expect(matchTotp(RFC_SECRET, typed, at(59))).toBeNull();
  });

  it('writes the secret in base32 for the apps and reads it back, and names Mindested in the address', () => {
    expect(secretText(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(secretFromText(secretText(RFC_SECRET))).toEqual(RFC_SECRET);
    expect(otpauthUri(RFC_SECRET, 'anna.hansen')).toBe('otpauth://totp/Mindested:anna.hansen?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Mindested');
  });
});


describe('recovery codes', () => {
  it('makes ten readable codes and reads them back however they are typed', () => {
    let n = 0;
    const bytes = (size: number) => Uint8Array.from({ length: size }, () => (n += 7) & 255);
    const codes = newRecoveryCodes(bytes);
    expect(codes).toHaveLength(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/);
      expect(normaliseRecoveryCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code.replace(/-/g, ''));
    }
    expect(normaliseRecoveryCode('oIl0-0000-00')).toBe('0110000000');
    expect(normaliseRecoveryCode('ABCD-EFGH-J')).toBeNull();
    expect(normaliseRecoveryCode('ABCD-EFGH-JU')).toBeNull();
    expect(hashRecoveryCode('0110000000')).toMatch(/^[0-9a-f]{64}$/);
  });
});
