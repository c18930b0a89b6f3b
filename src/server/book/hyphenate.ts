/**
 * Danish hyphenation for the book: soft hyphens (U+00AD) at the break points of Danish TeX's
 * patterns (the hyphen package's hyphen/da), which pdfkit's line breaker honours: it may break a
 * line there and then prints a hyphen, and prints nothing where it does not break. Without them a
 * word such as "begravelsesforretningen" leaves gaping lines in a measure as narrow as A5's.
 */
// The file itself: the package has no exports map, and Node's ESM loader does not open a folder's index.js.
import danish from 'hyphen/da/index.js';

const SOFT_HYPHEN = '\u00ad';
/**
 * At least two letters before a break and three after, as Danish books are set: "Vej-le" and
 * "bør-ne" read badly with the last letters alone on the next line.
 */
const LEFT_MIN = 2;
const RIGHT_MIN = 3;

/** Keeps a word's break points only where both sides are long enough. */
function trimBreaks(word: string): string {
  const parts = word.split(SOFT_HYPHEN);
  if (parts.length === 1) return word;
  const total = parts.reduce((sum, part) => sum + [...part].length, 0);
  let out = parts[0]!;
  let before = [...parts[0]!].length;
  for (const part of parts.slice(1)) {
    const keep = before >= LEFT_MIN && total - before >= RIGHT_MIN;
    out += (keep ? SOFT_HYPHEN : '') + part;
    before += [...part].length;
  }
  return out;
}

/** The text with soft hyphens where a Danish word may be broken at a line's end. */
export function hyphenateDanish(text: string): string {
  // Addresses and e-mail addresses are left whole: a hyphen inside one would change it.
  return text
    .split(/(\s+)/)
    .map((token) => (/[@/]|^www\.|\d/.test(token) || !/\p{L}{5,}/u.test(token) ? token : trimBreaks(danish.hyphenateSync(token, { hyphenChar: SOFT_HYPHEN }))))
    .join('');
}
