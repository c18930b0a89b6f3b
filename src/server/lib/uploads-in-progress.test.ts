import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { type ImageDir, createImageDir, writeImage } from '../../../tests/support/images';
import { mp3 } from '../../../tests/support/audio';
import { multipartForm } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { uploadsInProgress } from '../db/schema';
import { runAllPurges } from '../privacy/purges';
import { ABANDONED_AFTER_MS, storing, sweepAbandonedUploads } from './uploads-in-progress';

let t: TestApp;
let images: ImageDir;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  images = await createImageDir();
  owner = await signIn(t, await createUser(t.database.db));
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

function upload(memorialId: string, content: Buffer) {
  const boundary = '----mindested-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner } });
}

const inProgress = () => t.database.db.select().from(uploadsInProgress);

/** What a server killed between storing an upload's files and writing its row leaves behind. */
async function halfStored(folder: string, at: Date) {
  await storing(t.database.db, folder, at);
  await t.app.deps.storage.put(`${folder}original.jpg`, Buffer.from('jpeg'), { contentType: 'image/jpeg' });
  await t.app.deps.storage.put(`${folder}w640.webp`, Buffer.from('webp'), { contentType: 'image/webp' });
}

describe('uploads in progress', () => {
  it('a finished upload is crossed out in the transaction that writes its row; a refused one leaves neither a mark nor a file', async () => {
    const memorial = (await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner }, payload: { name: 'Karen Jensen' } })).json<Memorial>();
    const photo = await readFile(await writeImage(images.dir, 'foto.jpg', 'jpeg', { width: 300, height: 200 }));
    const response = await upload(memorial.id, photo);
    expect(response.statusCode, response.body).toBe(201);
    expect(await inProgress()).toEqual([]);
    // A file that is not what it claims is refused before anything is stored.
    expect((await upload(memorial.id, Buffer.from('ikke et billede'))).statusCode).toBe(400);
    expect(await inProgress()).toEqual([]);
    expect(await t.app.deps.storage.deletePrefix(`memorials/${memorial.id}/`)).toBeGreaterThan(0);
  });

  it("a song's and a memory photo's folders are crossed out with their rows too", async () => {
    const memorial = (await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner }, payload: { name: 'Poul Hansen' } })).json<Memorial>();
    await givePremium(t.database.db, memorial.id);
    const song = multipartForm({ title: 'Barndommens gade' }, { field: 'file', filename: 'sang.mp3', contentType: 'audio/mpeg', content: mp3({ seconds: 3 }) });
    const songAnswer = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/music`, payload: song.payload, headers: { ...song.headers, cookie: owner } });
    expect(songAnswer.statusCode, songAnswer.body).toBe(201);
    const photo = await readFile(await writeImage(images.dir, 'minde.jpg', 'jpeg', { width: 300, height: 200 }));
    const memory = multipartForm({ name: 'Ole', message: 'Tak for turene i skoven.', website: '' }, { field: 'photo', filename: 'minde.jpg', contentType: 'image/jpeg', content: photo });
    const memoryAnswer = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/memories`, payload: memory.payload, headers: memory.headers });
    expect(memoryAnswer.statusCode, memoryAnswer.body).toBe(201);
    expect(await inProgress()).toEqual([]);
    expect(await t.app.deps.storage.deletePrefix(`memorials/${memorial.id}/`)).toBeGreaterThan(1);
  });

  it("removes the files of an upload a killed server left half-stored, once an hour has passed and not before", async () => {
    const started = new Date('2026-11-30T10:00:00Z');
    await halfStored('memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/', started);
    await halfStored('memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000003/', new Date(started.getTime() + 30 * 60_000));

    // Still within the hour: an upload to a slow bucket may be storing it right now.
    expect(await sweepAbandonedUploads(t.app.deps, new Date(started.getTime() + ABANDONED_AFTER_MS - 1000))).toBe(0);
    expect(await t.app.deps.storage.head('memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/original.jpg')).not.toBeNull();

    expect(await sweepAbandonedUploads(t.app.deps, new Date(started.getTime() + ABANDONED_AFTER_MS))).toBe(1);
    expect(await t.app.deps.storage.head('memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/original.jpg')).toBeNull();
    expect(await t.app.deps.storage.head('memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002/w640.webp')).toBeNull();
    // The younger one waits for its own hour; the CLI's purge (every purge at once) takes it then.
    expect((await inProgress()).map((row) => row.folder)).toEqual(['memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000003/']);
    const report = await runAllPurges(t.app.deps, new Date(started.getTime() + 2 * ABANDONED_AFTER_MS));
    expect(report.abandonedUploads).toBe(1);
    expect(await inProgress()).toEqual([]);
    expect(await t.app.deps.storage.head('memorials/00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000003/original.jpg')).toBeNull();
  });
});
