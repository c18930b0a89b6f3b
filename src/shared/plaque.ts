/**
 * What may be engraved on a QR plaque, shared by the order form and the server's proof
 * (server/money/plaque-proof.ts): the sizes we sell, where the text goes, and the Danish messages
 * for text that does not fit. The client and the server measure a line with the same table, so a
 * text the form accepts is one the proof can draw.
 */

export interface PlaqueSize {
  widthMm: number;
  heightMm: number;
  label: string;
}

/** Each size has its own width, so a width alone names the size. */
export const PLAQUE_SIZES = [
  { widthMm: 50, heightMm: 50, label: '5 × 5 cm' },
  { widthMm: 80, heightMm: 80, label: '8 × 8 cm' },
  { widthMm: 100, heightMm: 60, label: '10 × 6 cm' },
] as const satisfies readonly PlaqueSize[];

/** What a plaque is made of: rustfrit stål, sort granit, messing (the catalogue's products name one each). */
export const PLAQUE_MATERIALS = ['staal', 'granit', 'messing'] as const;
export type PlaqueMaterial = (typeof PLAQUE_MATERIALS)[number];

export const PLAQUE_MATERIAL_LABELS: Record<PlaqueMaterial, string> = {
  staal: 'Rustfrit stål',
  granit: 'Sort granit',
  messing: 'Messing',
};

export const PLAQUE_MAX_LINES = 3;

/**
 * The smallest letters the laser engraves legibly: the font's size (its em, from the descenders
 * to the accents), so the capitals stand about 3 mm tall. Smaller, and a fibre laser's line
 * width fills in the counters of e, a and ø on stone.
 */
export const MIN_LETTER_HEIGHT_MM = 4;

/** The engraving's serif (fonts-dejavu-core), which the proof's renderer (librsvg) has too. */
export const PLAQUE_FONT_FAMILY = 'DejaVu Serif';

/**
 * Advance widths in DejaVu Serif (Book), in thousandths of the font size, rounded up, for every
 * character we engrave. Read from the font file (the test compares them with pdfkit's measure).
 */
const ADVANCE: Record<string, number> = {
  'a': 597, 'b': 641, 'c': 561, 'd': 641, 'e': 592, 'f': 371, 'g': 641, 'h': 645, 'i': 320, 'j': 311, 'k': 606, 'l': 320, 'm': 949, 'n': 645, 'o': 603, 'p': 641, 'q': 641, 'r': 479, 's': 514, 't': 402, 'u': 645, 'v': 565, 'w': 856, 'x': 564, 'y': 565, 'z': 527, 'æ': 940, 'ø': 603, 'å': 597, 'ä': 597, 'ö': 603, 'ü': 645, 'é': 592,
  'A': 723, 'B': 735, 'C': 766, 'D': 802, 'E': 730, 'F': 694, 'G': 799, 'H': 873, 'I': 396, 'J': 401, 'K': 748, 'L': 665, 'M': 1024, 'N': 875, 'O': 820, 'P': 673, 'Q': 820, 'R': 753, 'S': 686, 'T': 667, 'U': 843, 'V': 723, 'W': 1028, 'X': 712, 'Y': 661, 'Z': 695, 'Æ': 1001, 'Ø': 820, 'Å': 723, 'Ä': 723, 'Ö': 820, 'Ü': 843, 'É': 730,
  '0': 637, '1': 637, '2': 637, '3': 637, '4': 637, '5': 637, '6': 637, '7': 637, '8': 637, '9': 637,
  ' ': 318, '.': 318, ',': 318, '-': 338, '–': 500, "'": 275, '’': 318, '(': 391, ')': 391, '&': 891, '/': 337, '†': 500, '*': 500,
};

/** Every character the laser engraves: the ones we have a width for. (’ is there because phones type it for '.) */
export const PLAQUE_CHARACTERS = Object.keys(ADVANCE).join('');

/** What a family is told it may use, in words. */
const ALLOWED_IN_WORDS = "bogstaver, tal, mellemrum og . , - – ' ( ) & / † *";

