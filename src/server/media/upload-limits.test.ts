/**
 * An upload over its kind's limit is refused in Danish and nothing of it is kept, on a real
 * database (embedded, or PostgreSQL when DATABASE_URL is set). The app is built with small limits
 * so a test goes past them in kilobytes; the parser's limit follows them, as it follows the real
 * 25 MB and 500 MB. A file the parser cut off is never taken for a whole one.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, VIDEO_HEADS, createImageDir, writeImage } from '../../../tests/support/images';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { multipartForm } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MediaItem } from '../../shared/media';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import { memorialMedia } from '../db/schema';
import { HttpError } from '../lib/errors';
import { receiveUpload } from './service';

const LIMITS = { photo: 40_000, video: 100_000 };
let t: TestApp;
let images: ImageDir;

beforeAll(async () => {
  t = await createTestApp({}, { uploadLimits: LIMITS });
  images = await createImageDir();
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

const video = (bytes: number) => Buffer.concat([VIDEO_HEADS.mp4, Buffer.alloc(bytes - VIDEO_HEADS.mp4.length, 7)]);

describe('a video over the limit', () => {
  it('is refused with the size message and nothing is stored; one at the limit is kept whole', async () => {
    const cast = await castMemorial(t);
    // Films are Premium's: the size is what is tested here.
    await givePremium(t.database.db, cast.memorial.id);
    const send = (content: Buffer) => {
      const body = multipartForm({ caption: 'Guldbryllup' }, { field: 'file', filename: 'film.mp4', contentType: 'video/mp4', content });
      return t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/media`, payload: body.payload, headers: { ...body.headers, cookie: cast.owner.cookie } });
    };
    for (const bytes of [LIMITS.video + 1, LIMITS.video + 10_000]) {
      const refused = await send(video(bytes));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(MEDIA_MESSAGES.tooLarge('video'));
    }
    expect(await t.database.db.select().from(memorialMedia)).toEqual([]);
    expect(await t.app.deps.storage.deletePrefix(`memorials/${cast.memorial.id}/`)).toBe(0);

    const whole = video(LIMITS.video);
    const kept = await send(whole);
    expect(kept.statusCode, kept.body).toBe(201);
    const served = await t.request({ method: 'GET', url: kept.json<MediaItem>().videoUrl! });
    expect(served.rawPayload.equals(whole)).toBe(true);
  });
});

describe('a shared memory\'s photo over the limit', () => {
  it('is refused with the photo size message', async () => {
    const cast = await castMemorial(t);
    const jpeg = await readFile(await writeImage(images.dir, 'lille.jpg', 'jpeg', { width: 40, height: 40 }));
    const body = multipartForm({ name: 'Ole', message: 'Tak for alt' }, { field: 'photo', filename: 'stor.jpg', contentType: 'image/jpeg', content: Buffer.concat([jpeg, Buffer.alloc(LIMITS.photo)]) });
    const refused = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/memories`, payload: body.payload, headers: body.headers });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: MEDIA_MESSAGES.tooLarge('photo'), field: 'photo' });
  });
});

describe('receiveUpload', () => {
  it('refuses a file the parser cut off, however few bytes arrived', async () => {
    const stream = Object.assign(Readable.from([video(1000)]), { truncated: true });
    let handled = false;
    const refused = await receiveUpload({ stream, filename: 'film.mp4', mimetype: 'video/mp4' }, async () => void (handled = true), { limits: LIMITS }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toBe(MEDIA_MESSAGES.tooLarge('video'));
    expect(handled).toBe(false);
  });
});
