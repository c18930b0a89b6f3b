/**
 * /media/*, where stored photos and videos are served, on a real database (embedded, or PostgreSQL
 * when DATABASE_URL is set): a private or deleted memorial's files go to its members only and are
 * never kept by a shared cache, every answer is kept from being read as a page, and odd ranges
 * get the answers HTTP gives them instead of a 500.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, VIDEO_HEADS, createImageDir, writeImage } from '../../../tests/support/images';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { givePremium } from '../../../tests/support/premium';
import { multipartForm } from '../../../tests/support/multipart';
import { expectServerError } from '../../../tests/support/server-errors';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MediaItem } from '../../shared/media';

let t: TestApp;
let images: ImageDir;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  images = await createImageDir();
  photo = await readFile(await writeImage(images.dir, 'mor.jpg', 'jpeg', { width: 120, height: 80 }));
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

async function upload(cast: Cast, content: Buffer, filename: string, contentType: string): Promise<MediaItem> {
  const body = multipartForm({ caption: 'Sommer' }, { field: 'file', filename, contentType, content });
  const response = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/media`, payload: body.payload, headers: { ...body.headers, cookie: cast.owner.cookie } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>();
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
/** The address of the kept original, which the gallery never shows but /edit-image reads. */
const originalOf = (memorialId: string, item: MediaItem) => `/media/memorials/${memorialId}/${item.id}/original.jpg`;

describe('a private memorial\'s media', () => {
  it('goes to its members only, never through a shared cache; anyone else gets the 404 of a missing file', async () => {
    const cast = await castMemorial(t, { privacy: 'private' });
    const item = await upload(cast, photo, 'mor.jpg', 'image/jpeg');
    const addresses = [item.variants[0]!.url, originalOf(cast.memorial.id, item)];
    const missing = await get(`/media/memorials/${cast.memorial.id}/${randomUUID()}/640.webp`);
    expect(missing.statusCode).toBe(404);

    for (const url of addresses) {
      for (const outsider of [undefined, cast.stranger.cookie]) {
        const refused = await get(url, outsider);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json()).toEqual(missing.json());
        expect(refused.headers['cache-control']).toMatch(/^private/);
      }
      for (const member of [cast.viewer, cast.coadmin, cast.owner]) {
        const served = await get(url, member.cookie);
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['cache-control']).toMatch(/^private/);
      }
    }
  });

  it('becomes public with its memorial, and a deleted memorial\'s media goes to its administrators only', async () => {
    const cast = await castMemorial(t, { privacy: 'private' });
    const item = await upload(cast, photo, 'mor.jpg', 'image/jpeg');
    const url = item.variants[0]!.url;
    expect((await t.request({ method: 'PUT', url: `/api/memorials/${cast.memorial.id}`, headers: { cookie: cast.owner.cookie }, payload: { privacy: 'public' } })).statusCode).toBe(200);
    const open = await get(url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${cast.memorial.id}`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(204);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, cast.viewer.cookie)).statusCode).toBe(404);
    const forOwner = await get(url, cast.owner.cookie);
    expect(forOwner.statusCode).toBe(200);
    expect(forOwner.headers['cache-control']).toMatch(/^private/);
  });
});

describe('every media answer', () => {
  it('keeps a public memorial\'s files in shared caches for good, and is never read as a page', async () => {
    for (const privacy of ['public', 'unlisted'] as const) {
      const cast = await castMemorial(t, { privacy });
      const item = await upload(cast, photo, 'mor.jpg', 'image/jpeg');
      const served = await get(item.variants[0]!.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['content-disposition']).toBe('inline');
    }
  });

  it('sends no file whose stored type is not a photo or a video', async () => {
    expectServerError(/a stored media file has a type that is never served/);
    const cast = await castMemorial(t);
    const key = `memorials/${cast.memorial.id}/${randomUUID()}/side.html`;
    await t.app.deps.storage.put(key, Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
    const response = await get(`/media/${key}`, cast.owner.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
  });
});

describe('ranges', () => {
  it('answers 416 to a start past any file, and the last bytes to a suffix range', async () => {
    const cast = await castMemorial(t);
    // Films are Premium's.
    await givePremium(t.database.db, cast.memorial.id);
    const video = Buffer.concat([VIDEO_HEADS.mp4, Buffer.alloc(2000, 7)]);
    const url = (await upload(cast, video, 'film.mp4', 'video/mp4')).videoUrl!;
    const total = video.length;

    for (const range of ['bytes=99999999999999999999-', `bytes=${'9'.repeat(400)}-`, `bytes=${total}-`]) {
      const beyond = await get(url, undefined, { range });
      expect(beyond.statusCode, range).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${total}`);
    }
    const last = await get(url, undefined, { range: 'bytes=-500' });
    expect(last.statusCode).toBe(206);
    expect(last.headers['content-range']).toBe(`bytes ${total - 500}-${total - 1}/${total}`);
    expect(last.rawPayload.equals(video.subarray(total - 500))).toBe(true);

    const more = await get(url, undefined, { range: `bytes=-${total + 10}` });
    expect(more.statusCode).toBe(206);
    expect(more.headers['content-range']).toBe(`bytes 0-${total - 1}/${total}`);
    expect(more.rawPayload.equals(video)).toBe(true);

    const hugeEnd = await get(url, undefined, { range: 'bytes=10-99999999999999999999' });
    expect(hugeEnd.statusCode).toBe(206);
    expect(hugeEnd.headers['content-range']).toBe(`bytes 10-${total - 1}/${total}`);

    expect((await get(url, undefined, { range: 'bytes=-0' })).statusCode).toBe(416);
  });
});

describe('a multipart request without a boundary', () => {
  it('gets 400 in Danish on every upload call', async () => {
    const cast = await castMemorial(t);
    for (const url of [`/api/memorials/${cast.memorial.id}/media`, `/api/memorials/${cast.memorial.id}/memories`]) {
      const response = await t.request({ method: 'POST', url, headers: { cookie: cast.owner.cookie, 'content-type': 'multipart/form-data' }, payload: 'noget' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: 'Forespørgslen kunne ikke læses: formularen mangler sin afgrænsning (boundary).' });
    }
  });
});
