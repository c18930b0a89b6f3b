/**
 * The archive's pages one part of the memorial each (memorial-pages.ts puts them in the frame):
 * the life story, the timeline, the pictures and films, the family tree, the music, and what
 * visitors left. Each returns null when the memorial has nothing for it.
 */
import { danishDate, danishLongDate } from '../../shared/danish-dates';
import { PARTNERSHIP_NAMES, lifeYears } from '../../shared/family-tree';
import type { TreePerson } from '../../shared/family-tree-api';
import type { Post } from '../../shared/posts-api';
import { escapeHtml as h } from '../client-html';
import type { ArchiveContent } from './memorial-content';
import type { ArchiveFiles } from './memorial-files';

export type Part = 'story' | 'timeline' | 'gallery' | 'tree' | 'music' | 'words';

export interface PartPage {
  part: Part;
  path: string;
  label: string;
  /** A line under its name on the front page. */
  about: string;
  body: string;
}

type PartBody = (content: ArchiveContent, files: ArchiveFiles) => PartPage | null;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Text typed with line breaks, as paragraphs. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${h(block).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const story: PartBody = ({ memorial }) =>
  memorial.lifeStory.trim()
    ? { part: 'story', path: 'livshistorie.html', label: 'Livshistorie', about: `Fortællingen om ${memorial.name}`, body: `<div class="card story">${memorial.lifeStory}</div>` }
    : null;

const timeline: PartBody = ({ memorial }) =>
  memorial.timeline.length
    ? {
        part: 'timeline',
        path: 'livslinje.html',
        label: 'Livslinje',
        about: count(memorial.timeline.length, 'begivenhed', 'begivenheder'),
        body: `<ol class="card timeline">${memorial.timeline
          .map((event) => `<li><p class="when">${h(danishDate(event.date))}</p><h2>${h(event.title)}</h2>${event.text ? paragraphs(event.text) : ''}</li>`)
          .join('\n')}</ol>`,
      }
    : null;

const gallery: PartBody = ({ memorial }, files) => {
  if (!memorial.media.length) return null;
  const photos = memorial.media.filter((item) => item.kind === 'photo').length;
  const films = memorial.media.length - photos;
  const items = memorial.media.map((item) => {
    const caption = item.caption ? `<figcaption>${h(item.caption)}</figcaption>` : '';
    if (item.kind === 'photo') {
      const shown = files.shown(item.variants);
      if (!shown) return '';
      const original = files.original(item.id);
      const size = item.width && item.height ? ` width="${item.width}" height="${item.height}"` : '';
      return `<figure class="photo"><a href="${original ?? shown}"><img src="${shown}" alt="${h(item.caption || 'Billede fra galleriet')}" loading="lazy"${size}></a>${caption}</figure>`;
    }
    if (item.youtubeId) {
      const link = `https://www.youtube.com/watch?v=${encodeURIComponent(item.youtubeId)}`;
      return `<figure class="film link"><p>Film på YouTube: <a href="${link}">${h(link)}</a></p><p class="hint">Den kræver internet og ligger hos YouTube, ikke i arkivet.</p>${caption}</figure>`;
    }
    const film = files.pathOf(item.videoUrl);
    return film ? `<figure class="film"><video controls preload="metadata" src="${film}"></video>${caption}</figure>` : '';
  });
  return {
    part: 'gallery',
    path: 'galleri.html',
    label: 'Billeder og film',
    about: [photos ? count(photos, 'billede', 'billeder') : '', films ? count(films, 'film', 'film') : ''].filter(Boolean).join(' og '),
    body: `<p class="lead">Tryk på et billede for at se det i fuld størrelse.</p>\n<div class="gallery">${items.join('\n')}</div>`,
  };
};

function personCard(person: TreePerson, files: ArchiveFiles, root: boolean): string {
  const name = [person.givenNames, person.surname].filter(Boolean).join(' ') || 'Uden navn';
  const face = files.shown(person.photo?.variants);
  const years = lifeYears(person.birth, person.death);
  const places = [person.birthPlace && `født i ${person.birthPlace}`, person.deathPlace && `død i ${person.deathPlace}`].filter(Boolean).join(', ');
  return `<div class="person${root ? ' root' : ''}" id="p-${h(person.id)}">${face ? `<img src="${face}" alt="" loading="lazy">` : ''}<p class="person-name">${h(name)}</p>${years ? `<p class="person-years">${h(years)}</p>` : ''}${places ? `<p class="person-places">${h(places)}</p>` : ''}${person.note ? `<p class="person-note">${h(person.note)}</p>` : ''}</div>`;
}

/** The tree as its families: the parents, how they were joined, and their children, each a link to the person's own families. */
const tree: PartBody = ({ tree }, files) => {
  if (!tree) return null;
  const people = new Map(tree.people.map((person) => [person.id, person]));
  const nameOf = (id: string) => {
    const person = people.get(id);
    return person ? [person.givenNames, person.surname].filter(Boolean).join(' ') || 'Uden navn' : 'Ukendt';
  };
  const linkTo = (id: string) => `<a href="#p-${h(id)}">${h(nameOf(id))}</a>`;
  const families = tree.families.map(
    (family) => `<section class="card family"><h2>${family.partners.map(nameOf).map(h).join(' og ')}</h2>
<p class="partnership">${h(family.partners.length === 2 ? PARTNERSHIP_NAMES[family.partnership] : 'Forælder')}</p>
${family.children.length ? `<p>Børn: ${family.children.map(linkTo).join(', ')}</p>` : ''}</section>`,
  );
  return {
    part: 'tree',
    path: 'slaegt.html',
    label: 'Slægt',
    about: count(tree.people.length, 'person', 'personer'),
    body: `<h2 class="section-title">Personerne</h2>\n<div class="people">${[...tree.people].sort((a, b) => Number(b.id === tree.rootId) - Number(a.id === tree.rootId)).map((person) => personCard(person, files, person.id === tree.rootId)).join('\n')}</div>\n${
      families.length ? `<h2 class="section-title">Familierne</h2>\n${families.join('\n')}` : ''
    }`,
  };
};

const music: PartBody = ({ memorial }, files) => {
  if (!memorial.music.length) return null;
  const songs = memorial.music.map((song) => {
    const file = files.pathOf(song.url);
    const player = file
      ? `<audio controls preload="none" src="${file}"></audio>`
      : song.youtubeId
        ? `<p>På YouTube: <a href="https://www.youtube.com/watch?v=${encodeURIComponent(song.youtubeId)}">${h(`https://www.youtube.com/watch?v=${song.youtubeId}`)}</a> <span class="hint">(kræver internet)</span></p>`
        : '';
    const lyrics = song.lyrics ? `<details open><summary>Teksten</summary><div class="lyrics">${paragraphs(song.lyrics)}</div></details>` : '';
    return `<li class="card song"><h2>${h(song.title)}</h2>${song.source === 'ai' ? '<p class="label">Skabt med AI</p>' : ''}${song.note ? `<p class="note">${h(song.note)}</p>` : ''}${player}${lyrics}</li>`;
  });
  return { part: 'music', path: 'musik.html', label: 'Musik', about: count(memorial.music.length, 'sang', 'sange'), body: `<ol class="songs">${songs.join('\n')}</ol>` };
};

const WORD_KINDS: { kind: Post['kind']; heading: string }[] = [
  { kind: 'tribute', heading: 'Mindeord' },
  { kind: 'memory', heading: 'Minder' },
  { kind: 'guestbook', heading: 'Gæstebogen' },
];

const words: PartBody = ({ memorial, posts }, files) => {
  if (!posts.length) return null;
  const candles = posts.filter((post) => post.kind === 'candle');
  const written = posts.filter((post) => post.kind !== 'candle');
  const entry = (post: Post) => {
    const photo = files.shown(post.photo?.variants);
    return `<li class="card entry">${post.message ? paragraphs(post.message) : ''}${photo ? `<img src="${photo}" alt="${h(`Billede delt af ${post.name}`)}" loading="lazy">` : ''}<p class="signature">${h(post.name)} · ${h(danishLongDate(new Date(post.createdAt)))}</p></li>`;
  };
  const sections = WORD_KINDS.flatMap(({ kind, heading }) => {
    const list = written.filter((post) => post.kind === kind);
    return list.length ? [`<section aria-labelledby="${kind}"><h2 class="section-title" id="${kind}">${heading}</h2><ol class="entries">${list.map(entry).join('\n')}</ol></section>`] : [];
  });
  const candleSection = candles.length
    ? `<section aria-labelledby="lys"><h2 class="section-title" id="lys">Tændte lys</h2><p class="lead">${candles.length === 1 ? 'Ét lys er tændt' : `${candles.length} lys er tændt`} for ${h(memorial.name)}.</p><ul class="candles-list">${candles
        .map((post) => `<li><span class="flame" aria-hidden="true"></span><span>${h(post.name)}</span>${post.message ? `<span class="candle-words">${h(post.message)}</span>` : ''}<span class="candle-day">${h(danishLongDate(new Date(post.createdAt)))}</span></li>`)
        .join('')}</ul></section>`
    : '';
  return {
    part: 'words',
    path: 'hilsner.html',
    label: 'Hilsner og lys',
    about: [written.length ? count(written.length, 'hilsen', 'hilsner') : '', candles.length ? count(candles.length, 'tændt lys', 'tændte lys') : ''].filter(Boolean).join(' og '),
    body: [...sections, candleSection].join('\n'),
  };
};

export const PART_BODIES: PartBody[] = [story, timeline, gallery, tree, music, words];
