/**
 * The laser's drawing primitives (ARCHITECTURE.md "laser vectors"; issue 23): a QR symbol as filled
 * outlines and a line of text as outlines, both in millimetres, and the colours a laser reads.
 *
 * Why not the qrcode package's SVG: it draws each row's modules as one stroked line. A screen or a
 * printer shows that right; a laser's software turns a stroke into a path along its centre (vector
 * engraving) or fills the closed shapes it finds (raster engraving) and finds none, so the symbol
 * comes out as hairlines or not at all. Here each connected region of dark modules is one closed
 * outline (outer edge clockwise, a light hole inside it anticlockwise), so the nonzero and the
 * even-odd fill rules agree and every laser program fills exactly the modules.
 *
 * Why text as outlines: the laser's computer has not got our font, and a substituted font changes
 * the width of a line that was measured to fit the plaque. The glyphs come from DejaVu Serif
 * (Debian's fonts-dejavu-core, which CI installs), laid out with fontkit so kerning is applied as
 * librsvg applies it in the family's proof (money/plaque-proof.ts).
 *
 * Colours follow the convention of the common laser programs (Trotec JobControl, LightBurn,
 * Epilog): black fill is engraved, a red hairline is cut.
 */
import { existsSync } from 'node:fs';
import * as fontkit from 'fontkit';
import QRCode from 'qrcode';
import { QUIET_ZONE_MODULES, type QrErrorCorrection } from '../qr/images';

/** Engraved: the fill of the symbol and the letters. */
export const ENGRAVE_COLOUR = '#000000';
/** Cut: a stroked outline, never filled. */
export const CUT_COLOUR = '#ff0000';
/** A hairline: lasers take a stroke this thin as "cut along here", not as an area to engrave. */
export const CUT_STROKE_MM = 0.01;

export const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf';

/** Millimetres written to a micrometre: finer than any laser's spot, short enough to keep files small. */
export const mm = (value: number) => String(Math.round(value * 1000) / 1000);

// ── The QR symbol ───────────────────────────────────────────────────────────────────────────────

/**
 * The encoder's modules for one address. The last one is kept: a file asks for a symbol's size and
 * then its outlines, and encoding (the costly part, Reed-Solomon and mask choice) is done once.
 */
let lastSymbol: { url: string; ecc: QrErrorCorrection; modules: { size: number; data: Uint8Array } } | undefined;
function symbolModules(url: string, ecc: QrErrorCorrection): { size: number; data: Uint8Array } {
  if (lastSymbol?.url !== url || lastSymbol.ecc !== ecc) {
    const { size, data } = QRCode.create(url, { errorCorrectionLevel: ecc }).modules;
    lastSymbol = { url, ecc, modules: { size, data } };
  }
  return lastSymbol.modules;
}

/** The symbol's modules across, without and with its four-module quiet zone on each side. */
export function qrModulesAcross(url: string, ecc: QrErrorCorrection): { symbol: number; withQuietZone: number } {
  const symbol = symbolModules(url, ecc).size;
  return { symbol, withQuietZone: symbol + 2 * QUIET_ZONE_MODULES };
}

/**
 * The outlines of every connected region of dark modules, as closed polygons of module corners
 * (x across, y down, in modules from the symbol's own top left corner, quiet zone not counted).
 * Each dark module gives the edges of its four sides that border a light module or the edge,
 * walked clockwise; the edges are then chained into loops and straight runs merged into one side.
 */
export function qrOutlines(url: string, ecc: QrErrorCorrection): { x: number; y: number }[][] {
  const { size, data } = symbolModules(url, ecc);
  const dark = (col: number, row: number) => col >= 0 && row >= 0 && col < size && row < size && data[row * size + col] === 1;
  const corners = size + 1;
  const key = (x: number, y: number) => y * corners + x;

  // From each corner, the boundary edges that start there (at most two: where two dark modules
  // touch only at that corner). An edge is its end corner's key.
  const outgoing = new Map<number, number[]>();
  const add = (x1: number, y1: number, x2: number, y2: number) => {
    const from = key(x1, y1);
    const list = outgoing.get(from);
    if (list) list.push(key(x2, y2));
    else outgoing.set(from, [key(x2, y2)]);
  };
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!dark(col, row)) continue;
      // Clockwise on the screen (y down): top left → top right → bottom right → bottom left.
      if (!dark(col, row - 1)) add(col, row, col + 1, row);
      if (!dark(col + 1, row)) add(col + 1, row, col + 1, row + 1);
      if (!dark(col, row + 1)) add(col + 1, row + 1, col, row + 1);
      if (!dark(col - 1, row)) add(col, row + 1, col, row);
    }
  }

  const loops: { x: number; y: number }[][] = [];
  for (const [start, ends] of outgoing) {
    while (ends.length > 0) {
      const walked: number[] = [start];
      let at = start;
      let direction = -1;
      // Walk until back at the start with no edge left to take from it.
      for (;;) {
        const choices = outgoing.get(at)!;
        // Where two regions touch at a corner, turn right (keep to the same module): each
        // region stays one loop of its own, and loops never cross.
        let pick = 0;
        if (choices.length > 1 && direction >= 0) {
          const right = (direction + 1) % 4;
          const found = choices.findIndex((end) => directionOf(at, end) === right);
          pick = found >= 0 ? found : 0;
        }
        const next = choices.splice(pick, 1)[0]!;
        direction = directionOf(at, next);
        at = next;
        if (at === start) break;
        walked.push(at);
      }
      loops.push(simplify(walked.map((k) => ({ x: k % corners, y: Math.floor(k / corners) }))));
    }
  }
  return loops;

  // 0 right, 1 down, 2 left, 3 up (clockwise order on the screen).
  function directionOf(from: number, to: number): number {
    const dx = (to % corners) - (from % corners);
    const dy = Math.floor(to / corners) - Math.floor(from / corners);
    return dx > 0 ? 0 : dy > 0 ? 1 : dx < 0 ? 2 : 3;
  }
}

