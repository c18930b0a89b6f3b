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

/** Millimetres written to a hundredth (10 µm): finer than any laser's spot (30 µm and up), and a tag's file stays small. */
export const mm = (value: number) => String(Math.round(value * 100) / 100);

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
 * walked clockwise; the edges are then chained into loops, and a corner is kept only where the
 * outline turns, so a 7-module finder edge is one side.
 *
 * Written with typed arrays rather than maps of points: a package's laser export outlines 10,000
 * symbols, and this runs for each.
 */
export function qrOutlines(url: string, ecc: QrErrorCorrection): { x: number; y: number }[][] {
  const { size, data } = symbolModules(url, ecc);
  const n = size + 1;
  const dark = (col: number, row: number) => col >= 0 && row >= 0 && col < size && row < size && data[row * size + col] === 1;
  // From each corner (y * n + x), the boundary edges that start there, by the corner they end at:
  // at most two, where two dark modules touch only at that corner. -1 for none.
  const first = new Int32Array(n * n).fill(-1);
  const second = new Int32Array(n * n).fill(-1);
  const add = (from: number, to: number) => {
    if (first[from]! < 0) first[from] = to;
    else second[from] = to;
  };
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!dark(col, row)) continue;
      const topLeft = row * n + col;
      // Clockwise on the screen (y down): top left → top right → bottom right → bottom left.
      if (!dark(col, row - 1)) add(topLeft, topLeft + 1);
      if (!dark(col + 1, row)) add(topLeft + 1, topLeft + n + 1);
      if (!dark(col, row + 1)) add(topLeft + n + 1, topLeft + n);
      if (!dark(col - 1, row)) add(topLeft + n, topLeft);
    }
  }
  // 0 right, 1 down, 2 left, 3 up: clockwise order on the screen.
  const directionOf = (from: number, to: number) => (to === from + 1 ? 0 : to === from + n ? 1 : to === from - 1 ? 2 : 3);

  const loops: { x: number; y: number }[][] = [];
  for (let start = 0; start < n * n; start++) {
    while (first[start]! >= 0) {
      const turns: number[] = [];
      let at = start;
      let direction = -1;
      let firstDirection = -1;
      do {
        let next = first[at]!;
        const other = second[at]!;
        if (other >= 0) {
          // Where two regions touch at a corner, turn right (keep to the same module): each
          // region stays one loop of its own, and loops never cross.
          if (direction >= 0 && directionOf(at, other) === (direction + 1) % 4) next = other;
          else first[at] = other;
          second[at] = -1;
        } else first[at] = -1;
        const heading = directionOf(at, next);
        if (heading !== direction) turns.push(at);
        if (firstDirection < 0) firstDirection = heading;
        direction = heading;
        at = next;
      } while (at !== start);
      // The start is a corner only if the outline turns there.
      if (direction === firstDirection) turns.shift();
      loops.push(turns.map((corner) => ({ x: corner % n, y: Math.floor(corner / n) })));
    }
  }
  return loops;
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
  // Absolute coordinates, each computed from the module grid once (relative steps would add up
  // their rounding across a row); every corner is one of these.
  const { symbol } = qrModulesAcross(url, ecc);
  const xs = Array.from({ length: symbol + 1 }, (_, k) => mm(left + k * place.moduleMm));
  const ys = Array.from({ length: symbol + 1 }, (_, k) => mm(top + k * place.moduleMm));
  let d = '';
  for (const loop of qrOutlines(url, ecc)) {
    const start = loop[0]!;
    d += `M${xs[start.x]} ${ys[start.y]}`;
    for (let i = 1; i < loop.length; i++) {
      const p = loop[i]!;
      d += p.x === loop[i - 1]!.x ? `V${ys[p.y]}` : `H${xs[p.x]}`;
    }
    // The last side, back to the first corner, is Z's.
    d += 'Z';
  }
  return d;
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

