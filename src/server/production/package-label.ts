/**
 * A package's label, to stick on its box (issue 23 item 6): scanned at the packing table, it moves
 * the whole package in to stock or out to its reseller (production/warehouse.ts). Its symbol
 * encodes the package's page, `{BASE_URL}/admin/qr-packages/{id}` (shared/production.ts
 * packageLabelPath), so a phone that scans it opens the package, and the warehouse's scanner reads
 * the id from the same address.
 *
 * 100 × 60 mm, one page: the size of the common label printers' 100 mm rolls (and of a box's end),
 * printed on A4 too at 100 %. The symbol takes the left 52 mm, at error correction Q (PRODUCT.md's
 * level for print) about a millimetre a module, which any scanner at the table reads from 30 cm;
 * beside it what a person checks before the box is closed: the package's name, whom it is for,
 * how many codes, and the first and last of its codes in code order (as its print sheet lists them).
 */
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { packageLabelPath } from '../../shared/production';
import { formatCode } from '../../shared/qr-code';
import { qrCodes, qrPackages, resellers } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { slugify } from '../memorials/slug';
import { QUIET_ZONE_MODULES } from '../qr/images';

const MM = 72 / 25.4;

/** The label in millimetres. */
export const LABEL = { width: 100, height: 60, margin: 4, symbolBox: 52 } as const;

export interface LabelPackage {
  id: string;
  name: string;
  size: number;
  resellerName: string | null;
  createdAt: Date;
  /** The first and last of its codes in code order; null when it has none. */
  first: string | null;
  last: string | null;
}

/** What the label's symbol says: the package's page. */
export const labelUrl = (baseUrl: string, id: string) => `${baseUrl}${packageLabelPath(id)}`;

/** Helvetica's WinAnsi has æ, ø and å; anything else in a name prints as "?". */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** `text` in lines of at most `widthMm`, at most `lines` of them, the last ending in "…" when cut. */
function wrapped(font: PDFFont, text: string, size: number, widthMm: number, lines: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= widthMm * MM;
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (fits(next)) current = next;
    else {
      if (current) out.push(current);
      current = word;
    }
  }
  if (current) out.push(current);
  const kept = out.slice(0, lines);
  const cut = out.length > lines;
  return kept.map((line, i) => {
    const last = i === kept.length - 1;
    if ((!last || !cut) && fits(line)) return line;
    let shortened = line;
    while (shortened && !fits(`${shortened}…`)) shortened = shortened.slice(0, -1);
    return `${shortened.trimEnd()}…`;
  });
}

/** The symbol's dark modules, each row's runs as one rectangle, into a square of `boxMm` with its quiet zone. */
function drawSymbol(page: PDFPage, url: string, x: number, y: number, boxMm: number) {
  const { size, data } = QRCode.create(url, { errorCorrectionLevel: 'Q' }).modules;
  const module = boxMm / (size + 2 * QUIET_ZONE_MODULES);
  const left = x + QUIET_ZONE_MODULES * module;
  const top = y + boxMm - QUIET_ZONE_MODULES * module;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; ) {
      if (!data[row * size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col += 1;
      page.drawRectangle({ x: (left + start * module) * MM, y: (top - (row + 1) * module) * MM, width: (col - start) * module * MM, height: module * MM, color: rgb(0, 0, 0) });
    }
  }
}

/** The label's PDF. The same package gives the same bytes (its dates are the package's), so a reprint is the same label. */
export async function packageLabelPdf(baseUrl: string, pkg: LabelPackage): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Etiket til QR-pakken ${pkg.name} – Mindested`);
  pdf.setAuthor('Mindested');
  pdf.setCreator('Mindested');
  pdf.setProducer('Mindested');
  pdf.setLanguage('da-DK');
  pdf.setCreationDate(pkg.createdAt);
  pdf.setModificationDate(pkg.createdAt);
  const page = pdf.addPage([LABEL.width * MM, LABEL.height * MM]);
  const [regular, bold] = [await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold)];
  const ink = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);

  const box = LABEL.symbolBox;
  drawSymbol(page, labelUrl(baseUrl, pkg.id), LABEL.margin, (LABEL.height - box) / 2, box);

  const x = LABEL.margin + box + 2;
  const width = LABEL.width - x - LABEL.margin;
  let y = LABEL.height - LABEL.margin - 3;
  const line = (text: string, size: number, font: PDFFont = regular, color = ink, gapMm = size * 0.42) => {
    page.drawText(printable(font, text), { x: x * MM, y: y * MM, size, font, color });
    y -= gapMm;
  };

  line('MINDESTED · QR-PAKKE', 6.5, bold, grey, 5);
  for (const part of wrapped(bold, printable(bold, pkg.name), 11, width, 3)) line(part, 11, bold, ink, 4.6);
  y -= 1;
  for (const part of wrapped(regular, printable(regular, pkg.resellerName ? `Til ${pkg.resellerName}` : 'Direkte salg'), 8.5, width, 2)) line(part, 8.5, regular, ink, 3.8);
  y -= 1;
  line(`${pkg.size.toLocaleString('da-DK')} ${pkg.size === 1 ? 'kode' : 'koder'}`, 10, bold, ink, 4.8);
  if (pkg.first && pkg.last) {
    line(`Fra ${formatCode(pkg.first)}`, 8.5, regular, ink, 3.8);
    line(`til ${formatCode(pkg.last)}`, 8.5, regular, ink, 3.8);
  }

  // At the foot, under the text column: when it was made and the package's id (a label torn half off is still traced).
  const created = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(pkg.createdAt);
  page.drawText(`Oprettet ${created}`, { x: x * MM, y: (LABEL.margin + 3) * MM, size: 6.5, font: regular, color: grey });
  const idSize = Math.min(5.5, (width * MM) / regular.widthOfTextAtSize(pkg.id, 1));
  page.drawText(pkg.id, { x: x * MM, y: LABEL.margin * MM, size: idSize, font: regular, color: grey });
  return pdf.save();
}

/** The label of a package, with its file name; 404 in Danish when there is no such package. */
export async function packageLabel(deps: Pick<Deps, 'db' | 'config'>, packageId: string): Promise<{ filename: string; pdf: Uint8Array }> {
  const [row] = await deps.db
    .select({ pkg: qrPackages, resellerName: resellers.companyName })
    .from(qrPackages)
    .leftJoin(resellers, eq(resellers.id, qrPackages.resellerId))
    .where(eq(qrPackages.id, packageId));
  if (!row) throw notFound('QR-pakken findes ikke.');
  // Byte order ("C"), as the print sheet sorts: the database's collation must not decide the range.
  const [range] = await deps.db
    .select({ first: sql<string | null>`min(${qrCodes.code} collate "C")`, last: sql<string | null>`max(${qrCodes.code} collate "C")` })
    .from(qrCodes)
    .where(eq(qrCodes.packageId, packageId));
  const pdf = await packageLabelPdf(deps.config.BASE_URL, {
    id: row.pkg.id,
    name: row.pkg.name,
    size: row.pkg.size,
    resellerName: row.resellerName,
    createdAt: row.pkg.createdAt,
    first: range?.first ?? null,
    last: range?.last ?? null,
  });
  return { filename: `mindested-etiket-${slugify(row.pkg.name) || 'pakke'}.pdf`, pdf };
}
