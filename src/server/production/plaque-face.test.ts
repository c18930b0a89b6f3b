/**
 * The laser's vectors and the plaque's job file: the symbol's outlines cover exactly its dark
 * modules; text outlines stand on their baseline the right way up and as wide as the font says;
 * the plaque's file is its real size in millimetres, has no <text> and no stroke on what is
 * engraved, a red hairline around it, and read back with zbarimg it is the memorial's address on
 * every material and size.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../tests/support/qr-decode';
import { PLAQUE_SIZES } from '../../shared/plaque';
import { checkCharacter } from '../../shared/qr-code';
import { PLAQUE_MATERIALS, type PlaqueFace, plaqueLayout } from '../money/plaque-proof';
import { plaqueFaceSvg } from './plaque-face';
import { CUT_COLOUR, engravingFont, qrModulesPathData, qrOutlines, shapeLine, textPathData, textWidthMm } from './vectors';

const code = `7K3M9QXR2${checkCharacter('7K3M9QXR2')}`;
const url = `https://mindested.dk/qr/${code}`;

/** Whether (x, y) lies inside the loops by the even-odd rule (a ray to the right crosses an odd number of vertical sides). */
function inside(loops: { x: number; y: number }[][], x: number, y: number): boolean {
  let crossings = 0;
  for (const loop of loops) {
    for (let i = 0; i < loop.length; i++) {
      const a = loop[i]!;
      const b = loop[(i + 1) % loop.length]!;
      if (a.x === b.x && a.x > x && Math.min(a.y, b.y) < y && Math.max(a.y, b.y) > y) crossings++;
    }
  }
  return crossings % 2 === 1;
}

/** The points a path's commands (M L H V A C Q Z, and their relative forms) pass through, control points included. */
function pathPoints(d: string): { x: number; y: number }[] {
  const points: { x: number; y: number }[] = [];
  let at = { x: 0, y: 0 };
  let subpath = at;
  for (const [, letter, args] of d.matchAll(/([MLHVACQZmlcqz])([^MLHVACQZmlcqz]*)/g)) {
    const n = args!.trim() ? args!.trim().split(/[ ,]+/).map(Number) : [];
    const relative = letter === letter!.toLowerCase();
    const upper = letter!.toUpperCase();
    if (upper === 'Z') {
      at = subpath;
      continue;
    }
    if (upper === 'H') at = { x: n[0]!, y: at.y };
    else if (upper === 'V') at = { x: at.x, y: n[0]! };
    else if (upper === 'A') at = { x: n[5]!, y: n[6]! };
    else {
      // Relative control points and end point all count from the segment's start.
      const from = at;
      for (let i = 0; i < n.length; i += 2) {
        const point = relative ? { x: from.x + n[i]!, y: from.y + n[i + 1]! } : { x: n[i]!, y: n[i + 1]! };
        points.push(point);
        at = point;
      }
      if (upper === 'M') subpath = at;
      continue;
    }
    points.push(at);
  }
  return points;
}

