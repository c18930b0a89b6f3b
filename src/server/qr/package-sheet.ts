/**
 * A package's print sheet (PRODUCT.md "QR codes": a package's export as a PDF print sheet): every
 * code of the package on A4 pages for the print shop or the back office's own printer, 24 to a
 * page, each symbol with its quiet zone and the code to type printed under it, cut marks between
 * them, and a header and footer on every page that say which package, which codes and which page.
 *
 * A package holds up to 10,000 codes (417 pages), so the symbols are drawn the cheap way: each
 * symbol's dark modules, a row's run of them as one rectangle, written straight into the page's
 * content stream as PDF operators. Through pdf-lib's drawing calls every rectangle would be half a
 * dozen JavaScript objects (2.5 million rectangles at 10,000 codes); as text it is a few bytes,
 * compressed once per page. No picture is embedded: vectors stay sharp at any printer's resolution.
 */
import { deflateSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Role } from '../../shared/auth';
import { formatCode } from '../../shared/qr-code';
import { qrCodes, qrPackages } from '../db/schema';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../lib/errors';
import { slugify } from '../memorials/slug';
import { QUIET_ZONE_MODULES, type QrErrorCorrection, qrUrl } from './images';
import { STAFF_ROLES } from './lifecycle';

/**
 * The sheet in millimetres. 4 × 6 cells of 47.5 × 45 mm leave a symbol box (quiet zone included)
 * of 38.5 mm, so the symbol itself is 30–32 mm across for every address of ours (version 3 to 5):
 * a phone reads that from a print at up to about 30 cm (the rule of thumb: ten times the symbol's
 * width), and a cell is large enough to cut out and hand over. Fewer, larger symbols would cost paper; more would shrink the
 * symbol below what an older phone focuses on. The margins keep clear of a printer's unprintable
 * edge (about 5 mm).
 */
export const SHEET = {
  width: 210,
  height: 297,
  columns: 4,
  rows: 6,
  side: 10,
  header: 15,
  footer: 12,
  /** Between the cell's top edge and the symbol's quiet zone, so a cut never touches it. */
  gap: 1,
  /** Under the symbol's box, for its code. */
  label: 5.5,
} as const;

export const CODES_PER_PAGE = SHEET.columns * SHEET.rows;

export interface SheetLayout {
  cellWidth: number;
  cellHeight: number;
  /** The symbol's square, quiet zone included. */
  box: number;
  module: number;
  /** The symbol's dark part, from finder pattern to finder pattern. */
  symbol: number;
  /** Each cell's lower left corner, in reading order (left to right, top to bottom). */
  cells: { x: number; y: number }[];
}

/** Where everything goes, in millimetres from the page's lower left corner (PDF's origin). */
export function sheetLayout(modules: number): SheetLayout {
  const cellWidth = (SHEET.width - 2 * SHEET.side) / SHEET.columns;
  const cellHeight = (SHEET.height - SHEET.header - SHEET.footer) / SHEET.rows;
  const box = Math.min(cellWidth, cellHeight - SHEET.gap - SHEET.label);
  const module = box / (modules + 2 * QUIET_ZONE_MODULES);
  const cells = Array.from({ length: CODES_PER_PAGE }, (_, i) => ({
    x: SHEET.side + (i % SHEET.columns) * cellWidth,
    y: SHEET.height - SHEET.header - (Math.floor(i / SHEET.columns) + 1) * cellHeight,
  }));
  return { cellWidth, cellHeight, box, module, symbol: modules * module, cells };
}

/** At least one page, so an empty package (every code voided) still prints its header. */
export const sheetPageCount = (codes: number) => Math.max(1, Math.ceil(codes / CODES_PER_PAGE));

const POINTS_PER_MM = 72 / 25.4;
/** Millimetres as PDF points, written to a hundredth (a 3,500th of a millimetre). */
const pt = (mm: number) => (mm * POINTS_PER_MM).toFixed(2);

