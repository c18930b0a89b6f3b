/**
 * The job sheet in a laser ZIP (issue 23, item 3: "with a job sheet listing its contents"): one A4
 * PDF the operator prints and keeps with the engraved tags. It says which package and reseller the
 * files are for, how many codes, how the files are to be used (full size, black engraved, red cut),
 * and which codes are in which file: for plates, each plate's codes in the plate's own grid, so a
 * tag in the hand can be found on the sheet by its place.
 *
 * Set in DejaVu Sans (the same fonts-dejavu-core as the outlines): a package or reseller name may
 * hold any letter, which pdfkit's built-in Helvetica cannot print. Page numbers are written when
 * every page exists (bufferPages); 10,000 codes make about 35 pages of text, a few hundred kB.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { LASER_PLATE, LASER_TAG, type LaserLayout, TAGS_PER_PLATE, laserPlateColumns } from '../../shared/qr-exports';
import { formatCode } from '../../shared/qr-code';

const REGULAR_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const BOLD_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const WIDTH = A4.width - 2 * MARGIN;
/** Where content stops; the footer stands below it, inside the margin pdfkit breaks pages at. */
const BOTTOM = A4.height - MARGIN - 24;
const FOOTER_Y = A4.height - MARGIN - 10;
const INK = '#1a1a1a';
const MUTED = '#5f5f5f';
const RULE = '#c8c8c8';

export interface JobSheetFile {
  name: string;
  codes: string[];
}

export interface JobSheet {
  packageId: string;
  packageName: string;
  resellerName: string | null;
  layout: LaserLayout;
  files: JobSheetFile[];
  /** Codes of the package left out because they are voided. */
  voided: number;
  exportedAt: Date;
  exportedBy: string;
}

const when = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Copenhagen' });
const number = new Intl.NumberFormat('da-DK');

const LAYOUT_WORDS: Record<LaserLayout, string> = {
  code: `Én fil pr. kode: et mærke på ${LASER_TAG.widthMm} × ${LASER_TAG.heightMm} mm`,
  plate: `Plader på ${LASER_PLATE.widthMm} × ${LASER_PLATE.heightMm} mm med op til ${TAGS_PER_PLATE} mærker på ${LASER_TAG.widthMm} × ${LASER_TAG.heightMm} mm`,
};

const HOW_TO = [
  'Filerne er tegnet i millimeter i fuld størrelse: importér dem i 100 %, uden at skalere.',
  'Sort udfyldt flade = gravering. Rød hårlinje (0,01 mm) = skæring.',
  'QR-koderne er i fejlkorrektion H, og teksten er omdannet til konturer: der skal ingen skrifttype til.',
  'Scan et færdigt mærke med en telefon, før resten graveres.',
];

function fonts(): { regular: string; bold: string } {
  for (const file of [REGULAR_FONT, BOLD_FONT]) {
    if (!existsSync(file)) throw new Error(`The job sheet's font is missing: ${file} (DejaVu Sans). Install Debian's fonts-dejavu-core.`);
  }
  return { regular: REGULAR_FONT, bold: BOLD_FONT };
}

