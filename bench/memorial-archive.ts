/**
 * Issue 26's budget for a memorial's portable archive, on the production server and PostgreSQL
 * (not a test; it prints figures and exits 1 when a budget is missed): the archive of a memorial
 * with 500 photos made in under 60 s, with the server's memory growing by less than 100 MB.
 *
 *   npm run bench:archive     (or: PHOTOS=2000 npx tsx bench/memorial-archive.ts)
 *
 * The memorial: a family registered with a code, the memorial filled in, and SOURCE_PHOTOS
 * phone-sized photos uploaded through the API (so their variants are the server's own), then
 * copied in SQL and on the storage's disk until the gallery holds PHOTOS (each copy a row and a
 * folder of its own: the archive reads every one). 500 photos of phone size are well over what is
 * downloaded as it is made (ARCHIVE_DIRECT_MAX_BYTES), so the archive is made as the family gets
 * it: asked for, made by the server's job queue into the storage, and e-mailed. Measured from the
 * request to the moment its row says ready, with the server's resident set before and at its
 * peak (lib/memory.ts) meanwhile; then the finished file is downloaded and opened (every photo's
 * two files present, the pages and the JSON), so a fast archive that is wrong does not pass.
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readZip } from '../tests/support/zip';
import { SESSION_COOKIE } from '../src/shared/constants';
import type { ArchiveSummary } from '../src/shared/memorial-archive';
import { archiveRequestUrl, archiveSummaryUrl, readyArchiveUrl } from '../src/shared/memorial-archive';
import { number } from './lib/back-office-data';
import { createFullMemorial, registerFamily, uploadPhotos } from './lib/memorial';
import { watchMemory } from './lib/memory';
import { verdict, withPostgresServer } from './lib/server';

const PHOTOS = Number(process.env.PHOTOS ?? 500);
const SOURCE_PHOTOS = Number(process.env.SOURCE_PHOTOS ?? 8);
const BUDGET = { seconds: 60, growthMb: 100 };

interface StoredVariant {
  key: string;
}

async function main() {
  await withPostgresServer('bench_archive', { codes: 1 }, async ({ server, client, codes, dataDir }) => {
    const session = await registerFamily(server.baseUrl, codes[0]!, 'arkiv');
    const memorial = await createFullMemorial(server.baseUrl, session);
    process.stdout.write(`\n${SOURCE_PHOTOS} photos uploaded through the API ...\n`);
    await uploadPhotos(server.baseUrl, session, memorial, SOURCE_PHOTOS);

    // The rest as copies: a row and a storage folder each, their keys renamed to the copy's id.
    process.stdout.write(`Copied until the gallery holds ${number(PHOTOS)} photos ...\n`);
    const { rows: sources } = await client.query<{ id: string; original_key: string; variants: StoredVariant[] }>(
      `select id, original_key, variants from memorial_media where memorial_id = $1 order by position`,
      [memorial.id],
    );
    const media = path.join(dataDir, 'media');
    for (let i = sources.length; i < PHOTOS; i++) {
      const source = sources[i % sources.length]!;
      const id = crypto.randomUUID();
      const rename = (key: string) => key.replace(source.id, id);
      await cp(path.join(media, 'memorials', memorial.id, source.id), path.join(media, 'memorials', memorial.id, id), { recursive: true });
      await client.query(
        `insert into memorial_media (id, memorial_id, kind, caption, position, width, height, mime, bytes, original_key, variants, placeholder, version, created_by, created_at)
         select $1, memorial_id, kind, $2, $3, width, height, mime, bytes, $4, $5, placeholder, version, created_by, now() from memorial_media where id = $6`,
        [id, `Erik og familien, billede ${i + 1}`, i, rename(source.original_key), JSON.stringify(source.variants.map((variant) => ({ ...variant, key: rename(variant.key) }))), source.id],
      );
      if ((i + 1) % 100 === 0) process.stdout.write(`\r  ${i + 1}/${PHOTOS}`);
    }
    process.stdout.write('\n');

    const cookie = `${SESSION_COOKIE}=${session}`;
    const headers = { cookie, origin: server.baseUrl, accept: 'application/json' };
    const summaryOf = async () => (await (await fetch(`${server.baseUrl}${archiveSummaryUrl(memorial.id)}`, { headers })).json()) as ArchiveSummary;
    const before = await summaryOf();
    process.stdout.write(`The gallery: ${number(before.photos)} photos, about ${(before.bytes / 1024 / 1024).toFixed(0)} MB; delivered by ${before.delivery === 'mail' ? 'e-mail (made in the background)' : 'download'}\n`);
    if (before.delivery !== 'mail') throw new Error('the bench expects a memorial large enough to be made in the background');

    const memory = await watchMemory(server.pid);
    const started = performance.now();
    const asked = await fetch(`${server.baseUrl}${archiveRequestUrl(memorial.id)}`, { method: 'POST', headers });
    if (asked.status !== 202) throw new Error(`asking for the archive: ${asked.status} ${await asked.text()}`);
    // Watched in the database, not through the server: the edit page asks every ten seconds, and
    // asking ten times a second would add its own garbage to the memory measured.
    const stateNow = async () => (await client.query<{ state: string }>('select state from memorial_archives where memorial_id = $1 order by requested_at desc limit 1', [memorial.id])).rows[0]?.state;
    let state: string | undefined;
    while ((state = await stateNow()) !== 'ready') {
      if (state === 'failed') throw new Error('the archive failed');
      if (performance.now() - started > 10 * 60_000) throw new Error('the archive took more than ten minutes');
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    const { startMb, peakMb, source } = await memory.stop();
    const growthMb = peakMb - startMb;

    const download = await fetch(`${server.baseUrl}${readyArchiveUrl(memorial.id)}`, { headers });
    const zip = Buffer.from(await download.arrayBuffer());
    const entries = readZip(zip);
    const shown = entries.filter((entry) => /^billeder\/[^/]+\.jpg$/.test(entry.name)).length;
    const originals = entries.filter((entry) => entry.name.startsWith('billeder/original/')).length;
    const pages = entries.filter((entry) => entry.name.endsWith('.html')).length;
    const json = JSON.parse(entries.find((entry) => entry.name === 'data/mindeside.json')!.data.toString()) as { gallery: unknown[] };

    process.stdout.write(
      `\nThe archive: ${seconds.toFixed(1)} s from the request to ready; ${(zip.length / 1024 / 1024).toFixed(0)} MB, ${number(entries.length)} files (${number(shown)} photos shown, ${number(originals)} originals, ${pages} pages, ${json.gallery.length} in the JSON)\n` +
        `The server's resident set: ${startMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB (${source}), growth ${growthMb.toFixed(0)} MB\n`,
    );
    verdict([
      [`every photo is in the archive twice, and in the JSON (${number(shown)} + ${number(originals)} of ${number(PHOTOS)})`, shown === PHOTOS && originals === PHOTOS && json.gallery.length === PHOTOS],
      [`${number(PHOTOS)} photos archived in ${seconds.toFixed(1)} s (budget ${BUDGET.seconds} s)`, seconds < BUDGET.seconds],
      [`the server's memory grew by ${growthMb.toFixed(0)} MB (budget ${BUDGET.growthMb} MB)`, growthMb < BUDGET.growthMb],
    ]);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
