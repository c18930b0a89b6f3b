/**
 * A code as a picture (PRODUCT.md "QR codes"): the symbol encodes `{BASE_URL}/qr/{code}`, short so
 * the symbol stays small and robust. Error correction H (30 % of the symbol may be lost) for
 * engraved stone, where moss, wear and a chipped corner take their share; Q (25 %) for print. The
 * quiet zone is the standard four modules: without it phones fail to find the symbol on a stone.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatCode } from '../../shared/qr-code';

export type QrErrorCorrection = 'H' | 'Q';

export const QUIET_ZONE_MODULES = 4;

export const qrUrl = (baseUrl: string, code: string) => `${baseUrl}/qr/${code}`;

/** A vector symbol for engraving and for the print shop: black modules on white, scaled freely. */
export async function qrSvg(url: string, ecc: QrErrorCorrection): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: ecc, margin: QUIET_ZONE_MODULES, color: { dark: '#000000', light: '#ffffff' } });
}

/** A bitmap `size` pixels square (rounded down to whole pixels per module by the encoder's scaling). */
export async function qrPng(url: string, ecc: QrErrorCorrection, size: number): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: ecc, margin: QUIET_ZONE_MODULES, width: size, color: { dark: '#000000', light: '#ffffff' } });
}

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };

const INSTRUCTIONS = [
  'Sådan bruger I koden',
  '1. Scan koden med telefonens kamera, eller gå til adressen herunder.',
  '2. Opret en konto, eller log ind, og lås koden til jeres konto.',
  '3. Lav mindesiden, eller vælg en, I allerede har lavet.',
  'Derefter åbner koden mindesiden på enhver telefon, der scanner den.',
  'Hold koden ren og fri for mos, så den altid kan scannes.',
];

/**
 * One A4 page to print: the symbol 10 cm wide (a phone reads it from an arm's length), the code
 * in its short form to type when no camera is at hand, its address, and Danish instructions.
 * Helvetica is one of PDF's own fonts, so nothing is embedded; its encoding has æ, ø and å.
 */
export async function qrPrintPdf(baseUrl: string, code: string, ecc: QrErrorCorrection): Promise<Uint8Array> {
  const url = qrUrl(baseUrl, code);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`QR-kode ${formatCode(code)} – Mindested`);
  pdf.setAuthor('Mindested');
  pdf.setLanguage('da-DK');
  const page = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.16, 0.14, 0.12);
  const centred = (text: string, y: number, size: number, font = regular) =>
    page.drawText(text, { x: (A4.width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: ink });

  centred('Mindested', A4.height - 30 * MM, 22, bold);
  centred('Koden til mindestenen', A4.height - 40 * MM, 13);

  // Drawn large from a bitmap at 1200 px: over 3 px per module at print size, crisp at 300 dpi.
  const symbol = await pdf.embedPng(await qrPng(url, ecc, 1200));
  const side = 100 * MM;
  const top = A4.height - 50 * MM;
  page.drawImage(symbol, { x: (A4.width - side) / 2, y: top - side, width: side, height: side });

  centred(formatCode(code), top - side - 14 * MM, 28, bold);
  centred(url, top - side - 22 * MM, 11);

  let y = top - side - 40 * MM;
  for (const [index, line] of INSTRUCTIONS.entries()) {
    page.drawText(line, { x: 30 * MM, y, size: index === 0 ? 14 : 11.5, font: index === 0 ? bold : regular, color: ink });
    // The heading, the three steps, then what follows as a paragraph of its own.
    y -= index === 0 ? 9 * MM : index === 3 ? 11 * MM : 7 * MM;
  }
  return pdf.save();
}