/** The job sheet as a PDF stream; it is drawn at once and ends when read. */
export function jobSheetPdf(sheet: JobSheet): Readable {
  const { regular, bold } = fonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'da-DK',
    displayTitle: true,
    info: { Title: `Jobseddel: ${sheet.packageName}`, Author: 'Mindested', Subject: 'Lasergravering af QR-koder', CreationDate: sheet.exportedAt },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const codes = sheet.files.reduce((sum, file) => sum + file.codes.length, 0);

  doc.font('bold').fontSize(18).fillColor(INK).text('Jobseddel: lasergravering', MARGIN, MARGIN);
  doc.font('regular').fontSize(10).fillColor(MUTED).text('Mindested · QR-koder til gravering', { width: WIDTH });
  doc.moveDown(0.8);

  const facts: [string, string][] = [
    ['Pakke', sheet.packageName],
    ['Pakke-id', sheet.packageId],
    ['Forhandler', sheet.resellerName ?? 'Direkte salg (ingen forhandler)'],
    ['Koder', `${number.format(codes)}${sheet.voided === 0 ? '' : sheet.voided === 1 ? ' (1 kasseret kode er udeladt)' : ` (${number.format(sheet.voided)} kasserede koder er udeladt)`}`],
    ['Layout', LAYOUT_WORDS[sheet.layout]],
    ['Filer', `${number.format(sheet.files.length)} SVG-filer, og manifest.csv med alle koder`],
    ['Eksporteret', `${when.format(sheet.exportedAt)} af ${sheet.exportedBy}`],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('bold').fontSize(10).fillColor(INK).text(label, MARGIN, y, { width: 90 });
    doc.font('regular').text(value, MARGIN + 95, y, { width: WIDTH - 95 });
    doc.moveDown(0.25);
  }

  doc.moveDown(0.6);
  doc.font('bold').fontSize(11).text('Sådan bruges filerne', MARGIN, doc.y);
  doc.moveDown(0.2);
  for (const line of HOW_TO) doc.font('regular').fontSize(9.5).text(`•  ${line}`, MARGIN + 4, doc.y, { width: WIDTH - 4 });

  doc.moveDown(1);
  doc.font('bold').fontSize(11).text(sheet.layout === 'plate' ? 'Pladerne og deres koder' : 'Filerne', MARGIN, doc.y);
  doc.moveDown(0.4);
  if (sheet.files.length === 0) doc.font('regular').fontSize(10).text('Pakken har ingen koder at gravere (alle er kasserede).', MARGIN, doc.y);
  else if (sheet.layout === 'plate') plates(doc, sheet.files);
  else perCode(doc, sheet.files);

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const y = FOOTER_Y;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(sheet.packageName, MARGIN, y, { width: WIDTH * 0.7, lineBreak: false, height: 10, ellipsis: true });
    doc.text(`Side ${page - start + 1} af ${count}`, MARGIN, y, { width: WIDTH, align: 'right', lineBreak: false });
  }
  doc.end();
  return doc;
}

/** A new page when `height` points no longer fit; returns the y to draw at. */
function room(doc: PDFKit.PDFDocument, height: number): number {
  if (doc.y + height > BOTTOM) doc.addPage();
  return doc.y;
}

/**
 * The codes and file names are ASCII, set in PDF's own Helvetica: pdfkit measures it from its
 * metrics, where each line in DejaVu goes through fontkit's layout, and a 10,000-code sheet's
 * lines made most of the sheet's time and memory. A column is one text call of many lines.
 */
const LIST_FONT = 'Helvetica';

function column(doc: PDFKit.PDFDocument, lines: string[], x: number, y: number, width: number, rowHeight: number) {
  if (lines.length === 0) return;
  doc.text(lines.join('\n'), x, y, { width, lineBreak: false, lineGap: rowHeight - doc.currentLineHeight() });
}

/** Each plate: its file name, then its codes in the plate's grid (rows of laserPlateColumns). */
function plates(doc: PDFKit.PDFDocument, files: JobSheetFile[]) {
  const width = WIDTH / laserPlateColumns;
  const rowHeight = 11;
  for (const file of files) {
    const rows = Math.ceil(file.codes.length / laserPlateColumns);
    let y = room(doc, 16 + rows * rowHeight + 8);
    doc.font('bold').fontSize(9.5).fillColor(INK).text(`${file.name}  ·  ${file.codes.length} ${file.codes.length === 1 ? 'kode' : 'koder'}`, MARGIN, y);
    y = doc.y + 2;
    doc.font(LIST_FONT).fontSize(8.5);
    for (let col = 0; col < laserPlateColumns; col++) {
      const lines = file.codes.filter((_, i) => i % laserPlateColumns === col).map(formatCode);
      column(doc, lines, MARGIN + col * width, y, width, rowHeight);
    }
    const end = y + rows * rowHeight + 3;
    doc.moveTo(MARGIN, end).lineTo(MARGIN + WIDTH, end).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.x = MARGIN;
    doc.y = end + 5;
  }
}

/** One file per code: the file names (the code itself) in five columns, down then across a page. */
function perCode(doc: PDFKit.PDFDocument, files: JobSheetFile[]) {
  const columns = 5;
  const width = WIDTH / columns;
  const rowHeight = 11.5;
  let index = 0;
  while (index < files.length) {
    const top = room(doc, rowHeight * 3);
    const perColumn = Math.max(1, Math.floor((BOTTOM - top) / rowHeight));
    const onPage = files.slice(index, index + perColumn * columns);
    const rows = Math.ceil(onPage.length / columns);
    doc.font(LIST_FONT).fontSize(9).fillColor(INK);
    // Down the columns, so the codes read in order as a list does.
    for (let col = 0; col < columns; col++) {
      column(doc, onPage.slice(col * rows, (col + 1) * rows).map((file) => file.name), MARGIN + col * width, top, width, rowHeight);
    }
    index += onPage.length;
    doc.x = MARGIN;
    doc.y = top + rows * rowHeight;
    if (index < files.length) doc.addPage();
  }
}
