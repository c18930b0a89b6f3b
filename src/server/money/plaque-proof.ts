/**
 * The proof of an engraved QR plaque, drawn as the laser will cut it, for the family to see before
 * they pay: the plaque's face in its material's colour, the memorial's QR symbol (error correction
 * H, as for all stone: wear and moss take their share) with its four-module quiet zone, and their
 * text in a serif below it, or beside it on the wide plaque. Sizes, limits and the Danish messages
 * are in shared/plaque.ts, which the order form uses too.
 *
 * The proof draws text with the font (librsvg has DejaVu Serif); the laser's own job file turns
 * the letters into outlines (ARCHITECTURE.md, "laser vectors").
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import {
  CHOOSE_A_SIZE,
  type PlaqueMaterial,
  MIN_LETTER_HEIGHT_MM,
  PLAQUE_FONT_FAMILY,
  PLAQUE_SIZES,
  plaqueLineWidthEm,
  plaqueLines,
  plaqueMarginMm,
  plaqueTextProblems,
  plaqueTextWidthMm,
} from '../../shared/plaque';
import { QUIET_ZONE_MODULES } from '../qr/images';

// The materials live in shared/plaque.ts, where the back office's forms read them too.
export { PLAQUE_MATERIALS, type PlaqueMaterial } from '../../shared/plaque';

export interface PlaqueFace {
  material: PlaqueMaterial;
  widthMm: number;
  heightMm: number;
  lines: string[];
  url: string;
}

/** Where everything goes, in mm from the plaque's top left corner. */
export interface PlaqueLayout {
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
  /** The symbol's square, quiet zone included: `modulesAcross` modules of `moduleMm` each. */
  symbol: { x: number; y: number; side: number; modulesAcross: number; moduleMm: number };
  /** Each line centred on `centreX`, its baseline at `baselineY`. Blank rows are not listed. */
  lines: { text: string; centreX: number; baselineY: number; fontSizeMm: number }[];
}

/** A text or size that cannot be engraved; the message is Danish, for the family. */
export class PlaqueRefusal extends Error {}

// DejaVu Serif's capitals stand 0.73 of the font size above the baseline, its descenders reach
// 0.24 below: the text block is measured from the first line's capitals to the last's descenders.
const CAP_HEIGHT = 0.73;
const DESCENDER = 0.24;
const LINE_SPACING = 1.32;
// The largest letters, as a share of the plaque's shorter side: bigger would crowd the symbol.
const LARGEST_LETTERS = 0.085;

const round = (mm: number) => Math.round(mm * 1000) / 1000;

