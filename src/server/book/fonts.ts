/**
 * The book is set in P052, URW's free Palatino (Debian's fonts-urw-base35): a calm book face with
 * a real italic, static OpenType as pdfkit needs (ARCHITECTURE.md; the site's variable Fraunces
 * draws blank in pdfkit), and Latin, Greek and Cyrillic letters for the names families write.
 */
import { existsSync } from 'node:fs';
import * as fontkit from 'fontkit';

const FOLDER = '/usr/share/fonts/opentype/urw-base35';

export const BOOK_FONTS = {
  roman: `${FOLDER}/P052-Roman.otf`,
  italic: `${FOLDER}/P052-Italic.otf`,
  bold: `${FOLDER}/P052-Bold.otf`,
  boldItalic: `${FOLDER}/P052-BoldItalic.otf`,
} as const;

export type BookFont = keyof typeof BOOK_FONTS;

let checked = false;

/** Fails with what to install, rather than with pdfkit's "no such file" halfway through a book. */
export function requireBookFonts(): void {
  if (checked) return;
  for (const file of Object.values(BOOK_FONTS)) {
    if (!existsSync(file)) throw new Error(`The memorial book's font is missing: ${file} (P052). Install Debian's fonts-urw-base35.`);
  }
  checked = true;
}

let coverage: fontkit.Font | null = null;

/** The four cuts share one character set, so the roman one answers for all of them. */
function font(): fontkit.Font {
  if (!coverage) {
    const opened = fontkit.openSync(BOOK_FONTS.roman);
    if (!('hasGlyphForCodePoint' in opened)) throw new Error(`${BOOK_FONTS.roman} is a font collection, not a font`);
    coverage = opened;
  }
  return coverage;
}

/**
 * Text the font can print: a letter it lacks becomes its base letter where that is printable
 * (a Vietnamese ệ an e) or else a "?", instead of the empty box pdfkit would draw; control
 * characters other than a line break become spaces.
 */
export function printable(text: string): string {
  const face = font();
  const has = (char: string) => face.hasGlyphForCodePoint(char.codePointAt(0)!);
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    if (char === '\n' || char === '\u00ad' || has(char)) out += char;
    else if (char.codePointAt(0)! < 0x20) out += ' ';
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(has) ? base : '?';
    }
  }
  return out;
}
