/**
 * A person's own data (/gdpr-data-request, issue 26) on a real database with real files: the ZIP
 * holds their account, the memorials they administer (made by them or not), their candles, their
 * consents, what staff did to their account, and the photo they uploaded byte for byte; nobody
 * else's rows; no hash or secret anywhere. A visitor is refused, and a day's downloads are limited.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, createImageDir, writeJpegWithGps } from '../../../tests/support/images';
import { type Cast, castMemorial, signedInPerson, type Person } from '../../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { readZip } from '../../../tests/support/zip';
import type { MediaItem } from '../../shared/media';
import type { Memorial } from '../../shared/memorials';
import { PERSONAL_DATA_PER_DAY, PERSONAL_DATA_URL } from '../../shared/personal-data';
import { memorialMedia, memorialMembers, staffActions } from '../db/schema';
import { WITHHELD_COLUMN } from './personal-data';

let t: TestApp;
let images: ImageDir;
let person: Person;
let own: Memorial;
let theirs: Cast;
let photo: MediaItem;

async function upload(memorialId: string, cookie: string, content: Buffer) {
  const boundary = '----mindested-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="caption"\r\n\r\nMor i haven\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="mor.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, payload, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>();
}

beforeAll(async () => {
  t = await createTestApp();
  images = await createImageDir();
  person = await signedInPerson(t, 'Anna Datasen');
  own = (await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: person.cookie }, payload: { name: 'Karen Datasen' } })).json<Memorial>();
  photo = await upload(own.id, person.cookie, await readFile(await writeJpegWithGps(images.dir)));
  // Another family's memorial, where she is made a co-admin, and lights a candle.
  theirs = await castMemorial(t, { name: 'Svend Andersen' });
  await t.database.db.insert(memorialMembers).values({ memorialId: theirs.memorial.id, userId: person.id, role: 'coadmin' });
  const candle = await t.request({ method: 'POST', url: `/api/memorials/${theirs.memorial.id}/candles`, headers: { cookie: person.cookie }, payload: { name: 'Anna', message: 'Tak for alt' } });
  expect(candle.statusCode, candle.body).toBe(201);
  const consent = await t.request({
    method: 'POST',
    url: '/api/gdpr/consent',
    headers: { cookie: person.cookie },
    payload: { purpose: 'analytics', consentGiven: true, consentMethod: 'banner', legalBasis: 'consent', dataRetentionPeriod: '13 months' },
  });
  expect(consent.statusCode, consent.body).toBeLessThan(300);
  await t.database.db.insert(staffActions).values({ at: t.clock.now(), actorId: theirs.owner.id, actorName: 'Support Susanne', action: 'user.role', targetUserId: person.id, details: { to: 'user' } });
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

const download = (cookie?: string) => t.request({ method: 'GET', url: PERSONAL_DATA_URL, headers: cookie ? { cookie } : {} });

/** Every key of every object in a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

describe('a person’s own data', () => {
  it('comes as a ZIP of their rows by table, their files and a note, and nothing of anyone else’s', async () => {
    const response = await download(person.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mindested-mine-data-${t.clock.now().toISOString().slice(0, 10)}.zip"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const entries = new Map(readZip(response.rawPayload).map((entry) => [entry.name, entry.data]));
    const json = (name: string) => JSON.parse(entries.get(`data/${name}.json`)!.toString('utf8')) as Record<string, unknown>[];

    expect(entries.get('LAES-MIG.txt')!.toString('utf8')).toContain('Koder til at logge ind med og andre hemmeligheder er udeladt');
    expect(json('users')).toEqual([expect.objectContaining({ id: person.id, username: person.username, email: person.email, full_name: 'Anna Datasen' })]);
    expect(json('memorials').map((row) => row.name).sort()).toEqual(['Karen Datasen', 'Svend Andersen']);
    expect(json('memorial_members').map((row) => [row.memorial_id, row.role])).toEqual(
      expect.arrayContaining([
        [own.id, 'owner'],
        [theirs.memorial.id, 'coadmin'],
      ]),
    );
    expect(json('memorial_posts')).toEqual([expect.objectContaining({ memorial_id: theirs.memorial.id, kind: 'candle', author_id: person.id })]);
    expect(json('consent_records')).toEqual([expect.objectContaining({ purpose: 'analytics', consent_given: true })]);
    expect(json('staff_actions')).toEqual([expect.objectContaining({ action: 'user.role', target_user_id: person.id, actor_name: 'Support Susanne' })]);
    expect(json('sessions').length).toBeGreaterThan(0);

    const [stored] = await t.database.db.select({ originalKey: memorialMedia.originalKey }).from(memorialMedia).where(eq(memorialMedia.id, photo.id));
    const original = await t.app.deps.storage.get(stored!.originalKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of original!.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(entries.get(`filer/galleri/${photo.id}.jpg`)).toEqual(Buffer.concat(chunks));

    const everything = [...entries].filter(([name]) => name.startsWith('data/')).map(([, data]) => JSON.parse(data.toString('utf8')) as unknown);
    expect(keysOf(everything).filter((key) => WITHHELD_COLUMN.test(key))).toEqual([]);
    const text = [...entries].filter(([name]) => name.startsWith('data/')).map(([, data]) => data.toString('utf8')).join('\n');
    for (const someoneElse of [theirs.coadmin, theirs.viewer, theirs.stranger]) expect(text).not.toContain(someoneElse.email);
  });

  it('is refused to a visitor, and limited to a number of downloads a day', async () => {
    expect((await download()).statusCode).toBe(401);
    const other = await signedInPerson(t);
    for (let i = 0; i < PERSONAL_DATA_PER_DAY; i += 1) expect((await download(other.cookie)).statusCode).toBe(200);
    const refused = await download(other.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^For mange forsøg/);
  });
});