/** Helvetica's WinAnsi has æ, ø, å and the rest of Western Europe; anything else in a name prints as "?". */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** A name too long for its place ends in "…" (a package name may be 120 characters). */
function fitted(font: PDFFont, text: string, size: number, widthMm: number): string {
  if (font.widthOfTextAtSize(text, size) <= widthMm * POINTS_PER_MM) return text;
  let cut = text;
  while (cut && font.widthOfTextAtSize(`${cut}…`, size) > widthMm * POINTS_PER_MM) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

interface Fonts {
  regular: { font: PDFFont; key: string };
  bold: { font: PDFFont; key: string };
}

type Align = 'left' | 'centre' | 'right';

/** One line of text at (x, y) mm: left-aligned from x, centred on x, or ending at x. */
function text(fonts: Fonts, weight: keyof Fonts, size: number, grey: number, x: number, y: number, line: string, align: Align = 'left'): string {
  const { font, key } = fonts[weight];
  const width = font.widthOfTextAtSize(line, size) / POINTS_PER_MM;
  const left = align === 'left' ? x : align === 'centre' ? x - width / 2 : x - width;
  return `BT ${grey} g ${key} ${size} Tf ${pt(left)} ${pt(y)} Td ${font.encodeText(line).toString()} Tj ET\n`;
}

/** A symbol's dark modules as rectangles in module units, each row's runs merged, under one fill. */
function symbolOperators(url: string, ecc: QrErrorCorrection, x: number, y: number, module: number): string {
  const { size, data } = QRCode.create(url, { errorCorrectionLevel: ecc }).modules;
  const parts = [`q 0 g ${pt(module)} 0 0 ${pt(module)} ${pt(x)} ${pt(y)} cm\n`];
  for (let row = 0; row < size; row++) {
    // Rows count down from the top in the symbol and up from the bottom in PDF.
    const up = size - 1 - row;
    for (let col = 0; col < size; ) {
      if (!data[row * size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col += 1;
      parts.push(`${start} ${up} ${col - start} 1 re\n`);
    }
  }
  parts.push('f Q\n');
  return parts.join('');
}

/** Light crosses at the cells' corners, and ticks out into the margins: where to cut, drawn nowhere near a symbol. */
function cutMarks(layout: SheetLayout): string {
  const { cellWidth, cellHeight } = layout;
  const top = SHEET.height - SHEET.header;
  const bottom = SHEET.footer;
  const parts = ['q 0.7 G 0.35 w\n'];
  const line = (x1: number, y1: number, x2: number, y2: number) => parts.push(`${pt(x1)} ${pt(y1)} m ${pt(x2)} ${pt(y2)} l S\n`);
  for (let c = 0; c <= SHEET.columns; c++) {
    const x = SHEET.side + c * cellWidth;
    line(x, top + 0.8, x, top + 2.3);
    line(x, bottom - 0.8, x, bottom - 2.3);
    for (let r = 0; r <= SHEET.rows; r++) {
      const y = bottom + r * cellHeight;
      if (c === 0 || c === SHEET.columns) line(c === 0 ? x - 1 : x + 1, y, c === 0 ? x - 3 : x + 3, y);
      else if (r > 0 && r < SHEET.rows) {
        line(x - 1.5, y, x + 1.5, y);
        line(x, y - 1.5, x, y + 1.5);
      }
    }
  }
  parts.push('Q\n');
  return parts.join('');
}

export interface SheetPackage {
  id: string;
  name: string;
  createdAt: Date;
}

/**
 * The sheet's PDF. The same package and codes give the same bytes (the document's dates are the
 * package's, not the clock's), so a reprint can be checked against the first print.
 */
export async function packageSheetPdf(baseUrl: string, pkg: SheetPackage, codes: string[], ecc: QrErrorCorrection): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`QR-pakke ${pkg.name} – Mindested`);
  pdf.setAuthor('Mindested');
  pdf.setCreator('Mindested');
  pdf.setProducer('Mindested');
  pdf.setLanguage('da-DK');
  pdf.setCreationDate(pkg.createdAt);
  pdf.setModificationDate(pkg.createdAt);
  const [regular, bold] = [await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold)];

  // Every code of one package has an address of the same length, so one symbol size serves all.
  const modules = codes.length ? QRCode.create(qrUrl(baseUrl, codes[0]!), { errorCorrectionLevel: ecc }).modules.size : 21;
  const layout = sheetLayout(modules);
  const pages = sheetPageCount(codes.length);
  const marks = cutMarks(layout);
  const created = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(pkg.createdAt);
  const title = fitted(bold, printable(bold, pkg.name), 12, 120);
  const count = `${codes.length.toLocaleString('da-DK')} ${codes.length === 1 ? 'kode' : 'koder'} · fejlkorrektion ${ecc}`;
  const right = SHEET.width - SHEET.side;

  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([SHEET.width * POINTS_PER_MM, SHEET.height * POINTS_PER_MM]);
    const fonts: Fonts = {
      regular: { font: regular, key: page.node.newFontDictionary(regular.name, regular.ref).toString() },
      bold: { font: bold, key: page.node.newFontDictionary(bold.name, bold.ref).toString() },
    };
    const onPage = codes.slice(p * CODES_PER_PAGE, (p + 1) * CODES_PER_PAGE);
    const parts: string[] = [marks];

    const headerTop = SHEET.height - 6.5;
    parts.push(text(fonts, 'bold', 12, 0, SHEET.side, headerTop, title));
    parts.push(text(fonts, 'regular', 9, 0, right, headerTop, count, 'right'));
    parts.push(text(fonts, 'regular', 8, 0.4, SHEET.side, headerTop - 4.3, `Mindested · QR-pakke til tryk · oprettet ${created}`));
    // "Fit to page" would shrink every symbol below the size chosen above.
    parts.push(text(fonts, 'regular', 8, 0.4, right, headerTop - 4.3, 'Udskriv i 100 % (uden tilpasning til siden)', 'right'));

    const footerY = 6;
    const first = p * CODES_PER_PAGE + 1;
    const range = onPage.length ? `Kode ${first}–${first + onPage.length - 1} af ${codes.length}` : 'Pakken har ingen koder at udskrive';
    parts.push(text(fonts, 'regular', 8, 0.4, SHEET.side, footerY, `Pakke ${pkg.id}`));
    parts.push(text(fonts, 'regular', 8, 0.4, SHEET.width / 2, footerY, range, 'centre'));
    parts.push(text(fonts, 'regular', 9, 0, right, footerY, `Side ${p + 1} af ${pages}`, 'right'));

    for (const [i, code] of onPage.entries()) {
      const cell = layout.cells[i]!;
      const boxLeft = cell.x + (layout.cellWidth - layout.box) / 2;
      const boxTop = cell.y + layout.cellHeight - SHEET.gap;
      const quiet = QUIET_ZONE_MODULES * layout.module;
      parts.push(symbolOperators(qrUrl(baseUrl, code), ecc, boxLeft + quiet, boxTop - quiet - layout.symbol, layout.module));
      parts.push(text(fonts, 'bold', 10, 0, cell.x + layout.cellWidth / 2, boxTop - layout.box - 3.8, formatCode(code), 'centre'));
    }

    const content = deflateSync(parts.join(''));
    page.node.addContentStream(pdf.context.register(pdf.context.stream(content, { Filter: 'FlateDecode' })));
    // 24 symbols take about 10 ms to encode; between pages the server answers its other requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return pdf.save();
}

