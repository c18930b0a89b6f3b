/**
 * A shared memory's optional photo, on a real database (embedded, or PostgreSQL when DATABASE_URL
 * is set) with real image files: it goes through the gallery's pipeline (upright, without GPS, in
 * responsive variants), a file that is not a photo or is too big is refused in Danish, and whenever
 * the post is not kept (a robot, a flood, a failed insert, a rejection) no file is left behind.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, createImageDir, exifHasGps, near, pixelAt, RED, writeImage, writeJpegWithGps, writeTextFile } from '../../../tests/support/images';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { expectServerError } from '../../../tests/support/server-errors';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { VISITOR_COOKIE } from '../../shared/constants';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import type { Post, PostsResponse } from '../../shared/posts-api';
import { memorialPosts } from '../db/schema';

let t: TestApp;
let images: ImageDir;
const PER_IP = 3;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_IP: String(PER_IP), RATE_LIMIT_POSTS_PER_MEMORIAL: '50' });
  images = await createImageDir();
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

interface Caller {
  cookie?: string;
  ip: string;
}
let addresses = 0;
const visitor = (): Caller => ({ ip: `198.51.100.${++addresses}` });

interface Photo {
  content: Buffer;
  filename: string;
  contentType: string;
}

/** A multipart/form-data body as the browser's FormData sends it: the fields first, then the photo. */
function form(fields: Record<string, string>, photo?: Photo) {
  const boundary = '----mindested-minde';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (photo) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="${photo.filename}"\r\ncontent-type: ${photo.contentType}\r\n\r\n`), photo.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Shares a memory as `who`, keeping the visitor cookie the answer sets, as a browser would. */
async function share(who: Caller, memorialId: string, fields: Record<string, string>, photo?: Photo) {
  const body = form(fields, photo);
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/memories`, payload: body.payload, headers: { ...body.headers, ...(who.cookie ? { cookie: who.cookie } : {}) }, remoteAddress: who.ip });
  const cookie = response.cookies.find((c) => c.name === VISITOR_COOKIE);
  if (cookie) who.cookie = [who.cookie, `${VISITOR_COOKIE}=${cookie.value}`].filter(Boolean).join('; ');
  return response;
}

const jpeg = async (name = 'have.jpg', size = { width: 800, height: 600 }): Promise<Photo> => ({ content: await readFile(await writeImage(images.dir, name, 'jpeg', size)), filename: name, contentType: 'image/jpeg' });
const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const postsOf = async (memorialId: string, who: { cookie?: string } = {}) => (await get(`/api/memorials/${memorialId}/posts`, who.cookie)).json<PostsResponse>();
/** How many photo files a memorial's memories have stored; removes them, so call it last. */
const storedPhotoFiles = (memorialId: string) => t.app.deps.storage.deletePrefix(`memorials/${memorialId}/posts/`);
const rowsOf = (memorialId: string) => t.database.db.select().from(memorialPosts).where(eq(memorialPosts.memorialId, memorialId));
const moderate = (memorialId: string, cookie: string, ids: string[], action: 'approve' | 'reject') =>
  t.request({ method: 'POST', url: `/api/memorials/${memorialId}/posts/moderate`, headers: { cookie }, payload: { ids, action } });

