/**
 * The book's page and its measures: A5 portrait, no bleed (nothing runs to the paper's edge, so a
 * home printer's unprintable border cuts nothing off), margins generous enough to hold the pages
 * in a hand or a binding, and a measure of about sixty letters a line.
 */
import type PDFDocument from 'pdfkit';
import { BOOK_FONTS, type BookFont, printable } from './fonts';
import { hyphenateDanish } from './hyphenate';

export type Doc = InstanceType<typeof PDFDocument>;

/** ISO A5 in PostScript points (148 × 210 mm). */
export const A5 = { width: 419.53, height: 595.28 } as const;
export const MARGIN = { top: 62, bottom: 78, left: 56, right: 56 } as const;
export const LEFT = MARGIN.left;
export const RIGHT = A5.width - MARGIN.right;
export const MEASURE = RIGHT - LEFT;
/** Where text stops; pdfkit starts a new page when a paragraph runs past it. */
export const BOTTOM = A5.height - MARGIN.bottom;
/** The page number's line, in the bottom margin. */
export const FOLIO_Y = A5.height - 46;

export const INK = '#1f1f1f';
export const MUTED = '#686868';
/** Thin rules and ornaments: a warm grey that prints as grey on any home printer. */
export const ORNAMENT = '#9a8f7d';

export const BODY_SIZE = 10.5;
/** About 15 pt from line to line: open enough for older eyes, close enough to read as a page. */
export const BODY_GAP = 4.3;

export function registerFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(BOOK_FONTS)) doc.registerFont(name, file);
}

export function setFont(doc: Doc, font: BookFont, size: number, color = INK): Doc {
  return doc.font(font).fontSize(size).fillColor(color);
}

/** Running text: printable in the font, and hyphenated the Danish way. */
export const running = (text: string) => hyphenateDanish(printable(text));

/** Space left on this page above BOTTOM. */
export const spaceLeft = (doc: Doc) => BOTTOM - doc.y;

/** A new page unless `height` still fits on this one: keeps a heading with what follows it. */
export function keepTogether(doc: Doc, height: number): void {
  if (height > spaceLeft(doc) && doc.y > MARGIN.top + 1) doc.addPage();
}

/** A short centred rule: the book's one ornament, between title and text and between greetings. */
export function ornament(doc: Doc, y: number, width = 36): void {
  const x = (A5.width - width) / 2;
  doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(0.6).strokeColor(ORNAMENT).stroke().restore();
}

/** Each part begins on a page of its own with its title, centred, and the ornament under it. */
export function beginPart(doc: Doc, title: string): void {
  doc.addPage();
  doc.y = MARGIN.top + 18;
  setFont(doc, 'roman', 19).text(printable(title), LEFT, doc.y, { width: MEASURE, align: 'center', characterSpacing: 0.4 });
  ornament(doc, doc.y + 10);
  doc.y += 34;
  doc.x = LEFT;
}
