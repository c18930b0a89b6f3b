/**
 * A plaque's face as the laser's job file (issue 23, "laser engraving"): the plaque at its real
 * size in millimetres, laid out exactly as the family's proof (money/plaque-proof.ts's
 * plaqueLayout), but drawn for the machine rather than the eye: the QR symbol at error correction
 * H as filled outlines with its quiet zone, the text as glyph outlines (no font needed on the
 * laser's computer), engraved in black, and the plaque's outline with its rounded corners as a red
 * hairline, the cut. No texture, no colour of the material, no <text>.
 *
 * On granite the laser's mark is the light colour, so the symbol's whole square is engraved and
 * the modules left polished (dark on light, as the proof shows and every phone reads); on metal
 * the modules are engraved and the bare plaque is the light ground.
 */
import { type PlaqueFace, plaqueLayout } from '../money/plaque-proof';
import { ENGRAVE_COLOUR, cutPath, millimetreSvg, mm, qrSymbolPath, roundedRectPathData, textPathData } from './vectors';

const MATERIAL_NAMES: Record<PlaqueFace['material'], string> = { staal: 'rustfrit stål', granit: 'sort granit', messing: 'messing' };

export async function plaqueFaceSvg(face: PlaqueFace): Promise<string> {
  const layout = plaqueLayout(face);
  const { widthMm: w, heightMm: h, symbol } = layout;
  const inverted = face.material === 'granit';
  // The proof rounds the cleared square's corners by 0.6 module; the file does what the proof shows.
  const symbolPath = qrSymbolPath(face.url, 'H', { x: symbol.x, y: symbol.y, moduleMm: symbol.moduleMm }, { inverted, cornerRadiusMm: inverted ? symbol.moduleMm * 0.6 : 0 });
  const letters = layout.lines.map((line) => textPathData(line.text, { x: line.centreX, baselineY: line.baselineY, fontSizeMm: line.fontSizeMm, anchor: 'middle' })).join('');
  const body = [
    `<g id="gravering">`,
    symbolPath,
    letters ? `<path fill="${ENGRAVE_COLOUR}" fill-rule="nonzero" stroke="none" d="${letters}"/>` : '',
    `</g>`,
    `<g id="skaering">`,
    cutPath(roundedRectPathData(0, 0, w, h, layout.cornerRadiusMm)),
    `</g>`,
  ]
    .filter(Boolean)
    .join('\n');
  return millimetreSvg(w, h, `Lasergravering: plade i ${MATERIAL_NAMES[face.material]}, ${mm(w)} × ${mm(h)} mm, ${face.url}`, body);
}
