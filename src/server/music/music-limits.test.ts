/**
 * A song over the size limit is refused in Danish while it is still arriving, and nothing is kept.
 * The app is built with a small limit for sound, so the test goes past it in a megabyte; the file
 * is a two-hour WAV at CD quality (1.27 GB by its header), made as it is sent and never held whole.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavStream } from '../../../tests/support/audio';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { MULTIPART_CONTENT_TYPE, MULTIPART_TAIL, multipartHead } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import { memorialSongs } from '../db/schema';

const AUDIO_LIMIT = 1024 * 1024;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { uploadLimits: { audio: AUDIO_LIMIT } });
});
afterAll(async () => {
  await t.close();
});

describe('a song over the size limit', () => {
  it('is refused with the size message however long the stream goes on, and nothing is stored', async () => {
    const cast = await castMemorial(t);
    await givePremium(t.database.db, cast.memorial.id);
    let sent = 0;
    const file = wavStream({ seconds: 7200, stopAfterBytes: 8 * AUDIO_LIMIT });
    const payload = Readable.from(
      (async function* () {
        yield multipartHead({ title: 'Hele koncerten' }, { field: 'file', filename: 'koncert.wav', contentType: 'audio/wav' });
        for await (const chunk of file) {
          sent += (chunk as Buffer).length;
          yield chunk as Buffer;
        }
        yield MULTIPART_TAIL;
      })(),
    );
    const refused = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/music`, payload, headers: { 'content-type': MULTIPART_CONTENT_TYPE, cookie: cast.owner.cookie } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(MEDIA_MESSAGES.tooLarge('audio'));
    // The sentence names the product's limit; the test's small one only makes it quick to pass.
    expect(refused.json().message).toBe('Lydfilen fylder for meget. Den må højst fylde 100 MB.');
    expect(sent).toBeGreaterThan(AUDIO_LIMIT);
    expect(await t.database.db.select().from(memorialSongs)).toEqual([]);
    expect(await t.app.deps.storage.deletePrefix(`memorials/${cast.memorial.id}/`)).toBe(0);
  });
});
