/**
 * The memorial book as a PDF stream: the title page, the life story, the timeline, the chosen
 * photos and the approved words, then each page's number at its foot. pdfkit writes each photo
 * into the stream as it is placed; only the pages' text waits for the end (bufferPages), for the
 * page numbers, and that is a few kB a page.
 */
import PDFDocument from 'pdfkit';
import type { Storage } from '../lib/storage';
import type { BookContent } from './content';
import { printable, requireBookFonts } from './fonts';
import { A5, FOLIO_Y, LEFT, MARGIN, MEASURE, MUTED, type Doc, registerFonts, setFont } from './page';
import { type Pace, photosPart } from './photos';
import { lifeStoryPart, timelinePart } from './story';
import { titlePage } from './title-page';
import { wordsParts } from './words';

function folios(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  // The title page goes unnumbered, but counts: the first page of text is page 2, as in a book.
  for (let page = start + 1; page < start + count; page++) {
    doc.switchToPage(page);
    // The number stands in the bottom margin, where pdfkit would take any text for an overflow and start a page.
    doc.page.margins.bottom = 0;
    setFont(doc, 'roman', 9, MUTED).text(String(page - start + 1), LEFT, FOLIO_Y, { width: MEASURE, align: 'center', lineBreak: false });
  }
}

export function openBook(content: BookContent, now: Date): Doc {
  requireBookFonts();
  const doc = new PDFDocument({
    size: [A5.width, A5.height],
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    lang: 'da-DK',
    displayTitle: true,
    info: { Title: printable(`Mindebog for ${content.memorial.name}`), Author: 'Mindested', Subject: 'Mindebog', CreationDate: now },
  });
  registerFonts(doc);
  return doc;
}

/** Draws the whole book into `doc` and ends it; a failure half-way is thrown after the stream is destroyed. */
export async function writeBook(doc: Doc, storage: Storage, content: BookContent, pace: Pace): Promise<void> {
  await titlePage(doc, storage, content);
  lifeStoryPart(doc, content.memorial.lifeStory);
  timelinePart(doc, content.memorial.timeline);
  await photosPart(doc, storage, content.photos, pace);
  wordsParts(doc, content);
  folios(doc);
  doc.end();
}
