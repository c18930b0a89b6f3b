/**
 * Danish CVR numbers: 8 digits whose weighted sum (weights 2, 7, 6, 5, 4, 3, 2, 1) is divisible by
 * 11, so most typos (one wrong digit, two swapped) are caught before anyone looks the firm up.
 */
const WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];

/** What a person types ("DK 12 34 56 78", "12345678") as the 8 digits, or the text as it was when it is not 8 digits. */
export const normalizeCvr = (input: string) => {
  const digits = input.replace(/^\s*DK/i, '').replace(/[\s.-]/g, '');
  return /^\d{8}$/.test(digits) ? digits : input.trim();
};

export function isValidCvr(cvr: string): boolean {
  if (!/^\d{8}$/.test(cvr) || cvr.startsWith('0')) return false;
  const sum = [...cvr].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  return sum % 11 === 0;
}