function bounds(d: string): { minX: number; maxX: number; minY: number; maxY: number } {
  const points = pathPoints(d);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/**
 * Renders an SVG drawn in mm at `pxPerMm`, engraved parts black on white. `stone`: as the phone sees
 * polished black granite, where what the laser engraves turns pale and the rest stays dark.
 */
const raster = (svg: string, widthMm: number, stone = false, pxPerMm = 12) => {
  const image = sharp(Buffer.from(svg)).resize(Math.round(widthMm * pxPerMm)).flatten({ background: '#ffffff' });
  return (stone ? image.negate({ alpha: false }) : image).png().toBuffer();
};

describe('qrOutlines', () => {
  it('covers exactly the dark modules, at H and at Q, with sides only between modules of different colour', () => {
    for (const ecc of ['H', 'Q'] as const) {
      const { size, data } = QRCode.create(url, { errorCorrectionLevel: ecc }).modules;
      const loops = qrOutlines(url, ecc);
      for (let row = 0; row < size; row++) {
        for (let col = 0; col < size; col++) expect(inside(loops, col + 0.5, row + 0.5)).toBe(data[row * size + col] === 1);
      }
      // A region is one loop, not a rectangle per run: far fewer loops than dark runs.
      expect(loops.length).toBeLessThan(size * 4);
      for (const loop of loops) for (const [i, p] of loop.entries()) {
        const next = loop[(i + 1) % loop.length]!;
        expect(p.x === next.x || p.y === next.y).toBe(true);
      }
    }
  });

  it('writes the path in millimetres with absolute corners, the symbol starting after its quiet zone', () => {
    const d = qrModulesPathData(url, 'H', { x: 10, y: 20, moduleMm: 0.5 });
    expect(d).not.toMatch(/[a-z]/);
    const corners = pathPoints(d);
    expect(corners.length).toBeGreaterThan(50);
    const modules = QRCode.create(url, { errorCorrectionLevel: 'H' }).modules.size;
    const xs = corners.map((c) => c.x);
    const ys = corners.map((c) => c.y);
    // The finder patterns reach the symbol's edges: 4 modules of quiet zone (2 mm) in from (10, 20).
    expect([Math.min(...xs), Math.min(...ys)]).toEqual([12, 22]);
    expect([Math.max(...xs), Math.max(...ys)]).toEqual([12 + modules * 0.5, 22 + modules * 0.5]);
  });
});

describe('textPathData', () => {
  it('stands the capitals above the baseline (y flipped), starts, centres and ends on x, as wide as the font', () => {
    const width = textWidthMm('KAREN', 10);
    expect(width).toBeGreaterThan(30);
    expect(width).toBeLessThan(40);
    const start = bounds(textPathData('KAREN', { x: 5, baselineY: 50, fontSizeMm: 10 }));
    // DejaVu Serif's capitals are 0.73 em tall and sit on the baseline.
    // (Within 0.2 mm: the curves' control points and the serifs' overshoot reach a little below.)
    expect(Math.abs(start.maxY - 50)).toBeLessThan(0.2);
    expect(start.minY).toBeCloseTo(50 - 7.3, 0);
    expect(start.minX).toBeGreaterThanOrEqual(5);
    expect(start.maxX).toBeLessThanOrEqual(5 + width);
    const middle = bounds(textPathData('KAREN', { x: 100, baselineY: 50, fontSizeMm: 10, anchor: 'middle' }));
    expect((middle.minX + middle.maxX) / 2).toBeCloseTo(100, 0);
    const end = bounds(textPathData('KAREN', { x: 100, baselineY: 50, fontSizeMm: 10, anchor: 'end' }));
    expect(end.maxX).toBeLessThanOrEqual(100);
    expect(end.maxX).toBeGreaterThan(99);
  });

  it('lays out a code as fontkit does, and writes each glyph where fontkit puts it, to 0.01 mm', () => {
    const font = engravingFont();
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let n = 0; n < 200; n++) {
      const code = Array.from({ length: 10 }, (_, i) => alphabet[(n * 7 + i * 13 + ((n * i) % 5)) % alphabet.length]).join('');
      const line = `${code.slice(0, 5)}-${code.slice(5)}`;
      const run = font.layout(line);
      expect(shapeLine(line).map((g) => [g.glyph.id, g.xAdvance])).toEqual(run.glyphs.map((g, i) => [g.id, run.positions[i]!.xAdvance]));
    }
    // The outline's points against fontkit's own absolute path, placed by hand.
    const scale = 4.5 / font.unitsPerEm;
    const run = font.layout('7K3MX-9QW2C');
    const expected: { x: number; y: number }[] = [];
    let pen = 10;
    for (const [i, glyph] of run.glyphs.entries()) {
      for (const { command, args } of glyph.path.commands) {
        if (command === 'closePath') continue;
        for (let k = 0; k < args.length; k += 2) expected.push({ x: pen + args[k]! * scale, y: 30 - args[k + 1]! * scale });
      }
      pen += run.positions[i]!.xAdvance * scale;
    }
    const drawn = pathPoints(textPathData('7K3MX-9QW2C', { x: 10, baselineY: 30, fontSizeMm: 4.5 }));
    expect(drawn).toHaveLength(expected.length);
    for (const [i, point] of drawn.entries()) {
      expect(Math.abs(point.x - expected[i]!.x)).toBeLessThan(0.0101);
      expect(Math.abs(point.y - expected[i]!.y)).toBeLessThan(0.0101);
    }
  });

  it('draws Danish letters and a descender below the baseline', () => {
    const box = bounds(textPathData('Søg på Æbløg', { x: 0, baselineY: 20, fontSizeMm: 10 }));
    expect(box.maxY).toBeGreaterThan(21.5);
    // Å's ring and Æ reach above the capitals.
    expect(bounds(textPathData('Å', { x: 0, baselineY: 20, fontSizeMm: 10 })).minY).toBeLessThan(20 - 7.5);
  });
});

describe('plaqueFaceSvg', () => {
  const lines = ['Karen Jensen', '1941 – 2023', '† Æret være'];
  for (const material of PLAQUE_MATERIALS) {
    for (const size of PLAQUE_SIZES) {
      it(`${material} ${size.label}: real size in mm, outlines only, a red cut line, decodes to the address`, async () => {
        const face: PlaqueFace = { material, widthMm: size.widthMm, heightMm: size.heightMm, lines, url };
        const svg = await plaqueFaceSvg(face);
        expect(svg).toContain(`width="${size.widthMm}mm" height="${size.heightMm}mm" viewBox="0 0 ${size.widthMm} ${size.heightMm}"`);
        expect(svg).not.toContain('<text');
        expect(svg).not.toContain('font-family');
        // Every stroke is the cut line: a red hairline, unfilled; everything engraved is filled, unstroked.
        const paths = svg.match(/<path [^>]*>/g)!;
        const stroked = paths.filter((path) => !path.includes('stroke="none"'));
        expect(stroked).toHaveLength(1);
        expect(stroked[0]).toContain(`stroke="${CUT_COLOUR}"`);
        expect(stroked[0]).toContain('fill="none"');
        const cut = bounds(stroked[0]!.match(/ d="([^"]+)"/)![1]!);
        expect(cut).toEqual({ minX: 0, maxX: size.widthMm, minY: 0, maxY: size.heightMm });
        // The symbol sits where the proof's layout puts it.
        const { symbol } = plaqueLayout(face);
        const symbolPath = paths.find((path) => path.includes('fill-rule="') && !path.includes('stroke="#'))!;
        const box = bounds(symbolPath.match(/ d="([^"]+)"/)![1]!);
        const quiet = material === 'granit' ? 0 : 4 * symbol.moduleMm;
        expect(box.minX).toBeCloseTo(symbol.x + quiet, 2);
        expect(box.maxY).toBeCloseTo(symbol.y + symbol.side - quiet, 2);
        expect(await decodePng(await raster(svg, size.widthMm, material === 'granit'))).toEqual([url]);
      });
    }
  }

  it('draws a plaque with no text: the symbol and the cut line', async () => {
    const svg = await plaqueFaceSvg({ material: 'staal', widthMm: 50, heightMm: 50, lines: [], url });
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(await decodePng(await raster(svg, 50))).toEqual([url]);
  });
});