describe('a memory with a photo', () => {
  it('is stored upright and without GPS, waits unseen by others, and once approved shows with its variants', async () => {
    const { memorial, owner } = await castMemorial(t);
    const ida = visitor();
    const phone: Photo = { content: await readFile(await writeJpegWithGps(images.dir)), filename: 'IMG_0042.JPG', contentType: 'image/jpeg' };
    const response = await share(ida, memorial.id, { name: 'Ida', message: 'Sommeren i Skagen, 1989.', website: '' }, phone);
    expect(response.statusCode, response.body).toBe(201);
    const shared = response.json<Post>();
    expect(shared).toMatchObject({ kind: 'memory', name: 'Ida', message: 'Sommeren i Skagen, 1989.', status: 'pending' });
    // Stored 600×400 with orientation 6: upright it is 400×600.
    expect(shared.photo).toMatchObject({ width: 400, height: 600 });
    expect(shared.photo!.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(new Set(shared.photo!.variants.map((v) => v.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    for (const variant of shared.photo!.variants) {
      expect(variant.url).toMatch(new RegExp(`^/media/memorials/${memorial.id}/posts/[0-9a-f-]{36}/\\d+\\.(avif|webp|jpg)$`));
      const file = await get(variant.url);
      expect(file.statusCode, variant.url).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif === undefined || !exifHasGps(meta.exif), variant.url).toBe(true);
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.height! > meta.width!).toBe(true);
    }
    // The red stripe along the stored left edge is along the top once upright.
    const jpg = shared.photo!.variants.find((v) => v.format === 'jpeg')!;
    const top = await pixelAt((await get(jpg.url)).rawPayload, Math.floor(jpg.width / 2), 2);
    expect(near(top, RED), JSON.stringify(top)).toBe(true);

    // Waiting: its author sees it, with its photo; nobody else does, the moderators do.
    expect((await postsOf(memorial.id, ida)).waiting).toEqual([shared]);
    expect(await postsOf(memorial.id, visitor())).toMatchObject({ posts: [], waiting: [] });
    const queue = (await get(`/api/memorials/${memorial.id}/posts/moderation`, owner.cookie)).json<{ posts: Post[] }>().posts;
    expect(queue.map((p) => p.photo)).toEqual([shared.photo]);

    expect((await moderate(memorial.id, owner.cookie, [shared.id], 'approve')).json()).toEqual({ changed: 1 });
    const page = await postsOf(memorial.id, visitor());
    expect(page.posts).toEqual([{ ...shared, status: 'approved' }]);
  });

  it('takes PNG and WebP by their content, and gives other kinds of post no photo', async () => {
    const { memorial } = await castMemorial(t);
    const png = await share(visitor(), memorial.id, { name: 'Per', message: 'Fra konfirmationen.' }, { content: await readFile(await writeImage(images.dir, 'konf.png', 'png', { width: 500, height: 300, alpha: true })), filename: 'konf.jpg', contentType: 'image/jpeg' });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json<Post>().photo).toMatchObject({ width: 500, height: 300 });
    const webp = await share(visitor(), memorial.id, { name: 'Per', message: 'Fra havnen.' }, { content: await readFile(await writeImage(images.dir, 'havn.webp', 'webp')), filename: 'havn.webp', contentType: 'image/webp' });
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json<Post>().photo).toMatchObject({ width: 400, height: 300 });

    const candle = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/candles`, payload: { name: 'Per' }, remoteAddress: visitor().ip });
    expect(candle.json<Post>().photo).toBeNull();
  });

  it('still takes a memory as JSON text, and as a form without a photo', async () => {
    const { memorial } = await castMemorial(t);
    const json = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/memories`, payload: { name: 'Ole', message: 'Tak for turene i skoven.' }, remoteAddress: visitor().ip });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json<Post>()).toMatchObject({ kind: 'memory', message: 'Tak for turene i skoven.', photo: null });
    const plain = await share(visitor(), memorial.id, { name: 'Ole', message: 'Og for kaffen bagefter.' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<Post>().photo).toBeNull();
    // The words are checked the same way in a form as in JSON.
    const empty = await share(visitor(), memorial.id, { name: 'Ole', message: ' ' }, await jpeg());
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Skriv dit minde.', field: 'message' }]);
    expect(await storedPhotoFiles(memorial.id)).toBe(0);
  });
});

