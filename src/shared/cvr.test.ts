import { describe, expect, it } from 'vitest';
import { isValidCvr, normalizeCvr } from './cvr';

describe('CVR numbers', () => {
  it('accepts numbers whose weighted sum is divisible by 11', () => {
    // Real, public CVR numbers: Novo Nordisk A/S, Carlsberg A/S, Danske Bank A/S.
    for (const cvr of ['24256790', '61056416', '61126228']) expect(isValidCvr(cvr)).toBe(true);
  });

  it('refuses a wrong digit, two swapped digits, the wrong length and a leading zero', () => {
    expect(isValidCvr('24256791')).toBe(false);
    expect(isValidCvr('42256790')).toBe(false);
    expect(isValidCvr('2425679')).toBe(false);
    expect(isValidCvr('242567900')).toBe(false);
    expect(isValidCvr('0425679A')).toBe(false);
    expect(isValidCvr('00000000')).toBe(false);
  });

  it('reads what people type: spaces, dots, hyphens and a DK prefix', () => {
    expect(normalizeCvr('DK 24 25 67 90')).toBe('24256790');
    expect(normalizeCvr('24.25.67.90')).toBe('24256790');
    expect(normalizeCvr(' 2425-6790 ')).toBe('24256790');
    expect(normalizeCvr('abc')).toBe('abc');
  });
});
