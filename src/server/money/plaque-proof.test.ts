/**
 * The plaque's proof: every material and size reads back to the memorial's address with an
 * independent decoder (zbarimg), with the text at its longest and with no text; text that cannot
 * be engraved is refused in Danish, the same words on the order form and the server; the drawing
 * is in millimetres of the plaque.
 */
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../tests/support/qr-decode';
import {
  MIN_LETTER_HEIGHT_MM,
  PLAQUE_CHARACTERS,
  PLAQUE_SIZES,
  plaqueLineWidthEm,
  plaqueMarginMm,
  plaqueMaxCharacters,
  plaqueTextProblems,
} from '../../shared/plaque';
import { checkCharacter } from '../../shared/qr-code';
import { PLAQUE_MATERIALS, type PlaqueFace, PlaqueRefusal, plaqueLayout, plaqueProofPng, plaqueProofSvg } from './plaque-proof';

const code = `7K3M9QXR2${checkCharacter('7K3M9QXR2')}`;
const url = `https://mindested.dk/qr/${code}`;

/** Three lines a family might write, each cut to the most characters the size allows. */
function longestLines(size: (typeof PLAQUE_SIZES)[number]): string[] {
  const max = plaqueMaxCharacters(size);
  return ['Karen Margrethe Kirstine Sørensen', '12. marts 1941 – 3. juni 2023', 'Elsket og savnet af sine kære børn'].map((line) => line.slice(0, max).padEnd(max, '.'));
}

const face = (material: PlaqueFace['material'], size: (typeof PLAQUE_SIZES)[number], lines: string[]): PlaqueFace => ({
  material,
  widthMm: size.widthMm,
  heightMm: size.heightMm,
  lines,
  url,
});

describe('plaqueProofPng', () => {
  for (const material of PLAQUE_MATERIALS) {
    for (const size of PLAQUE_SIZES) {
      it(`${material} ${size.label} decodes to the memorial’s address, with the longest text and with none`, async () => {
        for (const lines of [longestLines(size), []]) {
          const png = await plaqueProofPng(face(material, size, lines), 800);
          const { width, height } = await sharp(png).metadata();
          expect(width).toBe(800);
          expect(height).toBe(Math.round((800 * size.heightMm) / size.widthMm));
          expect(await decodePng(png)).toEqual([url]);
        }
      });
    }
  }

  it('refuses a picture too small to see or too large to send', async () => {
    const plaque = face('staal', PLAQUE_SIZES[0], []);
    await expect(plaqueProofPng(plaque, 20)).rejects.toThrow('Billedet skal være mellem 100 og 4000 punkter bredt.');
    await expect(plaqueProofPng(plaque, 10_000)).rejects.toThrow(PlaqueRefusal);
  });
});

describe('plaqueProofSvg', () => {
  it('is drawn in millimetres, the size of the plaque', async () => {
    for (const size of PLAQUE_SIZES) {
      const svg = await plaqueProofSvg(face('messing', size, ['Jens Holm']));
      expect(svg).toContain(`width="${size.widthMm}mm" height="${size.heightMm}mm" viewBox="0 0 ${size.widthMm} ${size.heightMm}"`);
    }
  });

  it('engraves & and the other allowed signs as text, not as markup', async () => {
    const size = PLAQUE_SIZES[1];
    const svg = await plaqueProofSvg(face('granit', size, ['† Jens & Anna *', "Holm's (1931/2020)"]));
    expect(svg).toContain('† Jens &amp; Anna *');
    expect(svg).toContain('Holm&apos;s (1931/2020)');
    expect(await decodePng(await sharp(Buffer.from(svg), { density: 150 }).png().toBuffer())).toEqual([url]);
  });
});