/** Drops the corners in the middle of a straight side: a 7-module finder edge is one segment. */
function simplify(points: { x: number; y: number }[]): { x: number; y: number }[] {
  const n = points.length;
  return points.filter((p, i) => {
    const before = points[(i - 1 + n) % n]!;
    const after = points[(i + 1) % n]!;
    return !((before.x === p.x && p.x === after.x) || (before.y === p.y && p.y === after.y));
  });
}

export interface SymbolPlacement {
  /** The quiet zone's top left corner, in mm. */
  x: number;
  y: number;
  /** One module's side, in mm. */
  moduleMm: number;
}

/** The path data (`d`) of the dark modules, in mm, placed with their quiet zone at (x, y). */
export function qrModulesPathData(url: string, ecc: QrErrorCorrection, place: SymbolPlacement): string {
  const left = place.x + QUIET_ZONE_MODULES * place.moduleMm;
  const top = place.y + QUIET_ZONE_MODULES * place.moduleMm;
  // Absolute coordinates, each computed from the module grid: relative steps would add up their
  // rounding across a 50-module row.
  return qrOutlines(url, ecc)
    .map((loop) => {
      const [first, ...rest] = loop;
      const points = rest.map((p, i) => {
        const previous = loop[i]!;
        return p.x === previous.x ? `V${mm(top + p.y * place.moduleMm)}` : `H${mm(left + p.x * place.moduleMm)}`;
      });
      // The last side, back to the first corner, is Z's.
      return `M${mm(left + first!.x * place.moduleMm)} ${mm(top + first!.y * place.moduleMm)}${points.join('')}Z`;
    })
    .join('');
}

/**
 * The dark modules as one filled `<path>` (engraved black), no stroke. `inverted`: the quiet zone's
 * square is engraved and the modules left standing (granite, where the laser's mark is the light
 * colour: plaque-proof.ts explains why), as the square anticlockwise around the modules' clockwise
 * outlines, so either fill rule leaves the modules out.
 */
export function qrSymbolPath(url: string, ecc: QrErrorCorrection, place: SymbolPlacement, options: { inverted?: boolean; cornerRadiusMm?: number } = {}): string {
  const modules = qrModulesPathData(url, ecc, place);
  if (!options.inverted) return `<path fill="${ENGRAVE_COLOUR}" fill-rule="nonzero" stroke="none" d="${modules}"/>`;
  const side = qrModulesAcross(url, ecc).withQuietZone * place.moduleMm;
  const square = roundedRectPathData(place.x, place.y, side, side, options.cornerRadiusMm ?? 0, 'anticlockwise');
  return `<path fill="${ENGRAVE_COLOUR}" fill-rule="evenodd" stroke="none" d="${square}${modules}"/>`;
}

// ── Text as outlines ────────────────────────────────────────────────────────────────────────────

let loaded: fontkit.Font | undefined;

/** DejaVu Serif, read once. Without it no laser file can be made, and the error says how to fix that. */
export function engravingFont(): fontkit.Font {
  if (loaded) return loaded;
  if (!existsSync(FONT_FILE)) {
    throw new Error(`The laser files' font is missing: ${FONT_FILE} (DejaVu Serif). Install Debian's fonts-dejavu-core.`);
  }
  const font = fontkit.openSync(FONT_FILE);
  if (!('layout' in font)) throw new Error(`${FONT_FILE} is a font collection, not DejaVu Serif.`);
  loaded = font;
  return font;
}

export type TextAnchor = 'start' | 'middle' | 'end';

