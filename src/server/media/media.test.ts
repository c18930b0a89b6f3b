/**
 * The gallery calls on a real database with real image files: what is stored is what the content
 * is (not what the name says), photos lose their GPS and are served upright, refused files leave
 * nothing behind, and only the memorial's owner and co-admins may change its gallery.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { type ImageDir, VIDEO_HEADS, createImageDir, exifHasGps, writeBombPng, writeImage, writeJpegWithGps, writeTextFile } from '../../../tests/support/images';
import { givePremium } from '../../../tests/support/premium';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MediaItem } from '../../shared/media';
import type { PhotoForEditing } from '../../shared/media-api';
import type { Memorial } from '../../shared/memorials';
import { memorialMedia, memorialMembers } from '../db/schema';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import { ONLY_PHOTOS_EDITABLE, PHOTO_NOT_FOUND } from './service';

let t: TestApp;
let images: ImageDir;
let owner: string;
let coadmin: string;
let stranger: string;
let coadminId: string;

beforeAll(async () => {
  t = await createTestApp();
  images = await createImageDir();
  const users = [await createUser(t.database.db), await createUser(t.database.db), await createUser(t.database.db)];
  const cookies = await Promise.all(users.map((user) => signIn(t, user)));
  [owner, coadmin, stranger] = [cookies[0]!, cookies[1]!, cookies[2]!];
  coadminId = users[1]!.id;
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

/** With Premium, so films are welcome: what the free plan refuses is premium-gates.test.ts's. */
async function memorial(): Promise<Memorial> {
  const response = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner }, payload: { name: 'Karen Jensen' } });
  const created = response.json<Memorial>();
  await t.database.db.insert(memorialMembers).values({ memorialId: created.id, userId: coadminId, role: 'coadmin' });
  await givePremium(t.database.db, created.id);
  return created;
}