export function plaqueLayout(face: PlaqueFace): PlaqueLayout {
  const size = PLAQUE_SIZES.find((s) => s.widthMm === face.widthMm && s.heightMm === face.heightMm);
  if (!size) throw new PlaqueRefusal(`Vi laver ikke plader på ${face.widthMm} × ${face.heightMm} mm. ${CHOOSE_A_SIZE}`);
  const problem = plaqueTextProblems(face.lines, face.widthMm);
  if (problem) throw new PlaqueRefusal(problem);

  const rows = plaqueLines(face.lines);
  const { widthMm: w, heightMm: h } = size;
  const short = Math.min(w, h);
  const margin = plaqueMarginMm(size);
  const column = plaqueTextWidthMm(size);

  // One size for every line, as large as the widest line allows, never below the engraveable minimum.
  const widestEm = Math.max(0, ...rows.map(plaqueLineWidthEm));
  const fontSize = Math.floor(10 * Math.max(MIN_LETTER_HEIGHT_MM, Math.min(LARGEST_LETTERS * short, widestEm > 0 ? column / widestEm : Infinity))) / 10;
  const lineHeight = LINE_SPACING * fontSize;
  const block = rows.length === 0 ? 0 : CAP_HEIGHT * fontSize + (rows.length - 1) * lineHeight + DESCENDER * fontSize;

  const modulesAcross = QRCode.create(face.url, { errorCorrectionLevel: 'H' }).modules.size + 2 * QUIET_ZONE_MODULES;
  const gap = margin / 2;
  let symbolX: number;
  let symbolY: number;
  let side: number;
  let textCentreX: number;
  let textTop: number;
  if (w > h) {
    // Wide: the symbol on the left as tall as the margins allow, the text centred in the column to its right.
    side = h - 2 * margin;
    symbolX = margin;
    symbolY = margin;
    textCentreX = w - margin - column / 2;
    textTop = (h - block) / 2;
  } else {
    // Square: the symbol above, the text below, what the eye sees of them centred top to bottom.
    // On metal the quiet zone is bare plaque, so the eye sees the symbol start at its modules and
    // the quiet zone may reach into the top margin (blank too); on granite the cleared square shows.
    side = Math.min(w - 2 * margin, h - 2 * margin - (rows.length ? gap + block : 0));
    const content = side + (rows.length ? gap + block : 0);
    const unseen = face.material === 'granit' || rows.length === 0 ? 0 : (side / modulesAcross) * QUIET_ZONE_MODULES;
    symbolX = (w - side) / 2;
    symbolY = (h - content - unseen) / 2;
    textCentreX = w / 2;
    textTop = symbolY + side + gap;
  }

  const lines = rows.flatMap((text, index) =>
    text === '' ? [] : [{ text, centreX: round(textCentreX), baselineY: round(textTop + CAP_HEIGHT * fontSize + index * lineHeight), fontSizeMm: fontSize }],
  );
  return {
    widthMm: w,
    heightMm: h,
    cornerRadiusMm: round(0.08 * short),
    symbol: { x: round(symbolX), y: round(symbolY), side: round(side), modulesAcross, moduleMm: round(side) / modulesAcross },
    lines,
  };
}

interface Finish {
  /** The face's colour, and a lighter and a darker shade of it for the light across it. */
  face: string;
  light: string;
  shade: string;
  /** The colour the laser leaves where it marks. */
  mark: string;
  /** The surface's texture: a brush's fine lines on metal, grains on granite. */
  texture: 'brushed' | 'grained';
}