describe('a photo that is refused', () => {
  it('is refused in Danish when it is not a photo, whatever its name, or too big; nothing is kept', async () => {
    const { memorial } = await castMemorial(t);
    const text = await share(visitor(), memorial.id, { name: 'Ole', message: 'Et minde.' }, { content: await readFile(await writeTextFile(images.dir)), filename: 'billede.jpg', contentType: 'image/jpeg' });
    expect([text.statusCode, text.json().message]).toEqual([400, MEDIA_MESSAGES.onlyPhoto]);

    // 26 MB that starts like a JPEG: refused by its size before anything decodes it.
    const small = await jpeg('lille.jpg', { width: 50, height: 50 });
    const big = await share(visitor(), memorial.id, { name: 'Ole', message: 'Et minde.' }, { ...small, content: Buffer.concat([small.content, Buffer.alloc(26 * 1024 * 1024)]) });
    expect([big.statusCode, big.json().message]).toEqual([400, MEDIA_MESSAGES.tooLarge('photo')]);

    expect(await rowsOf(memorial.id)).toEqual([]);
    expect(await storedPhotoFiles(memorial.id)).toBe(0);
  });

  it('keeps nothing from a robot that fills in the hidden field', async () => {
    const { memorial } = await castMemorial(t);
    const robot = await share(visitor(), memorial.id, { name: 'Bot', message: 'Køb billige ure', website: 'http://spam.example' }, await jpeg());
    expect(robot.statusCode).toBe(201);
    expect(robot.json<Post>().photo).toBeNull();
    expect(await rowsOf(memorial.id)).toEqual([]);
    expect(await storedPhotoFiles(memorial.id)).toBe(0);
  });

  it('stores nothing for an address over its limit, nor on a memorial that takes no posts', async () => {
    const { memorial, owner } = await castMemorial(t);
    const flood = visitor();
    for (let i = 0; i < PER_IP; i++) expect((await share(flood, memorial.id, { name: `Minde ${i}`, message: 'Et minde.' })).statusCode).toBe(201);
    const cut = await share(flood, memorial.id, { name: 'For meget', message: 'Et minde for meget.' }, await jpeg());
    expect(cut.statusCode).toBe(429);
    expect(cut.json().message).toMatch(/^For mange forsøg\. Prøv igen om/);

    await t.request({ method: 'PATCH', url: `/api/memorials/${memorial.id}/post-settings`, headers: { cookie: owner.cookie }, payload: { whoMayPost: 'nobody' } });
    expect((await share(visitor(), memorial.id, { name: 'Ole', message: 'Et minde.' }, await jpeg())).statusCode).toBe(403);
    expect(await storedPhotoFiles(memorial.id)).toBe(0);

    const secret = await castMemorial(t, { privacy: 'private' });
    expect((await share({ ...visitor(), cookie: secret.stranger.cookie }, secret.memorial.id, { name: 'Ole', message: 'Et minde.' }, await jpeg())).statusCode).toBe(404);
    expect(await storedPhotoFiles(secret.memorial.id)).toBe(0);
  });

  it('answers over a real connection when it refuses before reading the photo', async () => {
    const { memorial, owner } = await castMemorial(t);
    await t.request({ method: 'PATCH', url: `/api/memorials/${memorial.id}/post-settings`, headers: { cookie: owner.cookie }, payload: { whoMayPost: 'nobody' } });
    // The browser sends the whole photo before it reads the answer: the server must read it too.
    const body = form({ name: 'Ole', message: 'Et minde.' }, { ...(await jpeg()), content: Buffer.concat([(await jpeg()).content, Buffer.alloc(8 * 1024 * 1024, 1)]) });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/memorials/${memorial.id}/memories`, {
      method: 'POST',
      headers: { ...body.headers, origin: t.app.deps.config.baseOrigin },
      body: body.payload,
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('Mindesiden tager ikke imod lys og hilsner lige nu.');
    expect(await storedPhotoFiles(memorial.id)).toBe(0);
  });

  it('removes the stored files when the post cannot be saved', async () => {
    expectServerError(/the database went away/);
    const { memorial } = await castMemorial(t);
    const db = t.app.deps.db;
    const execute = db.execute.bind(db);
    db.execute = (() => Promise.reject(new Error('the database went away'))) as unknown as typeof db.execute;
    try {
      const failed = await share(visitor(), memorial.id, { name: 'Ole', message: 'Et minde.' }, await jpeg());
      expect(failed.statusCode).toBe(500);
    } finally {
      db.execute = execute;
    }
    expect(await storedPhotoFiles(memorial.id)).toBe(0);
  });

  it('loses its files when the post is rejected', async () => {
    const { memorial, owner } = await castMemorial(t);
    const shared = (await share(visitor(), memorial.id, { name: 'Ole', message: 'Et minde.' }, await jpeg())).json<Post>();
    const url = shared.photo!.variants[0]!.url;
    expect((await get(url)).statusCode).toBe(200);
    expect((await moderate(memorial.id, owner.cookie, [shared.id], 'reject')).json()).toEqual({ changed: 1 });
    expect((await get(url)).statusCode).toBe(404);
    const rejected = (await get(`/api/memorials/${memorial.id}/posts/moderation?status=rejected`, owner.cookie)).json<{ posts: Post[] }>().posts;
    expect(rejected.map((p) => [p.id, p.photo])).toEqual([[shared.id, null]]);
    expect(await storedPhotoFiles(memorial.id)).toBe(0);
  });
});
