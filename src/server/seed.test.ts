/**
 * The demo data: an account, codes, and two complete memorials whose photos went through the real
 * pipeline, readable by any visitor through the ordinary API, seeded once and never twice. And the
 * cache that keeps the seed from re-encoding the photos on every fresh database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/support/test-app';
import { DEMO_MEMORIAL_SLUGS } from '../shared/demo-memorials';
import type { Memorial } from '../shared/memorials';
import { createTestDatabase } from '../../tests/support/test-database';
import { users } from './db/schema';
import { DEMO_MEMORIALS, seedDemoMemorials } from './demo/memorials';
import { gardenFlowers } from './demo/paintings';
import { demoPhoto } from './demo/photo-cache';
import { type Storage, createStorage } from './lib/storage';
import { sanitizeLifeStory } from './memorials/life-story';
import { baseSlug } from './memorials/slug';
import { DEMO_LOGIN, demoSummary, seedDemoIfEmpty } from './seed';

let t: TestApp;
let storage: Storage;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'mindested-seed-media-'));
  storage = createStorage({ kind: 'disk', root: mediaDir });
  t = await createTestApp({}, { storage });
  // The first run on a machine fills the photo cache (slow, once); what is timed below is the start
  // of every later fresh database, which is what each browser-test server does.
  for (const demo of DEMO_MEMORIALS) for (const photo of demo.photos) await demoPhoto(photo.painting());
  expect(await seedDemoIfEmpty(t.database.db, { randomBytes, now: t.clock.now, storage })).toBe(true);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const read = async (slug: string) => {
  const response = await t.request({ method: 'GET', url: `/api/memorials/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Memorial>();
};

describe('the demo seed', () => {
  it('creates two complete public memorials, one in each layout, at their fixed addresses', async () => {
    const classic = await read(DEMO_MEMORIAL_SLUGS.classic);
    const enhanced = await read(DEMO_MEMORIAL_SLUGS.enhanced);
    expect(classic.layout).toBe('classic');
    expect(enhanced.layout).toBe('enhanced');
    expect(classic.theme).not.toBe(enhanced.theme);
    // Our own showcase has Premium for good, so visitors see it in its Premium themes.
    expect([classic.theme, enhanced.theme]).toEqual(['rosa', 'hav']);
    expect([classic.premium, enhanced.premium]).toEqual([true, true]);
    for (const memorial of [classic, enhanced]) {
      // The address a family would have got for the same name and dates.
      expect(memorial.slug).toBe(baseSlug(memorial.name, memorial.birthDate, memorial.deathDate));
      expect(memorial).toMatchObject({ privacy: 'public', deletedAt: null, viewer: { role: null, canEdit: false } });
      for (const field of ['name', 'birthDate', 'deathDate', 'birthPlace', 'deathPlace', 'epitaph', 'lifeStory'] as const) expect(memorial[field]).toBeTruthy();
      expect(memorial.restingPlace.cemetery).toMatch(/Kirkegård/);
      expect(memorial.restingPlace.section).not.toBe('');
      expect(memorial.restingPlace.graveNumber).not.toBe('');
      // In Denmark.
      expect(memorial.restingPlace.latitude).toBeGreaterThan(54.5);
      expect(memorial.restingPlace.latitude).toBeLessThan(57.8);
      expect(memorial.restingPlace.longitude).toBeGreaterThan(8);
      expect(memorial.restingPlace.longitude).toBeLessThan(15.2);
      expect(memorial.timeline.length).toBeGreaterThanOrEqual(6);
      expect(memorial.timeline.length).toBeLessThanOrEqual(8);
      // Already within the allow-list: the sanitiser changes nothing, so the story reads as written.
      expect(sanitizeLifeStory(memorial.lifeStory)).toBe(memorial.lifeStory);
      expect(memorial.lifeStory).toMatch(/<h2>/);
      expect(memorial.media.length).toBeGreaterThanOrEqual(5);
      expect(memorial.media.every((item) => item.kind === 'photo' && item.caption.length > 0)).toBe(true);
      expect(memorial.media.map((item) => item.position)).toEqual(memorial.media.map((_, index) => index));
      expect(memorial.media.some((item) => item.id === memorial.portraitId)).toBe(true);
    }
    expect(enhanced.media.some((item) => item.id === enhanced.coverId)).toBe(true);
    expect(classic.coverId).toBeNull();
  });

  it('stores every photo as real variants in AVIF, WebP and JPEG, served at /media', async () => {
    const enhanced = await read(DEMO_MEMORIAL_SLUGS.enhanced);
    const cover = enhanced.media.find((item) => item.id === enhanced.coverId)!;
    expect(new Set(cover.variants.map((variant) => variant.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect(cover.variants.filter((variant) => variant.format === 'jpeg').map((variant) => variant.width)).toEqual([320, 640, 960, 1440, 1920]);
    expect(cover.placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const variant of cover.variants.filter((v) => v.width === 640)) {
      const response = await t.request({ method: 'GET', url: variant.url });
      expect(response.statusCode).toBe(200);
      const metadata = await sharp(response.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width }).toEqual({ format: variant.format === 'avif' ? 'heif' : variant.format, width: 640 });
      expect(metadata.exif).toBeUndefined();
      expect(response.rawPayload.length).toBe(variant.bytes);
    }
  });

  it('names the demo memorials in the start-up summary, and seeds nothing a second time', async () => {
    const summary = await demoSummary(t.database.db);
    expect(summary?.claimed).toHaveLength(1);
    expect(summary?.free).toHaveLength(3);
    expect(summary?.memorials).toEqual([
      { name: 'Karen Margrethe Lund', layout: 'classic', path: `/memorial/${DEMO_MEMORIAL_SLUGS.classic}` },
      { name: 'Poul Erik Mikkelsen', layout: 'enhanced', path: `/memorial/${DEMO_MEMORIAL_SLUGS.enhanced}` },
    ]);
    expect(await seedDemoIfEmpty(t.database.db, { randomBytes, now: t.clock.now, storage })).toBe(false);
    expect((await demoSummary(t.database.db))?.memorials).toHaveLength(2);
    expect((await read(DEMO_MEMORIAL_SLUGS.classic)).media).toHaveLength(DEMO_MEMORIALS[0]!.photos.length);
  });

  it('lets the demo account log in and edit its memorials', async () => {
    const login = await t.request({ method: 'POST', url: '/api/login?t=1', payload: DEMO_LOGIN });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const mine = await t.request({ method: 'GET', url: '/api/user/memorials', headers: { cookie } });
    expect(mine.json<{ memorials: { slug: string; role: string }[] }>().memorials.map((m) => [m.slug, m.role]).sort()).toEqual([
      [DEMO_MEMORIAL_SLUGS.classic, 'owner'],
      [DEMO_MEMORIAL_SLUGS.enhanced, 'owner'],
    ]);
  });

  it('adds well under two seconds to a start once the photos are cached', async () => {
    // What the demo memorials add to a fresh database's first start (the account and codes were
    // seeded before them), as every browser-test server does it.
    const fresh = await createTestDatabase();
    const freshMedia = await mkdtemp(path.join(tmpdir(), 'mindested-seed-media-'));
    try {
      const [owner] = await fresh.db.insert(users).values({ fullName: 'Familien Test', username: 'tid', email: 'tid@example.com', passwordHash: 'x' }).returning();
      const started = performance.now();
      await seedDemoMemorials(fresh.db, createStorage({ kind: 'disk', root: freshMedia }), owner!.id, t.clock.now());
      expect((performance.now() - started) / 1000).toBeLessThan(2);
      expect(await readdir(freshMedia, { recursive: true })).not.toHaveLength(0);
    } finally {
      await fresh.close();
      await rm(freshMedia, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('the demo photo cache', () => {
  it('makes a photo once and reads the same bytes back afterwards', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'mindested-demo-cache-'));
    try {
      const painting = gardenFlowers({ petals: ['#ffffff'], leaves: '#88aa77' }, 'cache-test');
      const made = await demoPhoto(painting, cacheDir);
      const entries = await readdir(cacheDir);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatch(/^cache-test-[0-9a-f]{24}$/);
      const started = performance.now();
      const again = await demoPhoto(painting, cacheDir);
      expect(performance.now() - started).toBeLessThan(500);
      expect(again.variants.map((v) => [v.format, v.width, v.buffer.length])).toEqual(made.variants.map((v) => [v.format, v.width, v.buffer.length]));
      expect(again.original.equals(made.original)).toBe(true);
      expect(again.placeholder).toBe(made.placeholder);
      // Another painting is another entry, never the first one's files.
      await demoPhoto(gardenFlowers({ petals: ['#000000'], leaves: '#88aa77' }, 'cache-test'), cacheDir);
      expect(await readdir(cacheDir)).toHaveLength(2);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});