const FINISHES: Record<PlaqueMaterial, Finish> = {
  // Stainless steel: the fibre laser anneals the surface to a deep grey-black.
  staal: { face: '#c4c8cc', light: '#e3e6e9', shade: '#a4a9af', mark: '#26282c', texture: 'brushed' },
  // Black granite: the laser breaks the polished surface into a pale grey.
  granit: { face: '#1d1e20', light: '#2f3033', shade: '#121314', mark: '#dcdad4', texture: 'grained' },
  // Brass: the laser leaves a dark brown-black mark on the warm gold.
  messing: { face: '#c9a24e', light: '#e6c777', shade: '#a27f32', mark: '#3a2810', texture: 'brushed' },
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The dark modules as one path in module units, a run of neighbours in a row as one rectangle. */
function modulePath(url: string): string {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'H' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}

function texture(finish: Finish, w: number, h: number): string {
  const region = `x="0" y="0" width="${w}" height="${h}" filterUnits="userSpaceOnUse"`;
  if (finish.texture === 'brushed') {
    // Noise stretched along the plaque (low frequency along x, high across y): the fine parallel
    // lines of a brushed finish, white at a fifth of their strength.
    return `<filter id="texture" ${region}>
<feTurbulence type="fractalNoise" baseFrequency="0.04 3" numOctaves="2" seed="7"/>
<feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0.5 0 0 0 -0.22"/>
<feComposite in2="SourceGraphic" operator="in"/>
</filter>`;
  }
  // Polished granite: a faint cloud of lighter stone, and sparse pale crystals where the fine
  // noise peaks (a steep alpha keeps only the highest tenth of it).
  return `<filter id="texture" ${region}>
<feTurbulence type="fractalNoise" baseFrequency="0.18" numOctaves="3" seed="3"/>
<feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.51  0 0 0 0 0.53  0.3 0 0 0 -0.13" result="cloud"/>
<feTurbulence type="fractalNoise" baseFrequency="2.2" numOctaves="1" seed="11"/>
<feColorMatrix type="matrix" values="0 0 0 0 0.6  0 0 0 0 0.6  0 0 0 0 0.58  6 0 0 0 -3.9" result="crystals"/>
<feMerge><feMergeNode in="cloud"/><feMergeNode in="crystals"/></feMerge>
<feComposite in2="SourceGraphic" operator="in"/>
</filter>`;
}

export async function plaqueProofSvg(face: PlaqueFace): Promise<string> {
  const layout = plaqueLayout(face);
  const finish = FINISHES[face.material];
  const { widthMm: w, heightMm: h, cornerRadiusMm: r, symbol } = layout;
  const edge = Math.max(0.35, 0.008 * Math.min(w, h));
  const plate = (inset: number, attributes: string) =>
    `<rect x="${round(inset)}" y="${round(inset)}" width="${round(w - 2 * inset)}" height="${round(h - 2 * inset)}" rx="${round(r - inset)}" ${attributes}/>`;

  // On granite the laser cannot leave dark modules on a dark stone for a phone to read: most
  // readers (and zbar) look for dark modules on a light ground, and inverted symbols are read by
  // some phones only. So the laser clears the whole square, quiet zone included, to pale stone and
  // leaves the modules polished black: dark on light inside the square, as granite QR plaques are
  // engraved so that every phone reads them. On metal the plaque itself is the light ground.
  const ground = face.material === 'granit' ? `<rect x="${symbol.x}" y="${symbol.y}" width="${symbol.side}" height="${symbol.side}" rx="${round(symbol.moduleMm * 0.6)}" fill="${finish.mark}"/>` : '';
  const moduleColour = face.material === 'granit' ? finish.face : finish.mark;

  const text = layout.lines
    .map((line) => `<text x="${line.centreX}" y="${line.baselineY}" font-size="${line.fontSizeMm}">${escapeXml(line.text)}</text>`)
    .join('\n');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">
<title>Korrektur: ${escapeXml(face.material)}-plade ${w} × ${h} mm</title>
<defs>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${finish.light}"/>
<stop offset="0.45" stop-color="${finish.face}"/>
<stop offset="1" stop-color="${finish.shade}"/>
</linearGradient>
${texture(finish, w, h)}
</defs>
${plate(0, `fill="${finish.shade}"`)}
${plate(edge, 'fill="url(#sheen)"')}
${plate(edge, 'fill="#ffffff" filter="url(#texture)"')}
${plate(edge * 1.5, `fill="none" stroke="${finish.light}" stroke-opacity="0.5" stroke-width="${round(edge / 2)}"`)}
${ground}
<path transform="translate(${symbol.x} ${symbol.y}) scale(${symbol.moduleMm.toFixed(5)})" fill="${moduleColour}" d="${modulePath(face.url)}"/>
<g font-family="${PLAQUE_FONT_FAMILY}" text-anchor="middle" fill="${finish.mark}">
${text}
</g>
</svg>
`;
}

/** The proof as a PNG `widthPx` wide, drawn at that resolution (not enlarged from a smaller one). */
export async function plaqueProofPng(face: PlaqueFace, widthPx: number): Promise<Buffer> {
  if (!Number.isInteger(widthPx) || widthPx < 100 || widthPx > 4000) throw new PlaqueRefusal('Billedet skal være mellem 100 og 4000 punkter bredt.');
  const svg = await plaqueProofSvg(face);
  // sharp hands the density to librsvg, which turns millimetres into pixels at that many dots per
  // inch, and then scales the result by density / 72 as well: the width grows with its square.
  const density = Math.sqrt((widthPx * 72 * 25.4) / face.widthMm);
  return sharp(Buffer.from(svg), { density }).resize(widthPx).png().toBuffer();
}
