/**
 * The memorial as a portable archive, on a real database (embedded, or PostgreSQL when
 * DATABASE_URL is set) with real photos, a real song and real e-mail: the ZIP read back by our own
 * reader and checked by Info-ZIP's unzip, every page's every link found inside the ZIP, the JSON
 * against what was put in, and who may have it. A large memorial's archive is made by the job
 * queue into the storage, e-mailed, downloaded (also in part), and removed when its days are over.
 * (Opening it from the disk in a browser with no network is tests/e2e/memorial-archive.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3 } from '../../../tests/support/audio';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { multipartForm } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { type ZipEntry, readZip } from '../../../tests/support/zip';
import type { MediaItem } from '../../shared/media';
import { ARCHIVE_KEPT_DAYS, ARCHIVE_MESSAGES, type ArchiveSummary, type BackgroundArchive, archiveRequestUrl, archiveSummaryUrl, archiveZipUrl, readyArchiveUrl } from '../../shared/memorial-archive';
import { memorialArchives, memorialMedia, memorialPosts } from '../db/schema';
import { runAllPurges } from '../privacy/purges';

const run = promisify(execFile);

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'mindested-archive-test-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** A photo with a colour of its own, `width` × `height`. */
const photo = (width: number, height: number, r: number) => sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } }).jpeg({ quality: 85 }).toBuffer();

