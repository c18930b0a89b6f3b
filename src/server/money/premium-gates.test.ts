/**
 * What Premium unlocks, enforced by the server (decision 0025, shared/premium.ts): a memorial
 * without Premium refuses a Premium theme, a photo past the free plan's 30 and a film (403, the
 * Danish sentence, nothing stored); Premium bought by bank transfer and marked paid lets them in;
 * when its period ends, visitors (the API and the page's HTML) see the memorial in Lys with its
 * first 30 photos and no film while its administrators still see everything, flagged; paid again,
 * it is all back. Candles, greetings and moderation never depend on Premium.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { type ImageDir, VIDEO_HEADS, createImageDir, writeImage } from '../../../tests/support/images';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { type InlineMemorial, unpackMemorial } from '../../shared/inline-memorial';
import type { MediaItem } from '../../shared/media';
import { MEMORIAL_DATA_ELEMENT_ID, type Memorial } from '../../shared/memorials';
import { FREE_PHOTO_LIMIT, PREMIUM_MESSAGES } from '../../shared/premium';
import { memorialMedia, memorials } from '../db/schema';
import { createStorage } from '../lib/storage';
import { SELLER_ENV } from '../../../tests/support/seller';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let images: ImageDir;
let mediaDir: string;
let clientDir: string;
let staff: string;
let photoFile: Buffer;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'mindested-gates-media-'));
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-gates-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html lang="da"><head><title>Mindested</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp(SELLER_ENV, { clientDir, storage: createStorage({ kind: 'disk', root: mediaDir }) });
  staff = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
  images = await createImageDir();
  photoFile = await readFile(await writeImage(images.dir, 'billede.jpg', 'jpeg', { width: 320, height: 240 }));
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
  await rm(mediaDir, { recursive: true, force: true });
  await rm(clientDir, { recursive: true, force: true });
});

const BOUNDARY = '----mindested-gates';
function upload(memorialId: string, cookie: string, content: Buffer, filename: string, contentType: string) {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, payload, headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
}
const uploadPhoto = (memorialId: string, cookie: string) => upload(memorialId, cookie, photoFile, 'billede.jpg', 'image/jpeg');
const uploadVideo = (memorialId: string, cookie: string) => upload(memorialId, cookie, Buffer.concat([VIDEO_HEADS.mp4, Buffer.alloc(4096, 7)]), 'film.mp4', 'video/mp4');
const addYoutube = (memorialId: string, cookie: string) =>
  t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, headers: { cookie }, payload: { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Guldbryllup' } });
const change = (memorialId: string, cookie: string, payload: object) => t.request({ method: 'PUT', url: `/api/memorials/${memorialId}`, headers: { cookie }, payload });
const read = async (memorialId: string, cookie?: string) => {
  const response = await t.request({ method: 'GET', url: `/api/memorials/${memorialId}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Memorial>();
};

/** The memorial written into the page a visitor (not signed in) gets from the page cache. */
async function visitorsPage(slug: string): Promise<Memorial> {
  const response = await t.request({ method: 'GET', url: `/memorial/${slug}` });
  expect(response.statusCode).toBe(200);
  const match = new RegExp(`<script id="${MEMORIAL_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(response.body);
  return unpackMemorial(JSON.parse(match![1]!) as InlineMemorial);
}

const galleryRows = async (memorialId: string) => (await t.database.db.select({ n: count() }).from(memorialMedia).where(eq(memorialMedia.memorialId, memorialId)))[0]!.n;
const storedFiles = async (memorialId: string) => (await readdir(path.join(mediaDir, 'memorials', memorialId), { recursive: true }).catch(() => [])).length;

/** `n` photos as stored rows, as if uploaded earlier (the gates count rows, not files). */
async function storedPhotos(memorialId: string, userId: string, n: number) {
  await t.database.db.insert(memorialMedia).values(
    Array.from({ length: n }, (_, index) => ({ memorialId, kind: 'photo' as const, caption: `Billede ${index + 1}`, position: index, createdBy: userId, createdAt: t.clock.now() })),
  );
}

/** Premium bought by bank transfer for a month, and the transfer marked received by staff. */
async function buyPremium(cast: Cast) {
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: cast.owner.cookie },
    payload: { idempotencyKey: `gates-${Math.random()}`, paymentMethod: 'bank_transfer', item: { kind: 'premium', memorialId: cast.memorial.id, planSlug: 'premium-maaned' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const orderId = created.json<{ order: { id: string } }>().order.id;
  const paid = await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/mark-paid`, headers: { cookie: staff } });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