/** A multipart/form-data body as a browser sends it: the caption first, then the file. */
function form(content: Buffer, filename: string, contentType: string, caption?: string) {
  const boundary = '----mindested-test-boundary';
  const parts: Buffer[] = [];
  if (caption !== undefined) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(memorialId: string, cookie: string | undefined, content: Buffer, filename: string, contentType = 'image/jpeg', caption?: string) {
  const body = form(content, filename, contentType, caption);
  return t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
}

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const rowsOf = async (memorialId: string) => (await t.database.db.select().from(memorialMedia)).filter((row) => row.memorialId === memorialId);

describe('uploading a photo', () => {
  it('stores it upright, without GPS or other metadata, in responsive AVIF, WebP and JPEG variants', async () => {
    const { id } = await memorial();
    const response = await upload(id, owner, await readFile(await writeJpegWithGps(images.dir)), 'IMG_1234.JPG', 'image/jpeg', 'Mor i haven, 1985');
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<MediaItem>();
    expect(item).toMatchObject({ kind: 'photo', caption: 'Mor i haven, 1985', position: 0, width: 400, height: 600 });
    expect(new Set(item.variants.map((v) => v.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect(item.placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const variant of item.variants) {
      const file = await get(variant.url);
      expect(file.statusCode, variant.url).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif === undefined || !exifHasGps(meta.exif), variant.url).toBe(true);
      expect(meta.exif).toBeUndefined();
      expect(meta.height! > meta.width!).toBe(true);
    }
    expect((await get(`/api/memorials/${id}`)).json<Memorial>().media.map((m) => m.id)).toEqual([item.id]);
  });

  it('goes by the content, not the name: a PNG named .jpg is a PNG photo', async () => {
    const { id } = await memorial();
    const png = await readFile(await writeImage(images.dir, 'rigtig.png', 'png', { width: 500, height: 300 }));
    const response = await upload(id, owner, png, 'ferie.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'photo', width: 500, height: 300 });
  });

  it('refuses a text file named .jpg, an oversize photo and a decompression bomb, leaving nothing behind', async () => {
    const { id } = await memorial();
    const text = await upload(id, owner, await readFile(await writeTextFile(images.dir)), 'billede.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(MEDIA_MESSAGES.unsupported);

    // 26 MB that starts like a JPEG: refused by its size before anything decodes it.
    const oversize = Buffer.concat([await readFile(await writeImage(images.dir, 'lille.jpg', 'jpeg', { width: 50, height: 50 })), Buffer.alloc(26 * 1024 * 1024)]);
    const big = await upload(id, owner, oversize, 'stort.jpg');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(MEDIA_MESSAGES.tooLarge('photo'));

    const started = Date.now();
    const bomb = await upload(id, owner, await readFile(await writeBombPng(images.dir)), 'bombe.png', 'image/png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(MEDIA_MESSAGES.tooManyPixels(20_000, 20_000));
    expect(Date.now() - started).toBeLessThan(5_000);

    expect(await rowsOf(id)).toEqual([]);
    // Nothing stored either: a purge of the memorial's folder finds no file.
    expect(await t.app.deps.storage.deletePrefix(`memorials/${id}/`)).toBe(0);
  });
});

describe('videos and YouTube links', () => {
  it('keeps an uploaded video as it came and serves ranges of it', async () => {
    const { id } = await memorial();
    const video = Buffer.concat([VIDEO_HEADS.mp4, Buffer.alloc(4096, 7)]);
    const response = await upload(id, owner, video, 'film.mp4', 'video/mp4');
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<MediaItem>();
    expect(item).toMatchObject({ kind: 'video', mime: 'video/mp4', variants: [] });
    const whole = await get(item.videoUrl!);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await get(item.videoUrl!, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(10, 20))).toBe(true);
  });

  it('adds a YouTube link as a gallery item and refuses any other link', async () => {
    const { id } = await memorial();
    const good = await t.request({ method: 'POST', url: `/api/memorials/${id}/media`, headers: { cookie: owner }, payload: { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Mindehøjtideligheden' } });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({ kind: 'youtube', youtubeId: 'dQw4w9WgXcQ', caption: 'Mindehøjtideligheden' });
    const bad = await t.request({ method: 'POST', url: `/api/memorials/${id}/media`, headers: { cookie: owner }, payload: { youtubeUrl: 'https://vimeo.com/123' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'youtubeUrl' });
  });
});

describe('who may change a gallery', () => {
  it('the owner and co-admins may; a visitor gets 401 and another user 403', async () => {
    const { id } = await memorial();
    const photo = await readFile(await writeImage(images.dir, 'a.jpg', 'jpeg', { width: 100, height: 100 }));
    expect((await upload(id, undefined, photo, 'a.jpg')).statusCode).toBe(401);
    expect((await upload(id, stranger, photo, 'a.jpg')).statusCode).toBe(403);
    expect((await upload(id, coadmin, photo, 'a.jpg')).statusCode).toBe(201);
    expect(await rowsOf(id)).toHaveLength(1);
  });
});

describe('captions, order, portrait and removal', () => {
  it('changes a caption and the order, chooses a portrait, and removing it removes its files and the choice', async () => {
    const { id } = await memorial();
    const photo = await readFile(await writeImage(images.dir, 'b.jpg', 'jpeg', { width: 200, height: 200 }));
    const first = (await upload(id, owner, photo, 'b.jpg')).json<MediaItem>();
    const second = (await upload(id, owner, photo, 'b.jpg')).json<MediaItem>();
    expect([first.position, second.position]).toEqual([0, 1]);

    const moved = await t.request({ method: 'PUT', url: `/api/memorials/${id}/media/${second.id}`, headers: { cookie: coadmin }, payload: { caption: 'Bryllupet', position: 0 } });
    expect(moved.json()).toMatchObject({ caption: 'Bryllupet', position: 0 });
    expect((await t.request({ method: 'PUT', url: `/api/memorials/${id}/media/${second.id}`, headers: { cookie: stranger }, payload: { caption: 'x' } })).statusCode).toBe(403);

    const chosen = await t.request({ method: 'PUT', url: `/api/memorials/${id}`, headers: { cookie: owner }, payload: { portraitId: first.id, coverId: second.id } });
    expect(chosen.json()).toMatchObject({ portraitId: first.id, coverId: second.id });
    const youtube = (await t.request({ method: 'POST', url: `/api/memorials/${id}/media`, headers: { cookie: owner }, payload: { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' } })).json<MediaItem>();
    const notPhoto = await t.request({ method: 'PUT', url: `/api/memorials/${id}`, headers: { cookie: owner }, payload: { portraitId: youtube.id } });
    expect(notPhoto.json()).toEqual({ message: 'Vælg et billede fra mindesidens galleri.', field: 'portraitId' });

    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${id}/media/${first.id}`, headers: { cookie: stranger } })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${id}/media/${first.id}`, headers: { cookie: owner } })).statusCode).toBe(204);
    for (const variant of first.variants) expect((await get(variant.url)).statusCode).toBe(404);
    expect((await get(`/api/memorials/${id}`)).json()).toMatchObject({ portraitId: null, coverId: second.id });
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${id}/media/${first.id}`, headers: { cookie: owner } })).statusCode).toBe(404);
  });
});

describe('cropping and turning a photo', () => {
  it('turns and crops from the kept original, gives the variants new names, and removes the old ones', async () => {
    const { id } = await memorial();
    const photo = (await upload(id, owner, await readFile(await writeImage(images.dir, 'c.jpg', 'jpeg', { width: 800, height: 600 })), 'c.jpg')).json<MediaItem>();
    const edit = (payload: object, cookie = owner) => t.request({ method: 'POST', url: `/api/memorials/${id}/media/${photo.id}/edit`, headers: { cookie }, payload });

    const turned = await edit({ rotate: 90 });
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json()).toMatchObject({ width: 600, height: 800, edit: { rotate: 90 } });
    const turnedItem = turned.json<MediaItem>();
    expect(turnedItem.variants.every((variant) => /-1\.(avif|webp|jpg)$/.test(variant.url))).toBe(true);
    for (const old of photo.variants) expect((await get(old.url)).statusCode).toBe(404);

    // A crop in the turned picture: exactly that size.
    const cropped = await edit({ rotate: 90, crop: { x: 100, y: 200, width: 300, height: 400 } });
    expect(cropped.json()).toMatchObject({ width: 300, height: 400 });
    const largest = cropped.json<MediaItem>().variants.find((variant) => variant.format === 'jpeg' && variant.width === 300)!;
    expect(await sharp((await get(largest.url)).rawPayload).metadata()).toMatchObject({ width: 300, height: 400 });

    // Undoing starts from the original again: nothing was lost.
    expect((await edit({ rotate: 0 })).json()).toMatchObject({ width: 800, height: 600, edit: { rotate: 0 } });
  });

  it('refuses a crop outside the picture, a bad angle, a video, and anyone but an administrator', async () => {
    const { id } = await memorial();
    const photo = (await upload(id, owner, await readFile(await writeImage(images.dir, 'd.jpg', 'jpeg', { width: 400, height: 300 })), 'd.jpg')).json<MediaItem>();
    const video = (await upload(id, owner, Buffer.concat([VIDEO_HEADS.mp4, Buffer.alloc(64)]), 'f.mp4', 'video/mp4')).json<MediaItem>();
    const edit = (mediaId: string, payload: object, cookie = owner) => t.request({ method: 'POST', url: `/api/memorials/${id}/media/${mediaId}/edit`, headers: { cookie }, payload });
    const outside = await edit(photo.id, { rotate: 0, crop: { x: 300, y: 0, width: 200, height: 100 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(MEDIA_MESSAGES.cropOutside);
    expect((await edit(photo.id, { rotate: 45 })).json()).toMatchObject({ message: 'Billedet kan kun drejes 0, 90, 180 eller 270 grader.', field: 'rotate' });
    expect((await edit(video.id, { rotate: 90 })).json().message).toBe('Kun billeder kan beskæres og drejes.');
    expect((await edit(photo.id, { rotate: 90 }, stranger)).statusCode).toBe(403);
    expect((await get(`/api/memorials/${id}`)).json<Memorial>().media.find((m) => m.id === photo.id)).toMatchObject({ width: 400, height: 300, edit: null });
  });
});

describe('/media/*', () => {
  it('answers 404 for a name that is not a stored file, without touching the storage with it', async () => {
    for (const url of ['/media/../../etc/passwd', '/media/memorials/x/y/z.jpg', `/media/memorials/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/640.webp`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});


describe('reading one photo for editing (GET /api/media/{mediaId})', () => {
  const read = (mediaId: string, cookie?: string) => get(`/api/media/${mediaId}`, cookie ? { cookie } : {});

  it('gives the owner and co-admins the photo, its memorial, and the upright original to cut again from', async () => {
    const created = await memorial();
    // Stored on its side (600 × 400, EXIF orientation 6): the original is 400 × 600 once upright.
    const photo = (await upload(created.id, owner, await readFile(await writeJpegWithGps(images.dir, 'e.jpg')), 'e.jpg', 'image/jpeg', 'Sommer')).json<MediaItem>();
    await t.request({ method: 'POST', url: `/api/memorials/${created.id}/media/${photo.id}/edit`, headers: { cookie: owner }, payload: { rotate: 90, crop: { x: 50, y: 20, width: 300, height: 200 } } });

    const response = await read(photo.id, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const item = response.json<PhotoForEditing>();
    expect(item).toMatchObject({
      id: photo.id,
      kind: 'photo',
      caption: 'Sommer',
      width: 300,
      height: 200,
      edit: { rotate: 90, crop: { x: 50, y: 20, width: 300, height: 200 } },
      memorial: { id: created.id, slug: created.slug, name: 'Karen Jensen' },
      original: { width: 400, height: 600 },
    });
    // The copy shown while cutting is the whole upright original, not the cropped photo.
    const copy = await get(item.original.displayUrl);
    expect(copy.statusCode).toBe(200);
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 600 });

    // A co-admin reads the same; the second time the kept copy is used and the size read from the original's header.
    const again = await read(photo.id, coadmin);
    expect(again.statusCode).toBe(200);
    expect(again.json<PhotoForEditing>().original).toEqual(item.original);
  });

  it('scales a large original down to fit a screen, keeping its full size for the crop', async () => {
    const { id } = await memorial();
    const photo = (await upload(id, owner, await readFile(await writeImage(images.dir, 'stor.jpg', 'jpeg', { width: 3000, height: 2000 })), 'stor.jpg')).json<MediaItem>();
    const item = (await read(photo.id, owner)).json<PhotoForEditing>();
    expect(item.original).toMatchObject({ width: 3000, height: 2000 });
    expect(await sharp((await get(item.original.displayUrl)).rawPayload).metadata()).toMatchObject({ width: 2048, height: 1365 });
  });

  it('answers a visitor 401, another user 403, and reveals nothing of a private memorial or an unknown id', async () => {
    const { id } = await memorial();
    const photo = (await upload(id, owner, await readFile(await writeImage(images.dir, 'g.jpg', 'jpeg', { width: 200, height: 150 })), 'g.jpg')).json<MediaItem>();
    expect((await read(photo.id)).statusCode).toBe(401);
    const other = await read(photo.id, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Kun mindesidens administratorer kan ændre den.');

    await t.request({ method: 'PUT', url: `/api/memorials/${id}`, headers: { cookie: owner }, payload: { privacy: 'private' } });
    const hidden = await read(photo.id, stranger);
    const unknown = await read('7f0c8a1e-2b3d-4c5e-8f90-a1b2c3d4e5f6', stranger);
    expect([hidden.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(hidden.json()).toEqual({ message: PHOTO_NOT_FOUND });
    expect(unknown.json()).toEqual(hidden.json());
    expect((await read(photo.id, coadmin)).statusCode).toBe(200);
    expect((await read('ikke-et-id', owner)).statusCode).toBe(400);
  });

  it('says plainly that a video or a YouTube film cannot be cut', async () => {
    const { id } = await memorial();
    const video = (await upload(id, owner, Buffer.concat([VIDEO_HEADS.mp4, Buffer.alloc(64)]), 'h.mp4', 'video/mp4')).json<MediaItem>();
    const youtube = (await t.request({ method: 'POST', url: `/api/memorials/${id}/media`, headers: { cookie: owner }, payload: { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' } })).json<MediaItem>();
    for (const item of [video, youtube]) {
      const response = await read(item.id, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: ONLY_PHOTOS_EDITABLE });
    }
  });
});
