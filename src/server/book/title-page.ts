/**
 * The book's first page: the portrait (when the family chose one), the name, the dates as a
 * memorial card writes them ("14. februar 1936 – 3. oktober 2024"), the epitaph, and at the foot
 * where the person rests. No page number, as on any title page.
 */
import { lifeSpan } from '../../shared/danish-dates';
import type { Storage } from '../lib/storage';
import type { BookContent } from './content';
import { printable } from './fonts';
import { A5, LEFT, MEASURE, MUTED, type Doc, ornament, setFont } from './page';
import { printPhoto, printedSize } from './print-photo';

const PORTRAIT_BOX = { width: 200, height: 236 } as const;
const PORTRAIT_TOP = 70;
/** The resting place's line: level with the other pages' numbers, give or take a second line. */
const FOOT_Y = A5.height - 60;

function restingPlace(content: BookContent): string {
  const { cemetery, graveSection, graveNumber } = content.memorial;
  if (!cemetery) return '';
  const grave = [graveSection && `afsnit ${graveSection}`, graveNumber && `gravsted ${graveNumber}`].filter(Boolean).join(', ');
  return `Hviler på ${cemetery}${grave ? `, ${grave}` : ''}`;
}

function places(content: BookContent): string {
  const { birthPlace, deathPlace } = content.memorial;
  return [birthPlace && `Født i ${birthPlace}`, deathPlace && `død i ${deathPlace}`].filter(Boolean).join(', ');
}

export async function titlePage(doc: Doc, storage: Storage, content: BookContent): Promise<void> {
  const { memorial } = content;
  let y = 150;
  const photo = content.portrait ? await printPhoto(storage, content.portrait, PORTRAIT_BOX.width, PORTRAIT_BOX.height) : null;
  if (photo) {
    const size = printedSize(photo.width, photo.height, PORTRAIT_BOX.width, PORTRAIT_BOX.height);
    const x = (A5.width - size.width) / 2;
    const top = PORTRAIT_TOP + (PORTRAIT_BOX.height - size.height) / 2;
    doc.image(photo.jpeg, x, top, { width: size.width, height: size.height });
    // A hairline frame: a pale photo's edge would otherwise melt into the paper.
    doc.save().rect(x, top, size.width, size.height).lineWidth(0.4).strokeColor('#c9c2b6').stroke().restore();
    y = PORTRAIT_TOP + PORTRAIT_BOX.height + 34;
  }

  setFont(doc, 'roman', 25).text(printable(memorial.name), LEFT, y, { width: MEASURE, align: 'center', lineGap: 2 });
  const span = lifeSpan(memorial.birthDate, memorial.deathDate);
  if (span) {
    setFont(doc, 'roman', 11, MUTED).text(printable(span), LEFT, doc.y + 8, { width: MEASURE, align: 'center', characterSpacing: 0.3 });
  }
  const where = places(content);
  if (where) setFont(doc, 'italic', 9.5, MUTED).text(printable(where), LEFT, doc.y + 4, { width: MEASURE, align: 'center' });
  if (memorial.epitaph.trim()) {
    ornament(doc, doc.y + 16);
    setFont(doc, 'italic', 12.5).text(printable(memorial.epitaph.trim()), LEFT + 24, doc.y + 30, { width: MEASURE - 48, align: 'center', lineGap: 3 });
  }

  const rests = restingPlace(content);
  if (rests) {
    // At the foot of the page, where the other pages have their number: the bottom margin is the title page's to use.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    setFont(doc, 'roman', 9, MUTED).text(printable(rests), LEFT, FOOT_Y, { width: MEASURE, align: 'center' });
    doc.page.margins.bottom = margin;
  }
}
