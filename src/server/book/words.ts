/**
 * What others wrote, as the family approved it: the family's tributes, shared memories and the
 * guestbook's greetings, each part oldest first, each text signed with the name as the memorial
 * page shows it and the day it was written; and how many candles were lit.
 */
import { danishDate } from '../../shared/danish-dates';
import type { BookContent, BookPost } from './content';
import { printable } from './fonts';
import { BODY_GAP, BODY_SIZE, LEFT, MEASURE, MUTED, type Doc, beginPart, keepTogether, ornament, running, setFont } from './page';

const PARTS: { kind: BookPost['kind']; title: string }[] = [
  { kind: 'tribute', title: 'Mindeord' },
  { kind: 'memory', title: 'Minder' },
  { kind: 'guestbook', title: 'Hilsner' },
];

const dayOf = (date: Date) => danishDate(date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' }));

const SIGNATURE_SIZE = 9.5;

function setPost(doc: Doc, post: BookPost, first: boolean): void {
  const message = running(post.message);
  const signature = printable(`${post.name.trim() || 'Anonym'}, ${dayOf(post.createdAt)}`);
  setFont(doc, 'roman', BODY_SIZE);
  const textHeight = doc.heightOfString(message, { width: MEASURE, lineGap: BODY_GAP });
  setFont(doc, 'italic', SIGNATURE_SIZE);
  const signatureHeight = doc.heightOfString(signature, { width: MEASURE });
  const separator = first ? 0 : 30;
  // A greeting that fits on a page is not split; a longer one starts where it can.
  keepTogether(doc, separator + Math.min(textHeight + 6 + signatureHeight, 3 * (BODY_SIZE + BODY_GAP)));
  if (!first && doc.y > 140) {
    ornament(doc, doc.y + 14, 18);
    doc.y += separator;
  }
  setFont(doc, 'roman', BODY_SIZE).text(message, LEFT, doc.y, { width: MEASURE, lineGap: BODY_GAP, align: 'left' });
  setFont(doc, 'italic', SIGNATURE_SIZE, MUTED).text(signature, LEFT, doc.y + 5, { width: MEASURE, align: 'right' });
}

export function wordsParts(doc: Doc, content: BookContent): void {
  for (const { kind, title } of PARTS) {
    const posts = content.posts.filter((post) => post.kind === kind);
    if (!posts.length) continue;
    beginPart(doc, title);
    posts.forEach((post, index) => setPost(doc, post, index === 0));
  }
  if (content.candles > 0) {
    const text = content.candles === 1 ? `Der er tændt et lys for ${content.memorial.name} på mindesiden.` : `Der er tændt ${content.candles} lys for ${content.memorial.name} på mindesiden.`;
    keepTogether(doc, 60);
    doc.y += 30;
    setFont(doc, 'italic', BODY_SIZE, MUTED).text(printable(text), LEFT, doc.y, { width: MEASURE, align: 'center' });
  }
}
