/**
 * The family's chosen photos, in their order: each as large as the page allows without being
 * stretched, a landscape photo on half a page so two share one, a portrait one on a page of its
 * own, each with its caption under it. Read, scaled and embedded one at a time (print-photo.ts),
 * waiting whenever the reader of the PDF falls behind, so memory holds at most one photo and a
 * little of the PDF.
 */
import type { Storage } from '../lib/storage';
import type { BookPhoto } from './content';
import { printable } from './fonts';
import { A5, BOTTOM, LEFT, MARGIN, MEASURE, MUTED, type Doc, beginPart, setFont, spaceLeft } from './page';
import { printPhoto, printedSize } from './print-photo';

const CAPTION_SIZE = 9.5;
const CAPTION_GAP = 7;
/** Between two photos on one page. */
const GAP = 26;
const FULL_HEIGHT = BOTTOM - MARGIN.top;
/** Half a page for a landscape photo, its caption and the gap: two of them fill a page. */
const HALF_HEIGHT = (FULL_HEIGHT - GAP) / 2;

export interface Pace {
  /** Resolves when the PDF's reader has taken most of what was written so far. */
  caughtUp(): Promise<void>;
  /** True once the reader has gone: the rest of the book would be made for nobody. */
  gone(): boolean;
}

function captionHeight(doc: Doc, caption: string): number {
  if (!caption) return 0;
  setFont(doc, 'italic', CAPTION_SIZE);
  return CAPTION_GAP + doc.heightOfString(caption, { width: MEASURE - 40, lineGap: 1.5 });
}

export async function photosPart(doc: Doc, storage: Storage, photos: BookPhoto[], pace: Pace): Promise<void> {
  if (!photos.length) return;
  beginPart(doc, 'Billeder');
  let first = true;
  for (const photo of photos) {
    if (pace.gone()) return;
    await pace.caughtUp();
    const print = await printPhoto(storage, photo, MEASURE, FULL_HEIGHT);
    if (!print) continue;
    const caption = printable(photo.caption.trim());
    const below = captionHeight(doc, caption);
    const landscape = print.width > print.height * 1.15;
    // The first photo shares its page with the part's title rather than leave the title alone.
    const boxHeight = Math.min((landscape ? HALF_HEIGHT : FULL_HEIGHT) - below, first ? spaceLeft(doc) - below : Infinity);
    const size = printedSize(print.width, print.height, MEASURE, boxHeight);
    // Below another photo there is a gap; under the part's title or at a page's top there is none.
    const gap = !first && doc.y > MARGIN.top + 1 ? GAP : 0;
    first = false;
    if (size.height + below > spaceLeft(doc) - gap) doc.addPage();
    else doc.y += gap;
    const top = doc.y;
    doc.image(print.jpeg, (A5.width - size.width) / 2, top, { width: size.width, height: size.height });
    doc.y = top + size.height;
    if (caption) {
      setFont(doc, 'italic', CAPTION_SIZE, MUTED).text(caption, LEFT + 20, doc.y + CAPTION_GAP, { width: MEASURE - 40, align: 'center', lineGap: 1.5 });
    }
  }
}
