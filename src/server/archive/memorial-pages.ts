/**
 * The archive's pages: plain HTML and one style sheet, no script at all, so they open from the
 * disk in any browser of today and, as far as anyone can promise, of thirty years from now. Every
 * link is relative; every file they show is in the ZIP (memorial-files.ts). A part the memorial
 * does not have gets no page and no link.
 *
 * Everything a person typed is escaped (names, captions, greetings, lyrics); the life story is the
 * one piece of HTML, already cut to the editor's allow-list when it was saved, and a policy in
 * every page refuses scripts besides.
 */
import { danishLongDate, lifeSpan } from '../../shared/danish-dates';
import { type Memorial, memorialTitle } from '../../shared/memorials';
import { escapeHtml as h } from '../client-html';
import type { ArchiveContent } from './memorial-content';
import type { ArchiveFiles } from './memorial-files';
import { PART_BODIES, type Part, type PartPage } from './memorial-parts';

export interface ArchivePage {
  path: string;
  html: string;
}

/** No script of any kind, from anywhere; the pages' own files only. */
const POLICY = "default-src 'none'; img-src * data:; media-src *; style-src *; font-src *; base-uri 'none'; form-action 'none'";

function layout(memorial: Memorial, parts: PartPage[], current: Part | 'index', title: string, body: string, footer: string): string {
  const link = (path: string, label: string, here: boolean) => `<li><a href="${path}"${here ? ' aria-current="page"' : ''}>${h(label)}</a></li>`;
  const nav = [link('index.html', 'Forside', current === 'index'), ...parts.map((part) => link(part.path, part.label, part.part === current))].join('');
  return `<!doctype html>
<html lang="da" data-memorial-theme="${h(memorial.theme)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="robots" content="noindex">
<title>${h(title)}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<a class="skip" href="#indhold">Gå til indholdet</a>
<header class="masthead">
<p class="masthead-name"><a href="index.html">${h(memorial.name)}</a></p>
<nav aria-label="Mindesidens dele"><ul>${nav}</ul></nav>
</header>
<main id="indhold">
${body}
</main>
<footer class="colophon">${footer}</footer>
</body>
</html>
`;
}

function front(content: ArchiveContent, files: ArchiveFiles, parts: PartPage[]): string {
  const { memorial, posts } = content;
  const portrait = memorial.media.find((item) => item.id === memorial.portraitId);
  const portraitPath = files.shown(portrait?.variants);
  const span = lifeSpan(memorial.birthDate, memorial.deathDate);
  const places = [memorial.birthPlace && `Født i ${memorial.birthPlace}`, memorial.deathPlace && `Død i ${memorial.deathPlace}`].filter(Boolean).join(' · ');
  const rest = memorial.restingPlace;
  const grave = [rest.cemetery, rest.section && `afsnit ${rest.section}`, rest.graveNumber && `gravsted ${rest.graveNumber}`].filter(Boolean).join(', ');
  const candles = posts.filter((post) => post.kind === 'candle').length;
  const greeting = memorial.greeting;
  const greetingVideo = greeting ? files.pathOf(greeting.videoUrl) : null;
  const greetingPoster = greeting ? files.pathOf(greeting.posterUrl) : null;
  return `<article class="card front">
${portraitPath ? `<img class="portrait" src="${portraitPath}" alt="${h(`Portræt af ${memorial.name}`)}"${portrait?.width && portrait.height ? ` width="${portrait.width}" height="${portrait.height}"` : ''}>` : ''}
<p class="overline">Til minde om</p>
<h1>${h(memorial.name)}</h1>
${span ? `<p class="span">${h(span)}</p>` : ''}
${places ? `<p class="places">${h(places)}</p>` : ''}
${memorial.epitaph ? `<blockquote class="epitaph"><p>${h(memorial.epitaph)}</p></blockquote>` : ''}
${grave ? `<p class="grave">Hviler på ${h(grave)}</p>` : ''}
${candles ? `<p class="candles"><span class="flame" aria-hidden="true"></span>${candles === 1 ? 'Ét lys er tændt' : `${candles} lys er tændt`} for ${h(memorial.name)}</p>` : ''}
</article>
${
  greeting && greetingVideo
    ? `<section class="card greeting" aria-labelledby="hilsen">
<h2 id="hilsen">En levende hilsen</h2>
<p class="label">Skabt med AI</p>
<video controls preload="none" src="${greetingVideo}"${greetingPoster ? ` poster="${greetingPoster}"` : ''}></video>
<p class="greeting-message">${h(greeting.message)}</p>
</section>`
    : ''
}
${
  parts.length
    ? `<nav class="parts" aria-label="Det finder du her"><ul>${parts.map((part) => `<li><a href="${part.path}"><span class="part-name">${h(part.label)}</span><span class="part-about">${h(part.about)}</span></a></li>`).join('')}</ul></nav>`
    : ''
}`;
}

/** Every page of the archive, the front page first. */
export function archivePages(content: ArchiveContent, files: ArchiveFiles, { madeAt, pageUrl }: { madeAt: Date; pageUrl: string }): ArchivePage[] {
  const { memorial } = content;
  const parts = PART_BODIES.flatMap((make) => make(content, files) ?? []);
  const footer = `<p>Et arkiv af mindesiden for ${h(memorial.name)}, hentet ${h(danishLongDate(madeAt))} fra <span class="address">${h(pageUrl)}</span>. Det åbnes uden internet, direkte fra computeren. Alt, hvad siderne viser, står også i <a href="data/mindeside.json">data/mindeside.json</a>.</p>`;
  const title = memorialTitle(memorial);
  return [
    { path: 'index.html', html: layout(memorial, parts, 'index', title, front(content, files, parts), footer) },
    ...parts.map((part) => ({ path: part.path, html: layout(memorial, parts, part.part, `${part.label} – ${title}`, `<h1 class="part-title">${h(part.label)}</h1>\n${part.body}`, footer) })),
  ];
}
