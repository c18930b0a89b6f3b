/**
 * The life story and the timeline, set as running text: justified, hyphenated the Danish way,
 * paragraphs marked by an indent as in a printed book, and a heading never left alone at the foot
 * of a page.
 */
import { danishDate } from '../../shared/danish-dates';
import type { TimelineEvent } from '../../shared/memorials';
import type { BookFont } from './fonts';
import { printable } from './fonts';
import { BODY_GAP, BODY_SIZE, LEFT, MEASURE, MUTED, type Doc, beginPart, keepTogether, ornament, running, setFont } from './page';
import { type Run, type StoryBlock, storyBlocks } from './story-blocks';

const INDENT = 14;
/** Two lines of a paragraph at least, or none, at the foot of a page. */
const TWO_LINES = 2 * (BODY_SIZE + BODY_GAP) + 2;

const fontOf = (run: Run): BookFont => (run.bold ? (run.italic ? 'boldItalic' : 'bold') : run.italic ? 'italic' : 'roman');

interface Setting {
  x: number;
  width: number;
  size: number;
  indent: number;
  align: 'justify' | 'left';
  italic?: boolean;
}

/** One block of runs; pdfkit carries the line over from run to run (continued). */
function setRuns(doc: Doc, runs: Run[], setting: Setting): void {
  keepTogether(doc, TWO_LINES);
  runs.forEach((run, index) => {
    const font = setting.italic && !run.italic ? fontOf({ ...run, italic: true }) : fontOf(run);
    const options = { width: setting.width, align: setting.align, indent: setting.indent, lineGap: BODY_GAP, continued: index < runs.length - 1 };
    setFont(doc, font, setting.size);
    if (index === 0) doc.text(running(run.text), setting.x, doc.y, options);
    else doc.text(running(run.text), options);
  });
}

function setBlock(doc: Doc, block: StoryBlock, previous: StoryBlock | undefined): void {
  const follows = previous?.kind === block.kind;
  if (block.kind === 'rule') {
    keepTogether(doc, 40);
    ornament(doc, doc.y + 10);
    doc.y += 22;
    return;
  }
  if (block.kind === 'heading') {
    const size = block.level === 2 ? 13.5 : 11.5;
    if (previous) doc.y += block.level === 2 ? 16 : 10;
    // The heading, its gap and two lines of what follows go together.
    keepTogether(doc, size * 1.4 + 6 + TWO_LINES);
    setFont(doc, 'italic', size).text(printable(block.runs.map((run) => run.text).join('')), LEFT, doc.y, { width: MEASURE });
    doc.y += 5;
    return;
  }
  if (block.kind === 'quote') {
    doc.y += follows ? 2 : 8;
    setRuns(doc, block.runs, { x: LEFT + 18, width: MEASURE - 36, size: BODY_SIZE - 0.5, indent: 0, align: 'left', italic: true });
    doc.y += 6;
    return;
  }
  if (block.kind === 'item') {
    doc.y += follows ? 2 : 6;
    keepTogether(doc, TWO_LINES);
    const top = doc.y;
    setFont(doc, 'roman', BODY_SIZE).text(block.marker, LEFT + 4, top, { width: 14, lineBreak: false });
    doc.y = top;
    setRuns(doc, block.runs, { x: LEFT + 20, width: MEASURE - 20, size: BODY_SIZE, indent: 0, align: 'left' });
    return;
  }
  // A paragraph after a paragraph is indented; after anything else it starts flush, as in a book.
  const indent = follows ? INDENT : 0;
  if (!follows && previous) doc.y += 8;
  setRuns(doc, block.runs, { x: LEFT, width: MEASURE, size: BODY_SIZE, indent, align: 'justify' });
}

export function lifeStoryPart(doc: Doc, html: string): void {
  const blocks = storyBlocks(html);
  if (!blocks.length) return;
  beginPart(doc, 'Livshistorie');
  blocks.forEach((block, index) => setBlock(doc, block, blocks[index - 1]));
}

const DATE_WIDTH = 74;
const GUTTER = 14;

/** The timeline: the date in the margin's column, the event's title and words beside it. */
export function timelinePart(doc: Doc, events: TimelineEvent[]): void {
  if (!events.length) return;
  beginPart(doc, 'Livslinje');
  const x = LEFT + DATE_WIDTH + GUTTER;
  const width = MEASURE - DATE_WIDTH - GUTTER;
  for (const event of events) {
    const title = printable(event.title.trim());
    const text = event.text.trim() ? running(event.text.trim()) : '';
    setFont(doc, 'bold', BODY_SIZE - 0.5);
    const titleHeight = doc.heightOfString(title, { width, lineGap: 2 });
    setFont(doc, 'roman', BODY_SIZE - 0.5);
    const textHeight = text ? doc.heightOfString(text, { width, lineGap: BODY_GAP - 0.5 }) : 0;
    // An event stays on one page when it can; a long one at least keeps its title with two lines.
    keepTogether(doc, Math.min(titleHeight + 4 + textHeight, titleHeight + 4 + TWO_LINES));
    const top = doc.y;
    setFont(doc, 'italic', 9.5, MUTED).text(printable(danishDate(event.date)), LEFT, top + 0.8, { width: DATE_WIDTH, align: 'right' });
    const dateBottom = doc.y;
    setFont(doc, 'bold', BODY_SIZE - 0.5).text(title, x, top, { width, lineGap: 2 });
    if (text) setFont(doc, 'roman', BODY_SIZE - 0.5).text(text, x, doc.y + 2, { width, lineGap: BODY_GAP - 0.5, align: 'left' });
    // A text that ran onto the next page has left the date behind; on the same page the longer column wins.
    if (doc.y > top) doc.y = Math.max(doc.y, dateBottom);
    doc.y += 14;
  }
}
