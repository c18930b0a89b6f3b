/**
 * The fake chat model's song: Danish lyrics made from the words of the request, always the same
 * for the same request, so a test can find the person's name and the prompt's own words in them.
 * Plain text, 3 or 4 verses of 4 lines, separated by one blank line; no title.
 */
import { createHash } from 'node:crypto';

export interface ChatMessage {
  role: string;
  content?: unknown;
}

/** Capitalised words that start a sentence or an instruction rather than name someone. */
const NOT_NAMES = new Set(
  'Skriv Lav Du Han Hun Vi De Det Den Der Et En Og Men Som Med Til Fra Om Hvor Hvad Når Sangen Sang Teksten Tekst Stil Salme Vise Pop Længde Ønsker Navne Steder Livshistorien Brug Giv Undgå Ingen Hver Vers Jeg Mit Min Sekunder Instrumental'.split(' '),
);
const NOT_WORDS = new Set('skriv sangen sangtekst teksten sekunder versene omkvæd instrumental danske dansk maksimalt højst mindst gerne ønsker familien elskede holdt altid kunne skulle nogle'.split(' '));

/** The text of every user message (a string, or the text parts of an array of parts). */
export function userText(messages: ChatMessage[]): string {
  const parts: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') parts.push(message.content);
    else if (Array.isArray(message.content)) {
      for (const part of message.content as { type?: string; text?: unknown }[]) if (part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
    }
  }
  return parts.join('\n');
}

export function fakeLyrics(messages: ChatMessage[]): string {
  const text = userText(messages);
  const seed = createHash('sha256').update(JSON.stringify(messages)).digest();
  // Names as written: capitalised words in a row ("Karen Marie Jensen"), and a place after "fra", "i" or "på" (or the second name).
  const names = unique(text.match(/\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)*/gu) ?? [])
    .map((run) => run.split(' ').filter((word) => !NOT_NAMES.has(word)).join(' '))
    .filter(Boolean);
  const place = /(?:fra|i|på) (\p{Lu}\p{Ll}+)/u.exec(text)?.[1] ?? names[1] ?? 'hjemmet';
  // Words written in lower case, so not a name or a place.
  const words = unique((text.match(/(?<![\p{L}])\p{Ll}{6,}/gu) ?? []).filter((word) => !NOT_WORDS.has(word)));
  const fullName = names.find((name) => name !== place) ?? 'du';
  const name = fullName.split(' ')[0]!;
  const pick = (i: number, fallback: string) => words[(seed[i]! + i) % Math.max(words.length, 1)] ?? fallback;

  const verses = [
    [`${capital(fullName)}, du gik foran os på stien,`, `med ${pick(0, 'solen')} i hænderne og lys i blik,`, 'vi bærer dig med os, hvor vi går,', 'som sommerens sidste lune dag.'],
    [`I ${place} står din stol endnu,`, `og ${pick(1, 'haven')} dufter, som da du var her,`, 'vi hører din latter i køkkenet,', 'og husker alt det, du gav os.'],
    [`Tak for ${pick(2, 'hænderne')}, der aldrig var for travle,`, `tak for ${pick(3, 'ordene')}, der bar os hjem,`, `${capital(name)}, vi siger dit navn med glæde,`, 'og lader minderne tale for sig selv.'],
    ['Nu hviler du, hvor lyset falder blødt,', `og ${pick(4, 'vinden')} synger stille i græsset,`, 'vi ses igen, når dagen er omme,', `farvel og tak, ${name}.`],
  ];
  return verses
    .slice(0, 3 + (seed[5]! % 2))
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