/**
 * Danish names, dates and verses measure 0.51 to 0.57 of the font size per character in DejaVu
 * Serif; the character limit assumes a little more, so a line at the limit fits unless it is
 * mostly capitals or wide letters, which the width check catches.
 */
const TYPICAL_ADVANCE = 0.58;

/** The blank border kept all round the plaque, in mm: 7 % of its shorter side. */
export const plaqueMarginMm = (size: { widthMm: number; heightMm: number }) => 0.07 * Math.min(size.widthMm, size.heightMm);

/**
 * The width the text may take, in mm. A square plaque has the text below the symbol across its
 * full width; a wide one has the symbol on the left, as tall as the plaque allows, and the text in
 * the column to its right, half a margin clear of the symbol's quiet zone.
 */
export function plaqueTextWidthMm(size: { widthMm: number; heightMm: number }): number {
  const margin = plaqueMarginMm(size);
  if (size.widthMm <= size.heightMm) return size.widthMm - 2 * margin;
  const symbol = size.heightMm - 2 * margin;
  return size.widthMm - 2.5 * margin - symbol;
}

/** The most characters a line may have on a plaque of this size. */
export const plaqueMaxCharacters = (size: { widthMm: number; heightMm: number }) =>
  Math.floor(plaqueTextWidthMm(size) / (MIN_LETTER_HEIGHT_MM * TYPICAL_ADVANCE));

/** A line's width in DejaVu Serif, in units of the font size (no kerning: an upper bound). */
export function plaqueLineWidthEm(line: string): number {
  let thousandths = 0;
  for (const char of line) thousandths += ADVANCE[char] ?? 1000;
  return thousandths / 1000;
}

/**
 * The lines as they will be engraved: each trimmed and with single spaces, and no empty lines
 * before the first or after the last (an empty line between two is kept: it is a blank row).
 */
export function plaqueLines(lines: readonly string[]): string[] {
  const tidy = lines.map((line) => line.trim().replace(/\s+/g, ' '));
  while (tidy.length > 0 && tidy[0] === '') tidy.shift();
  while (tidy.length > 0 && tidy[tidy.length - 1] === '') tidy.pop();
  return tidy;
}

/** "Vælg 5 × 5 cm, 8 × 8 cm eller 10 × 6 cm." */
export const CHOOSE_A_SIZE = `Vælg ${PLAQUE_SIZES.map((size, index) => (index === 0 ? '' : index === PLAQUE_SIZES.length - 1 ? ' eller ' : ', ') + size.label).join('')}.`;

export const plaqueSizeByWidth = (widthMm: number): PlaqueSize | undefined => PLAQUE_SIZES.find((size) => size.widthMm === widthMm);

/** Why this text cannot be engraved on a plaque this wide, in Danish, or null when it can. */
export function plaqueTextProblems(lines: readonly string[], widthMm: number): string | null {
  const size = plaqueSizeByWidth(widthMm);
  if (!size) return `Vi laver ikke plader, der er ${String(widthMm / 10).replace('.', ',')} cm brede. ${CHOOSE_A_SIZE}`;
  const text = plaqueLines(lines);
  if (text.length > PLAQUE_MAX_LINES) return `Der er plads til højst ${PLAQUE_MAX_LINES} linjer tekst på pladen.`;
  const maxCharacters = plaqueMaxCharacters(size);
  const columnMm = plaqueTextWidthMm(size);
  for (const [index, line] of text.entries()) {
    const number = index + 1;
    const forbidden = [...line].find((char) => !(char in ADVANCE));
    if (forbidden) return `Tegnet »${forbidden}« i linje ${number} kan ikke graveres. Brug ${ALLOWED_IN_WORDS}.`;
    const length = [...line].length;
    if (length > maxCharacters) return `Linje ${number} er for lang til en plade på ${size.label} – højst ${maxCharacters} tegn.`;
    if (plaqueLineWidthEm(line) * MIN_LETTER_HEIGHT_MM > columnMm) {
      return `Linje ${number} fylder for meget i bredden til en plade på ${size.label}. Forkort den, eller brug færre store bogstaver.`;
    }
  }
  return null;
}