export interface TextPlacement {
  /** Where the line starts, is centred or ends (by `anchor`), in mm. */
  x: number;
  /** The baseline, in mm from the top (y grows downwards, as in SVG). */
  baselineY: number;
  /** The font's size (its em) in mm. */
  fontSizeMm: number;
  anchor?: TextAnchor;
  /** The most the line may take across, in mm: a wider line is set smaller to fit (never larger). */
  maxWidthMm?: number;
}

/** A line's advance width in mm at this size, kerning included (what the outlines take up). */
export function textWidthMm(text: string, fontSizeMm: number): number {
  const font = engravingFont();
  const run = font.layout(text);
  return (run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * fontSizeMm) / font.unitsPerEm;
}

/**
 * The path data (`d`) of one line of text as glyph outlines, in mm. The font's units have y
 * upwards from the baseline; the page's go downwards from the top, so every y is flipped around
 * the baseline. Letters fill with the nonzero rule, as fonts are drawn.
 */
export function textPathData(text: string, place: TextPlacement): string {
  const font = engravingFont();
  const run = font.layout(text);
  const advance = run.positions.reduce((sum, p) => sum + p.xAdvance, 0);
  const fontSizeMm = place.maxWidthMm && advance > 0 ? Math.min(place.fontSizeMm, (place.maxWidthMm * font.unitsPerEm) / advance) : place.fontSizeMm;
  const scale = fontSizeMm / font.unitsPerEm;
  const width = advance * scale;
  const anchor = place.anchor ?? 'start';
  let penX = place.x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const parts: string[] = [];
  for (const [index, glyph] of run.glyphs.entries()) {
    const position = run.positions[index]!;
    const originX = penX + position.xOffset * scale;
    const originY = place.baselineY - position.yOffset * scale;
    const point = (i: number, args: number[]) => `${mm(originX + args[i]! * scale)} ${mm(originY - args[i + 1]! * scale)}`;
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') parts.push(`M${point(0, args)}`);
      else if (command === 'lineTo') parts.push(`L${point(0, args)}`);
      else if (command === 'quadraticCurveTo') parts.push(`Q${point(0, args)} ${point(2, args)}`);
      else if (command === 'bezierCurveTo') parts.push(`C${point(0, args)} ${point(2, args)} ${point(4, args)}`);
      else parts.push('Z');
    }
    penX += position.xAdvance * scale;
  }
  return parts.join('');
}

/** One line of text as a filled `<path>` (engraved black), no stroke, no font needed to show it. */
export function textPath(text: string, place: TextPlacement): string {
  return `<path fill="${ENGRAVE_COLOUR}" fill-rule="nonzero" stroke="none" d="${textPathData(text, place)}"/>`;
}

// ── Cut lines ───────────────────────────────────────────────────────────────────────────────────

/**
 * A rectangle with rounded corners (radius 0 for square ones) as path data in mm, from the top
 * left: clockwise on the page, or anticlockwise (around a hole, or a square that leaves clockwise
 * shapes inside it out).
 */
export function roundedRectPathData(x: number, y: number, width: number, height: number, radius = 0, turn: 'clockwise' | 'anticlockwise' = 'clockwise'): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  const [right, bottom] = [x + width, y + height];
  if (turn === 'clockwise') {
    if (r === 0) return `M${mm(x)} ${mm(y)}H${mm(right)}V${mm(bottom)}H${mm(x)}Z`;
    const arc = (toX: number, toY: number) => `A${mm(r)} ${mm(r)} 0 0 1 ${mm(toX)} ${mm(toY)}`;
    return `M${mm(x + r)} ${mm(y)}H${mm(right - r)}${arc(right, y + r)}V${mm(bottom - r)}${arc(right - r, bottom)}H${mm(x + r)}${arc(x, bottom - r)}V${mm(y + r)}${arc(x + r, y)}Z`;
  }
  if (r === 0) return `M${mm(x)} ${mm(y)}V${mm(bottom)}H${mm(right)}V${mm(y)}Z`;
  const arc = (toX: number, toY: number) => `A${mm(r)} ${mm(r)} 0 0 0 ${mm(toX)} ${mm(toY)}`;
  return `M${mm(x + r)} ${mm(y)}${arc(x, y + r)}V${mm(bottom - r)}${arc(x + r, bottom)}H${mm(right - r)}${arc(right, bottom - r)}V${mm(y + r)}${arc(right - r, y)}Z`;
}

/** A cut line: the path stroked as a red hairline, never filled. */
export function cutPath(pathData: string): string {
  return `<path fill="none" stroke="${CUT_COLOUR}" stroke-width="${CUT_STROKE_MM}" d="${pathData}"/>`;
}

/** An SVG document `width` × `height` mm whose user unit is one millimetre. */
export function millimetreSvg(widthMm: number, heightMm: number, title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${mm(widthMm)}mm" height="${mm(heightMm)}mm" viewBox="0 0 ${mm(widthMm)} ${mm(heightMm)}">
<title>${escapeXml(title)}</title>
${body}
</svg>
`;
}

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