describe('a memorial without Premium', () => {
  it('refuses a Premium theme, with the Danish message, and keeps the free ones', async () => {
    const cast = await castMemorial(t);
    const { memorial, owner, coadmin } = cast;
    for (const [theme, name] of [['skov', 'Skov'], ['hav', 'Hav'], ['rosa', 'Rosa']] as const) {
      const refused = await change(memorial.id, coadmin.cookie, { theme });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(`Temaet ${name} hører til Premium. Vælg Lys eller Skumring, eller køb Premium til mindesiden.`);
    }
    expect((await read(memorial.id, owner.cookie)).theme).toBe('lys');
    expect((await change(memorial.id, owner.cookie, { theme: 'skumring' })).json()).toMatchObject({ theme: 'skumring', premium: false });

    // A new memorial has no Premium yet: created in a Premium theme, it is not created at all.
    const created = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner.cookie }, payload: { name: 'Aldrig Oprettet', theme: 'rosa' } });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(PREMIUM_MESSAGES.theme('rosa'));
    expect(await t.database.db.select().from(memorials).where(eq(memorials.name, 'Aldrig Oprettet'))).toEqual([]);
  });

  it(`holds ${FREE_PHOTO_LIMIT} photos: the next is refused and nothing of it stored, and a deleted one frees its place`, async () => {
    const { memorial, owner, coadmin } = await castMemorial(t);
    await storedPhotos(memorial.id, owner.id, FREE_PHOTO_LIMIT - 1);
    const last = await uploadPhoto(memorial.id, coadmin.cookie);
    expect(last.statusCode, last.body).toBe(201);
    const filesBefore = await storedFiles(memorial.id);
    expect(filesBefore).toBeGreaterThan(0);

    const refused = await uploadPhoto(memorial.id, owner.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Den gratis mindeside har plads til 30 billeder. Med Premium er der plads til alle.');
    expect(await galleryRows(memorial.id)).toBe(FREE_PHOTO_LIMIT);
    expect(await storedFiles(memorial.id)).toBe(filesBefore);

    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${memorial.id}/media/${last.json<MediaItem>().id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await uploadPhoto(memorial.id, owner.cookie)).statusCode).toBe(201);
    expect(await galleryRows(memorial.id)).toBe(FREE_PHOTO_LIMIT);
  });

  it('gives the last place to one of two uploads sent at once', async () => {
    const { memorial, owner, coadmin } = await castMemorial(t);
    await storedPhotos(memorial.id, owner.id, FREE_PHOTO_LIMIT - 1);
    const answers = await Promise.all([uploadPhoto(memorial.id, owner.cookie), uploadPhoto(memorial.id, coadmin.cookie)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    expect(await galleryRows(memorial.id)).toBe(FREE_PHOTO_LIMIT);
  });

  it('refuses a film, uploaded or from YouTube, and stores nothing of it', async () => {
    const { memorial, owner } = await castMemorial(t);
    for (const refused of [await uploadVideo(memorial.id, owner.cookie), await addYoutube(memorial.id, owner.cookie)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PREMIUM_MESSAGES.video);
    }
    expect(await galleryRows(memorial.id)).toBe(0);
    expect(await storedFiles(memorial.id)).toBe(0);
  });
});