export interface ShapedGlyph {
  glyph: fontkit.Glyph;
  /** In font units: the pen's step after this glyph (kerning with the next included), and the glyph's own offset. */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/**
 * The characters of a code to type (Crockford's alphabet, digits, the hyphen, a space): for these
 * DejaVu Serif has no ligature and no contextual positioning, only pair kerning, so a line of them
 * is laid out from each character's advance and each pair's kerning, read from fontkit once. A
 * package's laser export sets 10,000 codes, and fontkit's full layout of each (its shaping
 * engine's glyph infos, feature lookups and positions) made most of the export's garbage.
 */
const CODE_LINE = /^[0-9A-Z -]*$/;
const singles = new Map<string, { glyph: fontkit.Glyph; advance: number }>();
const kerning = new Map<string, number>();

function single(font: fontkit.Font, char: string) {
  let found = singles.get(char);
  if (!found) {
    const run = font.layout(char);
    found = { glyph: run.glyphs[0]!, advance: run.positions[0]!.xAdvance };
    singles.set(char, found);
  }
  return found;
}

function kern(font: fontkit.Font, pair: string): number {
  let found = kerning.get(pair);
  if (found === undefined) {
    found = font.layout(pair).positions[0]!.xAdvance - single(font, pair[0]!).advance;
    kerning.set(pair, found);
  }
  return found;
}

/** The line's glyphs and their positions: fontkit's layout, or for a code the same from the cache above. */
export function shapeLine(text: string): ShapedGlyph[] {
  const font = engravingFont();
  if (!CODE_LINE.test(text)) {
    const run = font.layout(text);
    return run.glyphs.map((glyph, i) => ({ glyph, xAdvance: run.positions[i]!.xAdvance, xOffset: run.positions[i]!.xOffset, yOffset: run.positions[i]!.yOffset }));
  }
  const shaped: ShapedGlyph[] = [];
  for (let i = 0; i < text.length; i++) {
    const { glyph, advance } = single(font, text[i]!);
    shaped.push({ glyph, xAdvance: advance + (i + 1 < text.length ? kern(font, text.slice(i, i + 2)) : 0), xOffset: 0, yOffset: 0 });
  }
  return shaped;
}

/** A line's advance width in mm at this size, kerning included (what the outlines take up). */
export function textWidthMm(text: string, fontSizeMm: number): number {
  return (shapeLine(text).reduce((sum, g) => sum + g.xAdvance, 0) * fontSizeMm) / engravingFont().unitsPerEm;
}

/**
 * A glyph's outline at one size as path data after its first point: the first point's place in
 * the glyph (mm, y down), and the rest as relative commands. Relative steps between coordinates
 * rounded in the glyph's own frame add up to those rounded coordinates exactly, so nothing drifts;
 * and the text is the same wherever the glyph stands, so it is made once per glyph and size and
 * only the first point is written for each letter (a 10,000-code export sets 110,000 letters).
 */
interface GlyphOutline {
  startX: number;
  startY: number;
  rest: string;
}
const outlines = new Map<string, GlyphOutline>();
/** Sizes shrunk to fit are many; a bound keeps the cache from growing with them. */
const OUTLINES_KEPT = 4000;

function glyphOutline(glyph: fontkit.Glyph, scale: number): GlyphOutline {
  const key = `${glyph.id}@${scale}`;
  const found = outlines.get(key);
  if (found) return found;
  // Coordinates in hundredths of a millimetre, as integers: mm() rounds the same way.
  const x = (value: number) => Math.round(value * scale * 100);
  const y = (value: number) => Math.round(-value * scale * 100);
  const step = (value: number) => String(value / 100);
  let startX = 0;
  let startY = 0;
  let atX = 0;
  let atY = 0;
  let subpathX = 0;
  let subpathY = 0;
  let rest = '';
  let first = true;
  const to = (args: number[], i: number) => {
    const nx = x(args[i]!);
    const ny = y(args[i + 1]!);
    const text = `${step(nx - atX)} ${step(ny - atY)}`;
    return { nx, ny, text };
  };
  for (const { command, args } of glyph.path.commands) {
    if (command === 'closePath') {
      rest += 'z';
      [atX, atY] = [subpathX, subpathY];
      continue;
    }
    if (command === 'moveTo') {
      const [nx, ny] = [x(args[0]!), y(args[1]!)];
      if (first) [startX, startY, first] = [nx, ny, false];
      else rest += `m${step(nx - atX)} ${step(ny - atY)}`;
      [atX, atY, subpathX, subpathY] = [nx, ny, nx, ny];
      continue;
    }
    // Control points are relative to the segment's start, as its end point is.
    const points = command === 'lineTo' ? [0] : command === 'quadraticCurveTo' ? [0, 2] : [0, 2, 4];
    const letter = command === 'lineTo' ? 'l' : command === 'quadraticCurveTo' ? 'q' : 'c';
    const parts = points.map((i) => to(args, i));
    rest += `${letter}${parts.map((p) => p.text).join(' ')}`;
    const end = parts.at(-1)!;
    [atX, atY] = [end.nx, end.ny];
  }
  const outline = { startX: startX / 100, startY: startY / 100, rest };
  if (outlines.size >= OUTLINES_KEPT) outlines.clear();
  outlines.set(key, outline);
  return outline;
}

/**
 * The path data (`d`) of one line of text as glyph outlines, in mm. The font's units have y
 * upwards from the baseline; the page's go downwards from the top, so every y is flipped around
 * the baseline. Letters fill with the nonzero rule, as fonts are drawn.
 */
export function textPathData(text: string, place: TextPlacement): string {
  const unitsPerEm = engravingFont().unitsPerEm;
  const glyphs = shapeLine(text);
  const advance = glyphs.reduce((sum, g) => sum + g.xAdvance, 0);
  const fontSizeMm = place.maxWidthMm && advance > 0 ? Math.min(place.fontSizeMm, (place.maxWidthMm * unitsPerEm) / advance) : place.fontSizeMm;
  const scale = fontSizeMm / unitsPerEm;
  const width = advance * scale;
  const anchor = place.anchor ?? 'start';
  let penX = place.x - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  let d = '';
  for (const { glyph, xAdvance, xOffset, yOffset } of glyphs) {
    const outline = glyphOutline(glyph, scale);
    // A space has no outline.
    if (outline.rest) d += `M${mm(penX + xOffset * scale + outline.startX)} ${mm(place.baselineY - yOffset * scale + outline.startY)}${outline.rest}`;
    penX += xAdvance * scale;
  }
  return d;
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
  const [head, tail] = millimetreSvgFrame(widthMm, heightMm, title);
  return `${head}${body}${tail}`;
}

/** millimetreSvg's text before and after its body, for a body written in pieces (a plate's tags). */
export function millimetreSvgFrame(widthMm: number, heightMm: number, title: string): [string, string] {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${mm(widthMm)}mm" height="${mm(heightMm)}mm" viewBox="0 0 ${mm(widthMm)} ${mm(heightMm)}">
<title>${escapeXml(title)}</title>
`,
    `
</svg>
`,
  ];
}

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
