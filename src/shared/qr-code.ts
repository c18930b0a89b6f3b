/**
 * The QR code format (PRODUCT.md "QR codes"): 10 characters of Crockford Base32, 9 random and one
 * check character, so a typo or a guess is caught before any database look-up.
 *
 * The check character is Luhn mod N over the 32-symbol alphabet: it catches every single wrong
 * character and every swap of two neighbouring characters, the two mistakes people make when they
 * type a code off a stone.
 */

export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;
const BODY_LENGTH = CODE_LENGTH - 1;
const N = CODE_ALPHABET.length;

function valueOf(char: string): number {
  return CODE_ALPHABET.indexOf(char);
}

/** The check character for a body of valid alphabet characters. */
export function checkCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  // Luhn mod N works from the right, doubling every other value.
  for (let i = body.length - 1; i >= 0; i--) {
    const value = valueOf(body[i]!);
    if (value < 0) throw new Error(`Ugyldigt tegn i kode: ${body[i]}`);
    let addend = factor * value;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  const remainder = sum % N;
  return CODE_ALPHABET[(N - remainder) % N]!;
}

/**
 * Reads a code the way a person may have typed it: case-insensitively, ignoring hyphens and white
 * space, and with Crockford's look-alikes (I and L read as 1, O as 0). Returns null when what is
 * left cannot be a code.
 */
export function normalizeCode(input: string): string | null {
  const cleaned = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (cleaned.length !== CODE_LENGTH) return null;
  for (const char of cleaned) if (valueOf(char) < 0) return null;
  return cleaned;
}

/** True when the input normalises to a code whose check character is right. */
export function isWellFormedCode(input: string): boolean {
  const code = normalizeCode(input);
  if (!code) return false;
  return checkCharacter(code.slice(0, BODY_LENGTH)) === code[BODY_LENGTH];
}

/** Normalises a code and checks it; null for anything that is not a well-formed code. */
export function parseCode(input: string): string | null {
  const code = normalizeCode(input);
  return code && isWellFormedCode(code) ? code : null;
}

/**
 * Makes a new code from a source of random bytes (passed in so tests control it). Rejection
 * sampling is not needed: 256 is a multiple of 32, so `byte % 32` is uniform.
 */
export function generateCode(randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(BODY_LENGTH);
  let body = '';
  for (const byte of bytes) body += CODE_ALPHABET[byte % N];
  return body + checkCharacter(body);
}

/** Shows a code in two groups of five, as printed next to the symbol: "7K3QM-XR8D2". */
export function formatCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Pulls a code out of whatever a scanner or a person handed us: the bare code, or a link of ours
 * that carries it (/qr/{code}, /qr-scan/{code}, …).
 */
export function codeFromInput(input: string): string | null {
  const trimmed = input.trim();
  const fromPath = /\/(?:qr|qr-scan|qr-setup|qr-linking|memorial\/qr)\/([^/?#\s]+)/i.exec(trimmed);
  if (!fromPath) return parseCode(trimmed);
  try {
    return parseCode(decodeURIComponent(fromPath[1]!));
  } catch {
    return null; // a broken %-escape, as a damaged print or a prankster's link may carry
  }
}
