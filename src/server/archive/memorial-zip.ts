/**
 * The memorial's archive as a ZIP, written as it is read (production/zip-stream.ts): a note, the
 * pages, the style sheet and its fonts, the JSON, then every file copied from the storage one at
 * a time as it is taken, stored rather than deflated (photos, films and songs are compressed
 * already), so a memorial of 2,000 photos costs the server one file's chunk of memory, not the
 * archive.
 */
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ARCHIVE_START_PAGE } from '../../shared/memorial-archive';
import { danishLongDate } from '../../shared/danish-dates';
import { greetingCaptions } from '../ai/published';
import type { Deps } from '../deps';
import { PROJECT_ROOT } from '../lib/project-root';
import { type ZipSource, zipStream } from '../production/zip-stream';
import type { ArchiveContent } from './memorial-content';
import { type ArchiveFiles, archiveFiles } from './memorial-files';
import { archiveJson } from './memorial-json';
import { archivePages } from './memorial-pages';
import { ARCHIVE_FONTS, archiveStyle } from './memorial-style';

const FONTSOURCE = path.join(PROJECT_ROOT, 'node_modules', '@fontsource-variable');
/** The site's typefaces (client/main.tsx imports the same), with their licence (SIL Open Font License). */
const FONT_FILES: { name: string; from: string }[] = [
  { name: ARCHIVE_FONTS.serif, from: path.join(FONTSOURCE, 'fraunces', 'files', 'fraunces-latin-wght-normal.woff2') },
  { name: ARCHIVE_FONTS.serifItalic, from: path.join(FONTSOURCE, 'fraunces', 'files', 'fraunces-latin-wght-italic.woff2') },
  { name: ARCHIVE_FONTS.sans, from: path.join(FONTSOURCE, 'source-sans-3', 'files', 'source-sans-3-latin-wght-normal.woff2') },
  { name: 'skrift/LICENS-fraunces.txt', from: path.join(FONTSOURCE, 'fraunces', 'LICENSE') },
  { name: 'skrift/LICENS-source-sans-3.txt', from: path.join(FONTSOURCE, 'source-sans-3', 'LICENSE') },
];

const readme = (content: ArchiveContent, madeAt: Date, pageUrl: string) => `Mindesiden for ${content.memorial.name}
${'='.repeat(`Mindesiden for ${content.memorial.name}`.length)}

Et arkiv af mindesiden ${pageUrl}, hentet ${danishLongDate(madeAt)}.

Sådan åbner du det: pak ZIP-filen ud (højreklik og vælg "Udpak alle" eller dobbeltklik),
og åbn derefter filen ${ARCHIVE_START_PAGE} i mappen. Siderne åbner i din browser direkte fra
computeren, uden internet, og også selvom Mindested en dag ikke findes længere.

${ARCHIVE_START_PAGE}       forsiden, med links til resten
billeder/        billederne i skærmstørrelse, og i billeder/original/ som de blev lagt op
film/            filmene, som de blev lagt op
musik/           musikken
minder/          billeder, som besøgende har delt med deres minder
slaegt/          billeder af personerne i slægten
hilsen/          den levende hilsen (skabt med AI) og dens tekst
data/mindeside.json  alt indholdet i et format, som computerprogrammer kan læse
skrift/          skrifttyperne, som siderne er sat med

Kun de hilsner, minder og lys, som familien har godkendt, er med.
`;

async function* entries(deps: Pick<Deps, 'storage' | 'log'>, content: ArchiveContent, files: ArchiveFiles, madeAt: Date, pageUrl: string): AsyncGenerator<ZipSource> {
  yield { name: 'LAES-MIG.txt', content: () => readme(content, madeAt, pageUrl) };
  for (const page of archivePages(content, files, { madeAt, pageUrl })) yield { name: page.path, content: () => page.html };
  yield { name: 'style.css', content: () => archiveStyle(content.memorial.theme) };
  // Without the fonts (a server installed without node_modules), the sheet falls back to Georgia.
  for (const font of FONT_FILES) if (existsSync(font.from)) yield { name: font.name, content: () => ({ stored: createReadStream(font.from) }) };
  yield { name: 'data/mindeside.json', content: () => archiveJson(content, files, { madeAt, pageUrl }) };
  const greeting = content.memorial.greeting;
  if (greeting) yield { name: `hilsen/${greeting.id}.vtt`, content: () => greetingCaptions(greeting.message, null) };
  // A file opened and handed over but not yet taken when the reader goes away is closed here (with
  // S3 it holds a connection); one taken is closed by the ZIP's writer when it has been copied.
  let handedOver: Readable | null = null;
  try {
    for (const file of files.files) {
      const stored = await deps.storage.get(file.key);
      if (!stored) {
        // Removed since its row was read (a photo deleted a moment ago): the archive is what is there.
        deps.log.warn({ key: file.key, memorialId: content.memorial.id }, 'a file of the memorial archive was gone from the storage');
        continue;
      }
      handedOver = stored.body as Readable;
      yield { name: file.path, content: () => ({ stored: stored.body as Readable }) };
      handedOver = null;
    }
  } finally {
    handedOver?.destroy();
  }
}

/** The archive of `content`, as of `madeAt`; the memorial's address as visitors open it is `pageUrl`. */
export function memorialArchiveZip(deps: Pick<Deps, 'storage' | 'log'>, content: ArchiveContent, { madeAt, pageUrl }: { madeAt: Date; pageUrl: string }): Readable {
  return zipStream(entries(deps, content, archiveFiles(content), madeAt, pageUrl), madeAt);
}

export const memorialPageUrl = (deps: Pick<Deps, 'config'>, slug: string) => `${deps.config.BASE_URL}/memorial/${slug}`;