describe('Premium bought, lapsed and bought again', () => {
  it('lets Premium’s things in; when the period ends visitors see Lys, 30 photos and no film while the family sees everything flagged; paid again, all is back', async () => {
    const cast = await castMemorial(t);
    const { memorial, owner, viewer } = cast;
    await storedPhotos(memorial.id, owner.id, FREE_PHOTO_LIMIT);
    await buyPremium(cast);

    expect((await change(memorial.id, owner.cookie, { theme: 'skov' })).json()).toMatchObject({ theme: 'skov', premium: true });
    const extraPhoto = await uploadPhoto(memorial.id, owner.cookie);
    expect(extraPhoto.statusCode, extraPhoto.body).toBe(201);
    const video = await uploadVideo(memorial.id, owner.cookie);
    expect(video.statusCode, video.body).toBe(201);
    const youtube = await addYoutube(memorial.id, owner.cookie);
    expect(youtube.statusCode, youtube.body).toBe(201);
    // The gallery's order: a film first, so what is hidden is not simply the end of the list.
    expect((await t.request({ method: 'PUT', url: `/api/memorials/${memorial.id}/media/${youtube.json<MediaItem>().id}`, headers: { cookie: owner.cookie }, payload: { position: 0 } })).statusCode).toBe(200);
    expect((await change(memorial.id, owner.cookie, { portraitId: extraPhoto.json<MediaItem>().id })).statusCode).toBe(200);

    const everything = await read(memorial.id);
    expect(everything).toMatchObject({ theme: 'skov', premium: true, portraitId: extraPhoto.json<MediaItem>().id });
    expect(everything.media).toHaveLength(FREE_PHOTO_LIMIT + 3);
    expect(everything.media.some((item) => item.hiddenWithoutPremium)).toBe(false);
    expect((await visitorsPage(memorial.slug)).theme).toBe('skov');

    // A month and a bit later the period has ended: nothing has been told, time has passed. (The
    // sessions of a month ago have ended too: everyone signs in again.)
    t.clock.advance(32 * DAY_MS);
    for (const person of [owner, viewer]) person.cookie = await signIn(t, person);
    staff = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    const ordered = (await read(memorial.id, owner.cookie)).media;
    const firstPhotos = ordered.filter((item) => item.kind === 'photo').slice(0, FREE_PHOTO_LIMIT).map((item) => item.id);
    for (const seen of [await read(memorial.id), await read(memorial.id, viewer.cookie), await visitorsPage(memorial.slug)]) {
      expect(seen).toMatchObject({ theme: 'lys', premium: false, portraitId: firstPhotos.includes(extraPhoto.json<MediaItem>().id) ? extraPhoto.json<MediaItem>().id : null });
      expect(seen.media.map((item) => item.id)).toEqual(firstPhotos);
      expect(seen.media.some((item) => item.kind !== 'photo' || item.hiddenWithoutPremium !== undefined)).toBe(false);
    }

    // The family still has everything, and sees what waits for Premium.
    const family = await read(memorial.id, owner.cookie);
    expect(family).toMatchObject({ theme: 'skov', premium: false });
    expect(family.media).toHaveLength(FREE_PHOTO_LIMIT + 3);
    const hidden = family.media.filter((item) => item.hiddenWithoutPremium).map((item) => item.id);
    expect(new Set(hidden)).toEqual(new Set([video.json<MediaItem>().id, youtube.json<MediaItem>().id, ...ordered.filter((item) => item.kind === 'photo').slice(FREE_PHOTO_LIMIT).map((item) => item.id)]));
    expect(hidden).toHaveLength(3);

    // Lapsed: keeping the theme it has is no new choice, a new Premium theme or film is refused.
    expect((await change(memorial.id, owner.cookie, { theme: 'skov', layout: 'enhanced' })).statusCode).toBe(200);
    expect((await change(memorial.id, owner.cookie, { theme: 'rosa' })).statusCode).toBe(403);
    expect((await addYoutube(memorial.id, owner.cookie)).statusCode).toBe(403);
    expect((await uploadPhoto(memorial.id, owner.cookie)).statusCode).toBe(403);

    // Candles, greetings and moderation are free, always.
    const candle = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/candles`, payload: { name: 'Ida' } });
    expect(candle.statusCode, candle.body).toBe(201);
    const greeting = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/guestbook`, payload: { name: 'Jens', message: 'Tak for alt.' } });
    expect(greeting.statusCode, greeting.body).toBe(201);
    const moderated = await t.request({
      method: 'POST',
      url: `/api/memorials/${memorial.id}/posts/moderate`,
      headers: { cookie: owner.cookie },
      payload: { ids: [candle.json().id, greeting.json().id], action: 'approve' },
    });
    expect(moderated.statusCode, moderated.body).toBe(200);
    const posts = (await t.request({ method: 'GET', url: `/api/memorials/${memorial.id}/posts` })).json();
    expect(posts.candles).toBe(1);
    expect(posts.posts.map((post: { name: string }) => post.name).sort()).toEqual(['Ida', 'Jens']);

    // Paid again: all of it is back, on the page's HTML at once.
    const orderId = await buyPremium(cast);
    for (const seen of [await read(memorial.id), await visitorsPage(memorial.slug)]) {
      expect(seen).toMatchObject({ theme: 'skov', premium: true, layout: 'enhanced' });
      expect(seen.media.map((item) => item.id)).toEqual(family.media.map((item) => item.id));
    }

    // Refunded, the Premium it bought no longer counts: visitors see the free page again at once.
    const refund = await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: { cookie: staff }, payload: { reason: 'Fortrudt' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await visitorsPage(memorial.slug)).theme).toBe('lys');
    expect(await galleryRows(memorial.id)).toBe(FREE_PHOTO_LIMIT + 3);
    const rows = await t.database.db.select().from(memorialMedia).where(and(eq(memorialMedia.memorialId, memorial.id), eq(memorialMedia.kind, 'video')));
    expect(rows).toHaveLength(1);
  });
});
