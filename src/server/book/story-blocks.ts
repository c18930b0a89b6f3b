/**
 * The life story as the book sets it. It is stored as HTML that memorials/life-story.ts has cut
 * down to a short allow-list (p, br, h2, h3, strong/b, em/i, u, s, blockquote, ul, ol, li, a, hr),
 * so a small reader of tags suffices: paragraphs, headings, quotes and list items, each a list of
 * runs in roman, italic, bold or both. Links keep their words; a printed page cannot follow them.
 */

export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

export type StoryBlock =
  | { kind: 'paragraph' | 'quote'; runs: Run[] }
  | { kind: 'heading'; level: 2 | 3; runs: Run[] }
  | { kind: 'item'; marker: string; runs: Run[] }
  | { kind: 'rule' };

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** The story's blocks in order; empty paragraphs (an editor's blank lines) are left out. */
export function storyBlocks(html: string): StoryBlock[] {
  const blocks: StoryBlock[] = [];
  let runs: Run[] = [];
  let current: StoryBlock | null = null;
  let bold = 0;
  let italic = 0;
  let quote = 0;
  const lists: { ordered: boolean; count: number }[] = [];
  /** Inside a list item: the editor wraps an item's text in <p>, which must not end the item. */
  let inItem = false;

  const flush = () => {
    if (current && current.kind !== 'rule') {
      const trimmed = trimRuns(runs);
      if (trimmed.length) blocks.push({ ...current, runs: trimmed });
    }
    current = null;
    runs = [];
  };
  const open = (block: StoryBlock) => {
    flush();
    current = block;
  };
  const addText = (text: string) => {
    if (!text) return;
    if (!current) current = { kind: quote ? 'quote' : 'paragraph', runs: [] };
    const last = runs.at(-1);
    const style = { bold: bold > 0, italic: italic > 0 };
    if (last && last.bold === style.bold && last.italic === style.italic) last.text += text;
    else runs.push({ text, ...style });
  };

  for (const token of html.split(/(<[^>]*>)/)) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(token);
    if (!tag) {
      // Line breaks in the HTML source are layout of the source, not of the story.
      addText(decodeEntities(token.replace(/\s+/g, ' ')));
      continue;
    }
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (name === 'strong' || name === 'b') bold += closing ? -1 : 1;
    else if (name === 'em' || name === 'i') italic += closing ? -1 : 1;
    else if (name === 'br') addText('\n');
    else if (name === 'hr') {
      flush();
      blocks.push({ kind: 'rule' });
    } else if (name === 'blockquote') {
      flush();
      quote += closing ? -1 : 1;
    } else if (name === 'ul' || name === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', count: 0 });
    } else if (name === 'li') {
      inItem = !closing;
      if (closing) flush();
      else {
        const list = lists.at(-1);
        if (list) list.count += 1;
        open({ kind: 'item', marker: list?.ordered ? `${list.count}.` : '•', runs: [] });
      }
    } else if (name === 'p' && inItem) {
      // A second paragraph in one item goes on a line of its own, still in the item.
      if (!closing && runs.length) addText('\n');
    } else if (name === 'p' || name === 'h2' || name === 'h3') {
      if (closing) flush();
      else if (name === 'p') open({ kind: quote ? 'quote' : 'paragraph', runs: [] });
      else open({ kind: 'heading', level: name === 'h2' ? 2 : 3, runs: [] });
    }
    // u, s and a keep their words and lose their look: underlining means a link on paper.
    bold = Math.max(0, bold);
    italic = Math.max(0, italic);
    quote = Math.max(0, quote);
  }
  flush();
  return blocks;
}

/** No spaces at a block's ends or around its line breaks; no runs left empty. */
function trimRuns(runs: Run[]): Run[] {
  const out = runs.map((run) => ({ ...run, text: run.text.replace(/ *\n */g, '\n') }));
  if (out[0]) out[0].text = out[0].text.replace(/^\s+/, '');
  const last = out.at(-1);
  if (last) last.text = last.text.replace(/\s+$/, '');
  return out.filter((run) => run.text.length > 0);
}