async function uploadPhoto(memorialId: string, cookie: string, content: Buffer, caption: string): Promise<MediaItem> {
  const body = multipartForm({ caption }, { field: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', content });
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, payload: body.payload, headers: { ...body.headers, cookie } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>();
}

async function post(memorialId: string, kind: 'guestbook' | 'candle' | 'tribute', status: 'approved' | 'pending', name: string, message: string) {
  await t.database.db.insert(memorialPosts).values({ memorialId, kind, status, name, message, createdAt: new Date('2026-11-02T10:00:00Z') });
}

/** Every relative address in a page's href and src attributes. */
const addressesIn = (html: string) => [...html.matchAll(/\s(?:href|src|poster)="([^"]+)"/g)].map((match) => match[1]!).filter((address) => !/^(?:https?:|#)/.test(address));

const NAME = 'Karen <b>Margrethe</b> Jensen';

describe('the memorial archive', () => {
  let cast: Cast;
  let photos: MediaItem[];
  let entries: ZipEntry[];
  let zipFile: string;
  const entry = (name: string) => entries.find((item) => item.name === name);

  beforeAll(async () => {
    cast = await castMemorial(t, {
      name: NAME,
      privacy: 'private',
      birthDate: '1936-02-14',
      deathDate: '2024-10-03',
      epitaph: 'Elsket og savnet',
      lifeStory: '<p>Karen voksede op i Vejle.</p><script>alert(1)</script><p>Hun elskede roser.</p>',
      timeline: [{ date: '1958-06-14', title: 'Gift med Poul', text: 'En lys sommerdag.' }],
    });
    const id = cast.memorial.id;
    await givePremium(t.database.db, id);
    photos = [await uploadPhoto(id, cast.owner.cookie, await photo(2000, 1500, 200), 'I haven, 1985'), await uploadPhoto(id, cast.owner.cookie, await photo(900, 1200, 40), '<i>Skagen</i>')];
    const put = await t.request({ method: 'PUT', url: `/api/memorials/${id}`, headers: { cookie: cast.owner.cookie }, payload: { portraitId: photos[1]!.id } });
    expect(put.statusCode, put.body).toBe(200);
    const song = multipartForm({ title: 'Altid frejdig', note: 'Hendes salme' }, { field: 'file', filename: 'salme.mp3', contentType: 'audio/mpeg', content: mp3({ seconds: 2 }) });
    const added = await t.request({ method: 'POST', url: `/api/memorials/${id}/music`, payload: song.payload, headers: { ...song.headers, cookie: cast.owner.cookie } });
    expect(added.statusCode, added.body).toBe(201);
    await post(id, 'guestbook', 'approved', 'Jens Hansen', 'Tak for de gode år som nabo.');
    await post(id, 'guestbook', 'pending', 'Ukendt Afsender', 'Venter stadig på godkendelse.');
    await post(id, 'candle', 'approved', 'Lis', '');
    await post(id, 'tribute', 'approved', 'Familien', 'Vi savner dig hver dag.');

    const response = await get(archiveZipUrl(id), cast.owner.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mindeside-${cast.memorial.slug}-${t.clock.now().toISOString().slice(0, 10)}.zip"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    zipFile = path.join(dir, 'arkiv.zip');
    await writeFile(zipFile, response.rawPayload);
    entries = readZip(response.rawPayload);
  });

  it('is a ZIP Info-ZIP reads with every checksum right', async () => {
    const { stdout } = await run('unzip', ['-t', zipFile]);
    expect(stdout).toContain('No errors detected');
  });

  it('holds a page per part the memorial has, and none for what it has not', () => {
    const names = entries.map((item) => item.name);
    expect(names.slice(0, 2)).toEqual(['LAES-MIG.txt', 'index.html']);
    for (const page of ['livshistorie.html', 'livslinje.html', 'galleri.html', 'musik.html', 'hilsner.html', 'style.css', 'data/mindeside.json']) expect(names).toContain(page);
    // No family tree was drawn: no page, and no link to one.
    expect(names).not.toContain('slaegt.html');
    expect(entry('index.html')!.data.toString()).not.toContain('slaegt.html');
  });

  it('finds every file every page points to inside the ZIP', () => {
    const names = new Set(entries.map((item) => item.name));
    const pages = entries.filter((item) => item.name.endsWith('.html'));
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (const page of pages) for (const address of addressesIn(page.data.toString())) expect(names, `${page.name} → ${address}`).toContain(decodeURI(address));
    for (const font of [...entry('style.css')!.data.toString().matchAll(/url\('([^']+)'\)/g)].map((match) => match[1]!)) expect(names).toContain(font);
  });

  it('shows every photo at screen size and keeps each original, as real JPEGs', async () => {
    for (const item of photos) {
      const shown = await sharp(entry(`billeder/${item.id}.jpg`)!.data).metadata();
      expect(shown.format).toBe('jpeg');
      // The variant nearest 1280 px: never the 2000-pixel original.
      expect(shown.width).toBeLessThanOrEqual(1600);
      const original = entries.find((file) => file.name.startsWith(`billeder/original/${item.id}.`));
      expect((await sharp(original!.data).metadata()).width).toBe(item.width);
    }
    const gallery = entry('galleri.html')!.data.toString();
    expect(gallery.match(/<img /g)).toHaveLength(2);
    expect(gallery).toContain('I haven, 1985');
    // A caption is text, not markup.
    expect(gallery).toContain('&lt;i&gt;Skagen&lt;/i&gt;');
  });

  it('shows the person on the front page, escaped, with no script anywhere', () => {
    const front = entry('index.html')!.data.toString();
    expect(front).toContain('Karen &lt;b&gt;Margrethe&lt;/b&gt; Jensen');
    expect(front).toContain('14. februar 1936 – 3. oktober 2024');
    expect(front).toContain('Elsket og savnet');
    expect(front).toContain(`src="billeder/${photos[1]!.id}.jpg"`);
    for (const page of entries.filter((item) => item.name.endsWith('.html'))) {
      const html = page.data.toString();
      expect(html, page.name).not.toMatch(/<script/i);
      expect(html, page.name).toContain(`content="default-src 'none';`);
    }
    expect(entry('livshistorie.html')!.data.toString()).toContain('Karen voksede op i Vejle.');
    expect(entry('livslinje.html')!.data.toString()).toContain('14. juni 1958');
  });

  it('holds only what the family approved of what visitors left', () => {
    const words = entry('hilsner.html')!.data.toString();
    expect(words).toContain('Tak for de gode år som nabo.');
    expect(words).toContain('Vi savner dig hver dag.');
    expect(words).toContain('Ét lys er tændt');
    expect(words).not.toContain('Ukendt Afsender');
  });

  it('carries the song and a JSON copy of everything, pointing at the files inside the ZIP', () => {
    const json = JSON.parse(entry('data/mindeside.json')!.data.toString());
    expect(json).toMatchObject({ format: 'mindested-memorial-archive', version: 1, memorial: { name: NAME, epitaph: 'Elsket og savnet', birthDate: '1936-02-14' } });
    expect(json.gallery.map((item: { file: string }) => item.file)).toEqual(photos.map((item) => `billeder/${item.id}.jpg`));
    expect(json.music).toHaveLength(1);
    expect(json.music[0]).toMatchObject({ title: 'Altid frejdig', note: 'Hendes salme' });
    expect(entry(json.music[0].file)!.data.subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/);
    expect(json.posts.map((item: { name: string }) => item.name).sort()).toEqual(['Familien', 'Jens Hansen', 'Lis']);
    expect(json.familyTree).toBeNull();
  });

  it('tells the edit page what it will hold and that it is downloaded at once', async () => {
    const response = await get(archiveSummaryUrl(cast.memorial.id), cast.coadmin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<ArchiveSummary>();
    expect(summary).toMatchObject({ photos: 2, videos: 0, songs: 1, words: 2, candles: 1, delivery: 'download', background: null });
    expect(summary.bytes).toBeGreaterThan(10_000);
  });

  it('is for the owner and co-admins only: a viewer is refused, a stranger and a signed-out reader learn nothing', async () => {
    expect((await get(archiveZipUrl(cast.memorial.id), cast.coadmin.cookie)).statusCode).toBe(200);
    const viewer = await get(archiveZipUrl(cast.memorial.id), cast.viewer.cookie);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: ARCHIVE_MESSAGES.adminsOnly });
    expect((await get(archiveSummaryUrl(cast.memorial.id), cast.viewer.cookie)).statusCode).toBe(403);
    // Private: to a stranger it does not exist.
    expect((await get(archiveZipUrl(cast.memorial.id), cast.stranger.cookie)).statusCode).toBe(404);
    expect((await get(archiveZipUrl(cast.memorial.id))).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: archiveRequestUrl(cast.memorial.id), headers: { cookie: cast.viewer.cookie } })).statusCode).toBe(403);
  });

  it('can still be had while the memorial is deleted and may be restored', async () => {
    const other = await castMemorial(t);
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${other.memorial.id}`, headers: { cookie: other.owner.cookie } })).statusCode).toBe(204);
    const response = await get(archiveZipUrl(other.memorial.id), other.owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(readZip(response.rawPayload).map((item) => item.name)).toContain('index.html');
  });
});

describe('a large memorial\'s archive, made in the background', () => {
  it('is asked for, made by the job queue into the storage, e-mailed, downloaded whole and in part, and removed after its days', async () => {
    const cast = await castMemorial(t, { name: 'Poul Jensen' });
    const id = cast.memorial.id;
    const item = await uploadPhoto(id, cast.owner.cookie, await photo(1600, 1200, 120), 'Poul ved båden');
    // As if its original were 400 MB: more than a download made while it is sent.
    await t.database.db.update(memorialMedia).set({ bytes: 400 * 1024 * 1024 }).where(eq(memorialMedia.id, item.id));

    const summary = (await get(archiveSummaryUrl(id), cast.owner.cookie)).json<ArchiveSummary>();
    expect(summary.delivery).toBe('mail');
    const direct = await get(archiveZipUrl(id), cast.owner.cookie);
    expect(direct.statusCode).toBe(409);
    expect(direct.json()).toMatchObject({ message: ARCHIVE_MESSAGES.tooLargeToDownload });
    expect((await get(readyArchiveUrl(id), cast.owner.cookie)).statusCode).toBe(404);

    const asked = await t.request({ method: 'POST', url: archiveRequestUrl(id), headers: { cookie: cast.owner.cookie } });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<BackgroundArchive>()).toMatchObject({ state: 'waiting', readyAt: null });
    // Asked again while it is being made: the same one, not a second.
    expect((await t.request({ method: 'POST', url: archiveRequestUrl(id), headers: { cookie: cast.coadmin.cookie } })).json<BackgroundArchive>().requestedAt).toBe(asked.json<BackgroundArchive>().requestedAt);
    expect(await t.database.db.select().from(memorialArchives).where(eq(memorialArchives.memorialId, id))).toHaveLength(1);

    await t.app.deps.jobs.drain();
    const mail = await t.mail.waitFor((m) => m.to.includes(cast.owner.email) && m.subject === 'Arkivet af mindesiden for Poul Jensen er klar');
    expect(mail.text).toContain(`http://localhost:5000/edit-memorial/${cast.memorial.slug}#arkiv`);
    const ready = (await get(archiveSummaryUrl(id), cast.owner.cookie)).json<ArchiveSummary>().background!;
    expect(ready.state).toBe('ready');
    expect(new Date(ready.expiresAt!).getTime() - new Date(ready.readyAt!).getTime()).toBe(ARCHIVE_KEPT_DAYS * 24 * 60 * 60_000);

    const whole = await get(readyArchiveUrl(id), cast.coadmin.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="mindeside-/);
    expect(Number(whole.headers['content-length'])).toBe(ready.bytes);
    const names = readZip(whole.rawPayload).map((entry) => entry.name);
    expect(names).toContain(`billeder/${item.id}.jpg`);
    // A broken-off download is picked up where it stopped.
    const rest = await get(readyArchiveUrl(id), cast.owner.cookie, { range: 'bytes=1000-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(whole.rawPayload.subarray(1000))).toBe(true);
    expect((await get(readyArchiveUrl(id), cast.viewer.cookie)).statusCode).toBe(403);

    // Its days over, the daily purge removes the file; the family may ask again.
    const [row] = await t.database.db.select().from(memorialArchives).where(eq(memorialArchives.memorialId, id));
    expect(await t.app.deps.storage.head(row!.storageKey)).not.toBeNull();
    const report = await runAllPurges(t.app.deps, new Date(t.clock.now().getTime() + (ARCHIVE_KEPT_DAYS + 1) * 24 * 60 * 60_000));
    expect(report.memorialArchives).toBe(1);
    expect(await t.app.deps.storage.head(row!.storageKey)).toBeNull();
    expect((await get(archiveSummaryUrl(id), cast.owner.cookie)).json<ArchiveSummary>().background!.state).toBe('expired');
    expect((await get(readyArchiveUrl(id), cast.owner.cookie)).statusCode).toBe(404);
  });

  it('is not made for someone who is no longer an administrator when the job runs', async () => {
    const cast = await castMemorial(t);
    const asked = await t.request({ method: 'POST', url: archiveRequestUrl(cast.memorial.id), headers: { cookie: cast.coadmin.cookie } });
    expect(asked.statusCode).toBe(202);
    const removed = await t.request({ method: 'DELETE', url: `/api/memorials/${cast.memorial.id}/members/${cast.coadmin.id}`, headers: { cookie: cast.owner.cookie } });
    expect(removed.statusCode, removed.body).toBe(204);
    await t.app.deps.jobs.drain();
    const [row] = await t.database.db.select().from(memorialArchives).where(eq(memorialArchives.memorialId, cast.memorial.id));
    expect(row).toMatchObject({ state: 'failed' });
    expect(await t.app.deps.storage.head(row!.storageKey)).toBeNull();
    expect(t.mail.messages.some((m) => m.to.includes(cast.coadmin.email) && m.subject.startsWith('Arkivet'))).toBe(false);
  });
});
