/**
 * The files a package's exports are made of, one code at a time (exports.ts streams them): the
 * print shop's symbol (error correction Q, PRODUCT.md "QR codes") and the laser's tag (H, for
 * metal and stone), on its own or 28 to a plate. Everything is drawn in millimetres with the laser
 * primitives of vectors.ts: modules as filled outlines, the code to type as glyph outlines, so no
 * file needs a font or a stroke to look right; the laser's files add a red hairline to cut along.
 * Sizes and their reasons are in shared/qr-exports.ts.
 */
import { formatCode } from '../../shared/qr-code';
import { LASER_PLATE, LASER_TAG, PRINT_SYMBOL, laserPlateColumns, laserPlateRows } from '../../shared/qr-exports';
import { cutPath, millimetreSvg, millimetreSvgFrame, mm, qrModulesAcross, qrSymbolPath, roundedRectPathData, textPath } from './vectors';

/** Where a tag's drawing starts on its file: (0, 0) on its own, its cell on a plate. */
interface Origin {
  x: number;
  y: number;
}

/**
 * One code's tag as SVG elements: the symbol's square at the top (centred, `marginMm` in from the
 * cut), the code to type centred below it, engraved; the tag's rounded outline, cut.
 */
function tagElements(url: string, code: string, at: Origin): string {
  const { widthMm, heightMm, cornerRadiusMm, symbolMm, marginMm, letterMm } = LASER_TAG;
  const moduleMm = symbolMm / qrModulesAcross(url, 'H').withQuietZone;
  const symbolLeft = at.x + (widthMm - symbolMm) / 2;
  const symbolTop = at.y + marginMm;
  // The code has capitals and digits only: they stand 0.73 em above the baseline and nothing hangs
  // below it, so the letters are centred in the band between the symbol's square and the cut.
  const band = heightMm - marginMm - symbolMm;
  const baselineY = symbolTop + symbolMm + (band + 0.73 * letterMm) / 2;
  return [
    `<g id="kode-${code}">`,
    qrSymbolPath(url, 'H', { x: symbolLeft, y: symbolTop, moduleMm }),
    // Wide letters (a code of W and M) are set smaller rather than reach the cut.
    textPath(formatCode(code), { x: at.x + widthMm / 2, baselineY, fontSizeMm: letterMm, anchor: 'middle', maxWidthMm: widthMm - 4 * marginMm }),
    cutPath(roundedRectPathData(at.x, at.y, widthMm, heightMm, cornerRadiusMm)),
    `</g>`,
  ].join('\n');
}

/** One code's tag as its own laser file, the size of the tag. */
export function laserTagSvg(url: string, code: string): string {
  return millimetreSvg(LASER_TAG.widthMm, LASER_TAG.heightMm, `Lasergravering: ${formatCode(code)} (${url})`, tagElements(url, code, { x: 0, y: 0 }));
}

/** Each tag's top left corner on a plate, in reading order: the grid centred on the plate. */
export function plateCells(): Origin[] {
  const { widthMm, heightMm, gapMm } = LASER_PLATE;
  const usedWidth = laserPlateColumns * LASER_TAG.widthMm + (laserPlateColumns - 1) * gapMm;
  const usedHeight = laserPlateRows * LASER_TAG.heightMm + (laserPlateRows - 1) * gapMm;
  const left = (widthMm - usedWidth) / 2;
  const top = (heightMm - usedHeight) / 2;
  return Array.from({ length: laserPlateColumns * laserPlateRows }, (_, i) => ({
    x: left + (i % laserPlateColumns) * (LASER_TAG.widthMm + gapMm),
    y: top + Math.floor(i / laserPlateColumns) * (LASER_TAG.heightMm + gapMm),
  }));
}

/** A plate's laser file: its codes' tags in the grid, the rest of the plate left blank. */
export function laserPlateSvg(entries: { url: string; code: string }[], title: string): string {
  return [...laserPlateSvgPieces(entries, title)].join('');
}

/**
 * laserPlateSvg's text in pieces, a tag at a time: the export's drawing thread writes them one
 * after another into its buffer (export-worker.ts), so a plate's 200 kB never stand as one string.
 */
export function* laserPlateSvgPieces(entries: { url: string; code: string }[], title: string): Generator<string> {
  const cells = plateCells();
  if (entries.length > cells.length) throw new Error(`A plate holds ${cells.length} tags, not ${entries.length}.`);
  const [head, tail] = millimetreSvgFrame(LASER_PLATE.widthMm, LASER_PLATE.heightMm, title);
  yield head;
  for (let i = 0; i < entries.length; i++) yield `${i > 0 ? '\n' : ''}${tagElements(entries[i]!.url, entries[i]!.code, cells[i]!)}`;
  yield tail;
}

/**
 * The print shop's symbol: the square at error correction Q on white (the quiet zone must stay
 * light whatever it is printed on), the code to type below, black, as outlines. No cut line: the
 * print shop places the file in its own layout.
 */
export function printSymbolSvg(url: string, code: string): string {
  const { symbolMm, labelMm, letterMm } = PRINT_SYMBOL;
  const moduleMm = symbolMm / qrModulesAcross(url, 'Q').withQuietZone;
  const height = symbolMm + labelMm;
  // Centred in the band below the square, as on the tag.
  const baselineY = symbolMm + (labelMm + 0.73 * letterMm) / 2;
  const body = [
    `<rect x="0" y="0" width="${mm(symbolMm)}" height="${mm(height)}" fill="#ffffff"/>`,
    qrSymbolPath(url, 'Q', { x: 0, y: 0, moduleMm }),
    textPath(formatCode(code), { x: symbolMm / 2, baselineY, fontSizeMm: letterMm, anchor: 'middle', maxWidthMm: 0.8 * symbolMm }),
  ].join('\n');
  return millimetreSvg(symbolMm, height, `QR-kode ${formatCode(code)} (${url})`, body);
}
