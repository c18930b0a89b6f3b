/**
 * /privacy's promises about keeping data, on a real database with real files and a clock the test
 * moves: a deleted memorial goes for ever after 30 days with every file, row and QR link, and not a
 * day before; a rejected post goes at the next daily run; the limits' addresses go when their
 * window ends; messages to us and consent records go after the periods the pages state.
 */
import { readFile } from 'node:fs/promises';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { type ImageDir, createImageDir, writeJpegWithGps } from '../../../tests/support/images';
import { multipartForm } from '../../../tests/support/multipart';
import { signIn, signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MediaItem } from '../../shared/media';
import type { Memorial } from '../../shared/memorials';
import {
  consentRecords,
  contactMessages,
  memorialDailyStats,
  memorialInvitations,
  memorialMedia,
  memorialMembers,
  memorialPosts,
  memorials,
  notifications,
  qrCodeEvents,
  qrCodes,
  rateLimits,
  sessions,
} from '../db/schema';
import { createDailySchedule } from '../lib/daily';
import { PURGE_RUNS, purgeConsentRecords, purgeContactMessages, purgeDeletedMemorials, purgeExpiredSessions, purgeLimitRows } from './purges';

const DAY = 24 * 60 * 60_000;

let t: TestApp;
let images: ImageDir;
let owner: { id: string; username: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  images = await createImageDir();
  const user = await createUser(t.database.db);
  owner = { id: user.id, username: user.username, cookie: await signIn(t, user) };
});

/** A session lasts 30 days, and these tests move the clock further: the owner signs in again. */
const signInAgain = async () => void (owner.cookie = await signIn(t, owner));
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

/** Moves the test clock to `iso` (it only knows how to advance). */
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());

/** The day's purges as the server runs them: its schedule queues them, its job runner runs them. */
async function runDailyPurges() {
  await createDailySchedule({ db: t.database.db, now: t.clock.now, runs: PURGE_RUNS }).tick();
  await t.app.deps.jobs.drain();
}

async function newMemorial(name: string): Promise<Memorial> {
  const response = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner.cookie }, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Memorial>();
}

async function uploadPhoto(memorialId: string): Promise<MediaItem> {
  const content = await readFile(await writeJpegWithGps(images.dir));
  const form = multipartForm({ caption: 'Mor i haven' }, { field: 'file', filename: 'mor.jpg', contentType: 'image/jpeg', content });
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, headers: { ...form.headers, cookie: owner.cookie }, payload: form.payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>();
}