describe('plaqueLayout', () => {
  it('fits three lines at the longest on every size: letters no smaller than 4 mm, inside the margins, clear of the symbol', () => {
    for (const size of PLAQUE_SIZES) {
      const lines = longestLines(size);
      expect(plaqueTextProblems(lines, size.widthMm)).toBeNull();
      const layout = plaqueLayout(face('staal', size, lines));
      const margin = plaqueMarginMm(size);
      const { symbol } = layout;
      expect(layout.lines).toHaveLength(3);
      for (const line of layout.lines) {
        expect(line.fontSizeMm).toBeGreaterThanOrEqual(MIN_LETTER_HEIGHT_MM);
        const half = (plaqueLineWidthEm(line.text) * line.fontSizeMm) / 2;
        expect(line.centreX - half).toBeGreaterThanOrEqual(margin - 1e-9);
        expect(line.centreX + half).toBeLessThanOrEqual(size.widthMm - margin + 1e-9);
        expect(line.baselineY).toBeLessThanOrEqual(size.heightMm - margin);
        // The text stays out of the quiet zone: below the square, or to its right on the wide plaque.
        if (size.widthMm > size.heightMm) expect(line.centreX - half).toBeGreaterThan(symbol.x + symbol.side);
        else expect(line.baselineY - 0.73 * line.fontSizeMm).toBeGreaterThan(symbol.y + symbol.side);
      }
      expect(symbol.moduleMm * symbol.modulesAcross).toBeCloseTo(symbol.side, 6);
    }
  });

  it('gives the symbol the whole plaque within its margins when there is no text', () => {
    for (const size of PLAQUE_SIZES) {
      const layout = plaqueLayout(face('granit', size, ['', '  ']));
      expect(layout.lines).toEqual([]);
      expect(layout.symbol.side).toBeCloseTo(Math.min(size.widthMm, size.heightMm) - 2 * plaqueMarginMm(size), 3);
    }
  });

  it('refuses, in Danish, text the order form refuses, and sizes we do not make', () => {
    expect(() => plaqueLayout(face('staal', PLAQUE_SIZES[0], ['Karen Margrethe Kirstine Sørensen']))).toThrow(
      new PlaqueRefusal('Linje 1 er for lang til en plade på 5 × 5 cm – højst 18 tegn.'),
    );
    expect(() => plaqueLayout({ ...face('staal', PLAQUE_SIZES[0], []), heightMm: 60 })).toThrow(
      new PlaqueRefusal('Vi laver ikke plader på 50 × 60 mm. Vælg 5 × 5 cm, 8 × 8 cm eller 10 × 6 cm.'),
    );
  });
});

describe('plaqueTextProblems', () => {
  it('allows no text at all: the symbol alone', () => {
    for (const size of PLAQUE_SIZES) {
      expect(plaqueTextProblems([], size.widthMm)).toBeNull();
      expect(plaqueTextProblems(['', ' '], size.widthMm)).toBeNull();
    }
  });

  it('counts characters against the plaque’s width', () => {
    expect(PLAQUE_SIZES.map((size) => plaqueMaxCharacters(size))).toEqual([18, 29, 16]);
    expect(plaqueTextProblems(['Jens Holm', 'Karen Margrethe Jensen'], 50)).toBe('Linje 2 er for lang til en plade på 5 × 5 cm – højst 18 tegn.');
    expect(plaqueTextProblems(['Jens Holm', 'Karen Margrethe Jensen'], 80)).toBeNull();
    expect(plaqueTextProblems(['Karen Margrethe Jensen'], 100)).toBe('Linje 1 er for lang til en plade på 10 × 6 cm – højst 16 tegn.');
  });

  it('measures a line of wide letters, which may be too wide though short enough', () => {
    expect(plaqueTextProblems(['MARGRETHE MØLLER'], 50)).toBe(
      'Linje 1 fylder for meget i bredden til en plade på 5 × 5 cm. Forkort den, eller brug færre store bogstaver.',
    );
    expect(plaqueTextProblems(['Margrethe Møller'], 50)).toBeNull();
  });

  it('allows at most three lines', () => {
    expect(plaqueTextProblems(['Jens', 'Holm', '1931', '2020'], 80)).toBe('Der er plads til højst 3 linjer tekst på pladen.');
    // Blank lines before and after the text are not lines on the plaque.
    expect(plaqueTextProblems(['', 'Jens', 'Holm', '1931', ''], 80)).toBeNull();
  });

  it('names a character the laser cannot engrave, and allows æøå, äöüé, dashes and the cross', () => {
    expect(plaqueTextProblems(['Jens Holm', 'Mor #1'], 80)).toBe("Tegnet »#« i linje 2 kan ikke graveres. Brug bogstaver, tal, mellemrum og . , - – ' ( ) & / † *.");
    expect(plaqueTextProblems(['Jens 😊'], 80)).toBe("Tegnet »😊« i linje 1 kan ikke graveres. Brug bogstaver, tal, mellemrum og . , - – ' ( ) & / † *.");
    expect(plaqueTextProblems(['Søren Åge Ærø', 'Jürgen Höök Renée', '† 1931–2020 (far)'], 80)).toBeNull();
  });

  it('refuses a width we do not make', () => {
    expect(plaqueTextProblems([], 65)).toBe('Vi laver ikke plader, der er 6,5 cm brede. Vælg 5 × 5 cm, 8 × 8 cm eller 10 × 6 cm.');
  });

  it('measures with the widths of the engraving font itself', () => {
    const doc = new PDFDocument();
    doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf').fontSize(1000);
    for (const char of PLAQUE_CHARACTERS) expect(Math.round(plaqueLineWidthEm(char) * 1000), char).toBe(Math.ceil(doc.widthOfString(char)));
  });
});