export const PRINT_REFUSAL = 'Kun produktion og administratorer kan udskrive QR-pakker.';
export const PACKAGE_NOT_FOUND = 'QR-pakken findes ikke.';

/**
 * The sheet of a package for production staff and admins: its codes that may still be used (a
 * voided code is damaged or lost and must not be printed again), in code order, so a reprint is
 * the same sheet. Returns the file name too.
 */
export async function packageSheet(deps: Deps, staff: { role: Role }, packageId: string, ecc: QrErrorCorrection): Promise<{ filename: string; pdf: Uint8Array }> {
  if (!STAFF_ROLES.includes(staff.role)) throw forbidden(PRINT_REFUSAL);
  const [pkg] = await deps.db.select().from(qrPackages).where(eq(qrPackages.id, packageId));
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const rows = await deps.db.select({ code: qrCodes.code, status: qrCodes.status }).from(qrCodes).where(eq(qrCodes.packageId, pkg.id)).orderBy(asc(qrCodes.code));
  // Sorted here as well: the database's collation must not decide the order of a reprint.
  const codes = rows.filter((row) => row.status !== 'void').map((row) => row.code).sort();
  const pdf = await packageSheetPdf(deps.config.BASE_URL, pkg, codes, ecc);
  return { filename: `mindested-pakke-${slugify(pkg.name) || 'pakke'}.pdf`, pdf };
}