async function shareMemory(memorialId: string): Promise<void> {
  const content = await readFile(await writeJpegWithGps(images.dir, 'minde.jpg'));
  const form = multipartForm({ name: 'Anna', message: 'Sommeren 1972', website: '' }, { field: 'photo', filename: 'minde.jpg', contentType: 'image/jpeg', content });
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/memories`, headers: form.headers, payload: form.payload });
  expect(response.statusCode, response.body).toBe(201);
}

/** Every storage key of a memorial's gallery items and memory photos, as their rows name them. */
async function fileKeys(memorialId: string): Promise<string[]> {
  const media = await t.database.db.select().from(memorialMedia).where(eq(memorialMedia.memorialId, memorialId));
  const posts = await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.memorialId, memorialId));
  return [
    ...media.flatMap((row) => [row.originalKey!, ...row.variants.map((variant) => variant.key)]),
    ...posts.flatMap((row) => (row.photo ? [row.photo.originalKey, ...row.photo.variants.map((variant) => variant.key)] : [])),
  ];
}

const stored = async (keys: string[]) => (await Promise.all(keys.map((key) => t.app.deps.storage.head(key)))).filter(Boolean).length;

describe('a deleted memorial', () => {
  it('is deleted for ever with its files, rows and QR links after 30 days, and not before', async () => {
    setClock('2026-11-02T12:00:00Z');
    const doomed = await newMemorial('Karen Jensen');
    const shared = await newMemorial('Poul Jensen');
    const kept = await newMemorial('Else Hansen');
    await uploadPhoto(doomed.id);
    await uploadPhoto(kept.id);
    await shareMemory(doomed.id);
    const viewer = await signedInUser(t);
    await t.database.db.insert(memorialMembers).values({ memorialId: doomed.id, userId: viewer.id, role: 'viewer' });
    await t.database.db.insert(memorialInvitations).values({ memorialId: doomed.id, email: 'bror@example.dk', tokenHash: 'x'.repeat(64), expiresAt: new Date(t.clock.now().getTime() + 7 * DAY) });
    await t.database.db.insert(memorialDailyStats).values({ memorialId: doomed.id, day: '2026-11-02', visits: 3, scans: 1 });
    // One stone opens only this memorial; a shared stone opens it and Poul's.
    const single = await createCode(t.database.db, { status: 'claimed', claimedBy: owner.id });
    const dual = await createCode(t.database.db, { status: 'claimed', claimedBy: owner.id });
    for (const [code, body] of [
      [single.code, { memorial: doomed.id }],
      [dual.code, { memorial: doomed.id, secondMemorial: shared.id }],
    ] as const) {
      const linked = await t.request({ method: 'POST', url: `/api/qr-codes/${code}/link`, headers: { cookie: owner.cookie }, payload: body });
      expect(linked.statusCode, linked.body).toBe(200);
    }
    const doomedFiles = await fileKeys(doomed.id);
    const keptFiles = await fileKeys(kept.id);
    // A photo's original and its variants, and the memory's.
    expect(doomedFiles.length).toBeGreaterThan(6);
    expect(await stored(doomedFiles)).toBe(doomedFiles.length);
    expect((await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id))).length).toBeGreaterThan(0);

    const deleted = await t.request({ method: 'DELETE', url: `/api/memorials/${doomed.id}`, headers: { cookie: owner.cookie } });
    expect(deleted.statusCode).toBe(204);

    // A minute before 30 days are up: still restorable, so nothing is touched.
    setClock('2026-12-02T11:59:00Z');
    await runDailyPurges();
    expect(await t.database.db.select().from(memorials).where(eq(memorials.id, doomed.id))).toHaveLength(1);
    expect(await stored(doomedFiles)).toBe(doomedFiles.length);

    // The next day's run: gone.
    setClock('2026-12-03T04:30:00Z');
    await runDailyPurges();
    await signInAgain();
    const db = t.database.db;
    expect(await db.select().from(memorials).where(eq(memorials.id, doomed.id))).toEqual([]);
    for (const table of [memorialMembers, memorialMedia, memorialPosts, memorialDailyStats, memorialInvitations] as const) {
      expect(await db.select().from(table).where(eq(table.memorialId, doomed.id))).toEqual([]);
    }
    expect(await db.select().from(notifications).where(eq(notifications.userId, owner.id))).toEqual([]);
    expect(await stored(doomedFiles)).toBe(0);
    // Another memorial's files are not touched.
    expect(await stored(keptFiles)).toBe(keptFiles.length);
    expect((await t.request({ method: 'POST', url: `/api/memorials/${doomed.id}/restore`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);

    // The codes stay with the family: the single one back to claimed, the shared one opens Poul's.
    const codes = await db.select().from(qrCodes).where(inArray(qrCodes.code, [single.code, dual.code]));
    expect(codes.find((c) => c.code === single.code)).toMatchObject({ status: 'claimed', claimedBy: owner.id, memorialId: null, secondMemorialId: null });
    expect(codes.find((c) => c.code === dual.code)).toMatchObject({ status: 'linked', memorialId: shared.id, secondMemorialId: null });
    const events = await db.select().from(qrCodeEvents).where(or(eq(qrCodeEvents.code, single.code), eq(qrCodeEvents.code, dual.code)));
    const last = (code: string) => events.filter((e) => e.code === code).sort((a, b) => a.id - b.id).at(-1);
    expect(last(single.code)).toMatchObject({ fromStatus: 'linked', event: 'claimed', actorId: null, detail: { purgedMemorialId: doomed.id } });
    expect(last(dual.code)).toMatchObject({ fromStatus: 'linked', event: 'linked', actorId: null, detail: { purgedMemorialId: doomed.id } });
    const scan = await t.request({ method: 'GET', url: `/api/qr-codes/${dual.code}/scan` });
    expect(scan.json()).toMatchObject({ next: 'memorial' });

    // Running again finds nothing more.
    expect(await purgeDeletedMemorials(t.app.deps, t.clock.now())).toEqual({ memorials: 0, files: 0, codesReleased: 0 });
  });
});

describe('a rejected post', () => {
  it('is listed to the family as rejected until the next daily run, then deleted; an approved one stays', async () => {
    setClock('2026-12-10T12:00:00Z');
    await signInAgain();
    const memorial = await newMemorial('Jens Madsen');
    const [rejected, approved] = await t.database.db
      .insert(memorialPosts)
      .values([
        { memorialId: memorial.id, kind: 'guestbook', name: 'Spam', message: 'Køb billige ure' },
        { memorialId: memorial.id, kind: 'candle', name: 'Lise', message: 'Tak for alt' },
      ])
      .returning();
    for (const [id, action] of [
      [rejected!.id, 'reject'],
      [approved!.id, 'approve'],
    ] as const) {
      const decided = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/posts/moderate`, headers: { cookie: owner.cookie }, payload: { ids: [id], action } });
      expect(decided.json()).toEqual({ changed: 1 });
    }
    expect((await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.id, rejected!.id)))[0]?.status).toBe('rejected');

    setClock('2026-12-11T04:10:00Z');
    await runDailyPurges();
    const left = await t.database.db.select().from(memorialPosts).where(eq(memorialPosts.memorialId, memorial.id));
    expect(left.map((post) => post.id)).toEqual([approved!.id]);
  });
});

