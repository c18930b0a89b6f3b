import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, checkCharacter, formatCode, generateCode, isWellFormedCode, normalizeCode, parseCode } from './qr-code';

describe('QR code format', () => {
  it('makes 10 characters of Crockford Base32 with a matching check character', () => {
    for (let i = 0; i < 500; i++) {
      const code = generateCode(randomBytes);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(checkCharacter(code.slice(0, 9))).toBe(code[9]);
      expect(isWellFormedCode(code)).toBe(true);
    }
  });

  it('uses every alphabet character for byte values 0–255 evenly', () => {
    const bytes = Uint8Array.from({ length: 9 }, (_, i) => i * 32 + 31);
    expect(generateCode(() => bytes).slice(0, 9)).toBe('Z'.repeat(9));
    expect(generateCode(() => new Uint8Array(9)).slice(0, 9)).toBe('000000000');
  });

  it('computes the Luhn mod 32 check character', () => {
    // Worked by hand: values 1,2,3 from the right → 3·2=6, 2·1=2, 1·2=2 → sum 10 → (32−10) = 22 → 'P'.
    expect(checkCharacter('123')).toBe(CODE_ALPHABET[22]);
    expect(CODE_ALPHABET[22]).toBe('P');
  });

  it('detects every single wrong character', () => {
    const code = generateCode(randomBytes);
    for (let position = 0; position < 10; position++) {
      for (const char of CODE_ALPHABET) {
        if (char === code[position]) continue;
        const typo = code.slice(0, position) + char + code.slice(position + 1);
        expect(isWellFormedCode(typo), `${typo} from ${code}`).toBe(false);
      }
    }
  });

  it('detects swapped neighbours', () => {
    let detected = 0;
    let swaps = 0;
    for (let i = 0; i < 200; i++) {
      const code = generateCode(randomBytes);
      for (let p = 0; p < 9; p++) {
        if (code[p] === code[p + 1]) continue;
        swaps++;
        const swapped = code.slice(0, p) + code[p + 1] + code[p] + code.slice(p + 2);
        if (!isWellFormedCode(swapped)) detected++;
      }
    }
    // Luhn mod N misses a swap only of two particular value pairs; nearly all are caught.
    expect(detected / swaps).toBeGreaterThan(0.99);
  });

  it('reads typed input case-insensitively, ignoring hyphens and spaces', () => {
    const code = generateCode(randomBytes);
    const typed = ` ${code.slice(0, 5).toLowerCase()}-${code.slice(5, 8)} ${code.slice(8).toLowerCase()} `;
    expect(normalizeCode(typed)).toBe(code);
    expect(parseCode(typed)).toBe(code);
  });

  it("reads Crockford's look-alikes: I and L as 1, O as 0", () => {
    expect(normalizeCode('OIL0000000')).toBe('0110000000');
  });

  it('rejects wrong lengths and characters outside the alphabet', () => {
    expect(normalizeCode('ABC')).toBeNull();
    expect(normalizeCode('ABCDEFGHJKM')).toBeNull();
    expect(normalizeCode('ABCDEFGHJU')).toBeNull();
    expect(parseCode('')).toBeNull();
    expect(parseCode('ÆØÅÆØÅÆØÅÆ')).toBeNull();
  });

  it('formats a code in two groups of five', () => {
    expect(formatCode('7K3QMXR8D2')).toBe('7K3QM-XR8D2');
  });
});