describe('the limits’ addresses', () => {
  it('go as soon as their window has ended, on the server’s own maintenance tick', async () => {
    const now = t.clock.now().getTime();
    const window = t.app.deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
    await t.database.db.insert(rateLimits).values([
      { key: 'post-ip:203.0.113.1', windowStart: new Date(now - window - 1000), count: 4 },
      { key: 'post-ip:203.0.113.2', windowStart: new Date(now - window + 60_000), count: 4 },
    ]);
    // The job runner's first tick runs its maintenance at once.
    t.app.deps.jobs.start(60_000);
    try {
      await vi.waitFor(async () => {
        const left = await t.database.db.select({ key: rateLimits.key }).from(rateLimits);
        expect(left.map((row) => row.key)).not.toContain('post-ip:203.0.113.1');
      });
    } finally {
      await t.app.deps.jobs.stop();
    }
    const left = await t.database.db.select().from(rateLimits);
    expect(left.map((row) => row.key)).toContain('post-ip:203.0.113.2');
    // Every window left is one that still applies (the earlier tests' ended ones went too).
    for (const row of left) expect(row.windowStart.getTime(), row.key).toBeGreaterThan(now - window);
    // And a minute later that one is gone too.
    t.clock.advance(60_000);
    await purgeLimitRows(t.app.deps, t.clock.now());
    expect(await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'post-ip:203.0.113.2'))).toEqual([]);
  });
});

describe('messages to us', () => {
  it('go 2 years after the sender’s latest message, all of that sender’s together', async () => {
    const at = new Date('2029-01-15T12:00:00Z');
    const ago = (days: number) => new Date(at.getTime() - days * DAY);
    const message = (email: string, createdAt: Date) => ({ name: 'Anna', email, subject: 'Spørgsmål', message: 'Hej', createdAt, lastActivityAt: createdAt });
    await t.database.db.insert(contactMessages).values([
      message('gammel@example.dk', ago(3 * 365)),
      message('gammel@example.dk', ago(2 * 365 + 2)),
      message('vender-tilbage@example.dk', ago(4 * 365)),
      message('vender-tilbage@example.dk', ago(300)),
      message('ny@example.dk', ago(2 * 365 - 2)),
    ]);
    expect(await purgeContactMessages(t.app.deps, at)).toBe(2);
    const left = await t.database.db.select({ email: contactMessages.email }).from(contactMessages);
    expect(left.map((row) => row.email).sort()).toEqual(['ny@example.dk', 'vender-tilbage@example.dk', 'vender-tilbage@example.dk']);
  });
});

describe('consent records', () => {
  it('go after 13 months, except the necessary cookies’ record of an existing account', async () => {
    const at = new Date('2029-06-15T12:00:00Z');
    const ago = (days: number) => new Date(at.getTime() - days * DAY);
    const record = (purpose: 'necessary' | 'analytics', recordedAt: Date, userId: string | null = null) => ({
      purpose,
      consentGiven: true,
      consentMethod: 'banner' as const,
      legalBasis: purpose === 'necessary' ? 'legal_obligation' : 'consent',
      dataRetentionPeriod: purpose === 'necessary' ? 'Account lifecycle' : '13 months',
      visitorHash: `test-${purpose}-${recordedAt.getTime()}-${userId ?? 'visitor'}`,
      userId,
      recordedAt,
    });
    const rows = await t.database.db
      .insert(consentRecords)
      .values([
        record('analytics', ago(400)), // 13 months and a bit: goes
        record('analytics', ago(380), owner.id), // 12½ months: stays
        record('necessary', ago(1200), owner.id), // the account exists: stays
        record('necessary', ago(400)), // no account: goes with the visitor cookie's 13 months
        record('necessary', ago(30)),
      ])
      .returning({ id: consentRecords.id });
    expect(await purgeConsentRecords(t.app.deps, at)).toBe(2);
    const left = await t.database.db.select({ id: consentRecords.id }).from(consentRecords);
    expect(left.map((row) => row.id).sort()).toEqual([rows[1]!.id, rows[2]!.id, rows[4]!.id].sort());
  });
});

describe('sessions', () => {
  it('go once expired (30 days), and a live one stays', async () => {
    // expires_at is set by the app's clock (created_at by the database's, which this test cannot move).
    const mine = async () => (await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.id))).map((row) => row.expiresAt.getTime());
    await signInAgain();
    t.clock.advance(30 * DAY + 60_000);
    await signInAgain();
    const now = t.clock.now().getTime();
    expect((await mine()).filter((expiresAt) => expiresAt <= now).length).toBeGreaterThanOrEqual(1);
    expect(await purgeExpiredSessions(t.app.deps, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await mine()).toEqual([now + 30 * DAY]);
    // The signed-in browser still is.
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).json()).toMatchObject({ id: owner.id });
  });
});
