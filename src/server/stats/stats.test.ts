/**
 * Visit and scan statistics on a real database (embedded, or PostgreSQL when DATABASE_URL is set):
 * the in-memory counter's writes (exact, additive, kept when the database is away, by the Danish
 * day), visits counted where the memorial page is served and scans where a stone is scanned, and
 * GET /api/memorials/{id}/stats for each person who may or may not ask.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode } from '../../../tests/support/factories';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { STATS_DAYS, type MemorialStats } from '../../shared/stats-api';
import type { Db } from '../db/connection';
import { memorialDailyStats, memorialPosts } from '../db/schema';
import { createStatsCounter } from './counter';
import { danishDay } from '../lib/daily';
import { daysEnding } from './days';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html lang="da"><head><title>Mindested</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({}, { clientDir });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const stored = async (memorialId: string) =>
  (await t.database.db.select().from(memorialDailyStats).where(eq(memorialDailyStats.memorialId, memorialId))).map(({ day, visits, scans }) => ({ day, visits, scans }));

const statsOf = async (memorialId: string, cookie?: string) => t.request({ method: 'GET', url: `/api/memorials/${memorialId}/stats`, headers: cookie ? { cookie } : {} });

const openPage = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });

describe('the counter', () => {
  /** A counter of the test's own, with a clock it sets and a timer that never fires by itself. */
  function counter(start: string, db: Db = t.database.db) {
    let at = new Date(start);
    const stats = createStatsCounter(db, () => at, { flushMs: 3_600_000 });
    return { stats, set: (iso: string) => void (at = new Date(iso)) };
  }

  it('writes exactly what was counted, and two flushes add up', async () => {
    const { memorial } = await castMemorial(t);
    const { stats } = counter('2026-11-01T10:00:00Z');
    for (let i = 0; i < 7; i++) stats.visited(memorial.id);
    for (let i = 0; i < 3; i++) stats.scanned(memorial.id);
    expect(stats.unsent(memorial.id)).toEqual([{ memorialId: memorial.id, day: '2026-11-01', visits: 7, scans: 3 }]);
    await stats.flush();
    expect(await stored(memorial.id)).toEqual([{ day: '2026-11-01', visits: 7, scans: 3 }]);
    expect(stats.unsent(memorial.id)).toEqual([]);

    for (let i = 0; i < 5; i++) stats.visited(memorial.id);
    await stats.flush();
    await stats.flush();
    expect(await stored(memorial.id)).toEqual([{ day: '2026-11-01', visits: 12, scans: 3 }]);
    await stats.close();
  });

  it('keeps the counts when a write fails, and writes them with the next', async () => {
    const { memorial } = await castMemorial(t);
    let failing = true;
    const flaky = new Proxy(t.database.db, {
      get(target, name, receiver) {
        if (name === 'execute' && failing) return () => Promise.reject(new Error('database away'));
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const { stats } = counter('2026-11-01T10:00:00Z', flaky);
    stats.visited(memorial.id);
    stats.visited(memorial.id);
    await stats.flush();
    expect(await stored(memorial.id)).toEqual([]);
    expect(stats.unsent(memorial.id)).toEqual([{ memorialId: memorial.id, day: '2026-11-01', visits: 2, scans: 0 }]);

    stats.scanned(memorial.id);
    failing = false;
    await stats.close();
    expect(await stored(memorial.id)).toEqual([{ day: '2026-11-01', visits: 2, scans: 1 }]);
  });

  it('counts by the Danish calendar day, summer and winter', async () => {
    const { memorial } = await castMemorial(t);
    const { stats, set } = counter('2026-06-30T21:59:59Z');
    stats.visited(memorial.id); // 23:59:59 in Copenhagen (summer time, UTC+2)
    set('2026-06-30T22:00:00Z');
    stats.visited(memorial.id); // midnight: 1 July
    set('2026-12-31T22:59:59Z');
    stats.scanned(memorial.id); // 23:59:59 on New Year's Eve (UTC+1)
    set('2026-12-31T23:00:00Z');
    stats.scanned(memorial.id);
    await stats.close();
    const rows = (await stored(memorial.id)).sort((a, b) => a.day.localeCompare(b.day));
    expect(rows).toEqual([
      { day: '2026-06-30', visits: 1, scans: 0 },
      { day: '2026-07-01', visits: 1, scans: 0 },
      { day: '2026-12-31', visits: 0, scans: 1 },
      { day: '2027-01-01', visits: 0, scans: 1 },
    ]);
  });

  it('names 90 days ending today, across a change to winter time', () => {
    expect(danishDay(new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    const days = daysEnding('2026-11-01', 90);
    expect(days).toHaveLength(90);
    expect(days[0]).toBe('2026-08-04');
    expect(days.at(-1)).toBe('2026-11-01');
    expect(new Set(days).size).toBe(90);
  });
});

describe('visits and scans as they happen', () => {
  let cast: Cast;
  beforeAll(async () => {
    cast = await castMemorial(t);
  });
  const unsent = () => t.app.deps.stats.unsent(cast.memorial.id).reduce((sum, c) => ({ visits: sum.visits + c.visits, scans: sum.scans + c.scans }), { visits: 0, scans: 0 });

  it('counts a browser opening the page, cached or not, but not the family, a bot, a HEAD or the page’s API calls', async () => {
    await t.app.deps.stats.flush();
    const before = unsent();
    // A visitor twice (the second from the page cache), by id and by address.
    expect((await openPage(`/memorial/${cast.memorial.id}`)).statusCode).toBe(200);
    expect((await openPage(`/memorial/${cast.memorial.slug}`)).statusCode).toBe(200);
    expect((await openPage(`/classic-memorial/${cast.memorial.slug}`)).statusCode).toBe(200);
    // Signed in but not one of its administrators: a visitor too.
    expect((await openPage(`/memorial/${cast.memorial.slug}`, { cookie: cast.viewer.cookie })).statusCode).toBe(200);
    expect((await openPage(`/memorial/${cast.memorial.slug}`, { cookie: cast.stranger.cookie })).statusCode).toBe(200);
    expect(unsent().visits - before.visits).toBe(5);

    // Not counted:
    await openPage(`/memorial/${cast.memorial.slug}`, { cookie: cast.owner.cookie });
    await openPage(`/memorial/${cast.memorial.slug}`, { cookie: cast.coadmin.cookie });
    await openPage(`/memorial/${cast.memorial.slug}`, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await openPage(`/memorial/${cast.memorial.slug}`, { 'user-agent': 'facebookexternalhit/1.1' });
    // The link previews families send most (a memorial's address shared in a chat), and automation.
    await openPage(`/memorial/${cast.memorial.slug}`, { 'user-agent': 'WhatsApp/2.24.2.76 A' });
    await openPage(`/memorial/${cast.memorial.slug}`, { 'user-agent': 'TelegramBot (like TwitterBot)' });
    await openPage(`/memorial/${cast.memorial.slug}`, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36' });
    await openPage(`/memorial/${cast.memorial.slug}`, { 'sec-purpose': 'prefetch' });
    await t.request({ method: 'HEAD', url: `/memorial/${cast.memorial.slug}`, headers: { 'user-agent': BROWSER } });
    await openPage(`/memorial/${cast.memorial.slug}`, { 'user-agent': '' });
    await openPage(`/api/memorials/${cast.memorial.id}`);
    await openPage(`/api/memorials/${cast.memorial.id}/posts`);
    await openPage('/memorial/findes-ikke');
    expect(unsent().visits - before.visits).toBe(5);
  });

  it('does not count a private memorial’s page for someone who may not see it', async () => {
    const closed = await castMemorial(t, { privacy: 'private' });
    expect((await openPage(`/memorial/${closed.memorial.slug}`)).statusCode).toBe(404);
    expect((await openPage(`/memorial/${closed.memorial.slug}`, { cookie: closed.stranger.cookie })).statusCode).toBe(404);
    expect((await openPage(`/memorial/${closed.memorial.slug}`, { cookie: closed.viewer.cookie })).statusCode).toBe(200);
    expect(t.app.deps.stats.unsent(closed.memorial.id)).toEqual([expect.objectContaining({ visits: 1 })]);
  });

  it('counts a scan of a linked stone, for both people on a shared one, and nothing for an unlinked code', async () => {
    const other = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: cast.owner.cookie }, payload: { name: 'Poul Jensen' } });
    const second = other.json<{ id: string }>().id;
    const { code } = await createCode(t.database.db);
    expect((await t.request({ method: 'POST', url: `/api/qr-codes/${code}/lock`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(200);
    const free = await createCode(t.database.db);
    const scan = async (c: string) => expect((await t.request({ method: 'GET', url: `/api/qr-codes/${c}/scan` })).statusCode).toBe(200);
    await scan(code); // locked, not linked yet
    await scan(free.code);
    const before = unsent();
    expect(before.scans).toBe(0);

    const linked = await t.request({ method: 'POST', url: `/api/qr-codes/${code}/link`, headers: { cookie: cast.owner.cookie }, payload: { memorial: cast.memorial.id, secondMemorial: second } });
    expect(linked.statusCode, linked.body).toBe(200);
    await scan(code);
    await scan(code);
    expect(unsent().scans).toBe(2);
    expect(t.app.deps.stats.unsent(second)).toEqual([expect.objectContaining({ scans: 2, visits: 0 })]);
  });
});

describe('GET /api/memorials/{id}/stats', () => {
  it('is for the owner and co-admins; a viewer or another user is refused, a visitor must log in, a private memorial is not found', async () => {
    const { memorial, owner, coadmin, viewer, stranger } = await castMemorial(t);
    expect((await statsOf(memorial.id, owner.cookie)).statusCode).toBe(200);
    expect((await statsOf(memorial.slug, coadmin.cookie)).statusCode).toBe(200);
    expect((await statsOf(memorial.id, viewer.cookie)).statusCode).toBe(403);
    expect((await statsOf(memorial.id, stranger.cookie)).statusCode).toBe(403);
    expect((await statsOf(memorial.id)).statusCode).toBe(401);
    const closed = await castMemorial(t, { privacy: 'private' });
    expect((await statsOf(closed.memorial.id, closed.stranger.cookie)).statusCode).toBe(404);
    expect((await statsOf(closed.memorial.id, closed.viewer.cookie)).statusCode).toBe(403);
    expect((await statsOf('00000000-0000-4000-8000-000000000000', owner.cookie)).statusCode).toBe(404);
  });

  it('gives 90 days ending today in Denmark, every day present, zeros where nothing happened', async () => {
    const { memorial, owner } = await castMemorial(t);
    const response = await statsOf(memorial.id, owner.cookie);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stats = response.json<MemorialStats>();
    expect(stats.days).toHaveLength(STATS_DAYS);
    expect(stats.to).toBe(danishDay(t.clock.now()));
    expect(stats.days.map((d) => d.day)).toEqual(daysEnding(stats.to, STATS_DAYS));
    expect(stats.from).toBe(stats.days[0]!.day);
    expect(stats.days.every((d) => d.visits === 0 && d.scans === 0 && d.candles === 0)).toBe(true);
    expect(stats.totals).toEqual({ visits: 0, scans: 0, candles: 0 });
  });

  it('adds stored days, this server’s unwritten counts and candles by Danish day; rejected candles and days outside the window are left out', async () => {
    const { memorial, owner } = await castMemorial(t);
    const db = t.database.db;
    const today = danishDay(t.clock.now());
    const days = daysEnding(today, STATS_DAYS + 1);
    await db.insert(memorialDailyStats).values([
      { memorialId: memorial.id, day: days[0]!, visits: 1000, scans: 1000 }, // the 91st day back: outside
      { memorialId: memorial.id, day: days[1]!, visits: 4, scans: 1 },
      { memorialId: memorial.id, day: today, visits: 10, scans: 2 },
    ]);
    // Visitors now, not written yet.
    expect((await openPage(`/memorial/${memorial.slug}`)).statusCode).toBe(200);
    expect((await openPage(`/memorial/${memorial.slug}`)).statusCode).toBe(200);

    const lit = (createdAt: Date, status: 'approved' | 'pending' | 'rejected' | 'hidden' = 'approved', kind: 'candle' | 'guestbook' = 'candle') => ({
      memorialId: memorial.id,
      kind,
      status,
      name: 'Ida',
      createdAt,
    });
    const now = t.clock.now(); // 2026-11-01T10:00Z, 11:00 in Copenhagen
    await db.insert(memorialPosts).values([
      lit(now),
      lit(now, 'pending'),
      lit(now, 'rejected'),
      lit(now, 'hidden'),
      lit(now, 'approved', 'guestbook'),
      // 00:30 on 1 November in Copenhagen is still 31 October in UTC.
      lit(new Date('2026-10-31T23:30:00Z')),
      // 23:30 on 31 October in Copenhagen.
      lit(new Date('2026-10-31T22:30:00Z')),
    ] as (typeof memorialPosts.$inferInsert)[]);

    const stats = (await statsOf(memorial.id, owner.cookie)).json<MemorialStats>();
    const on = (day: string) => stats.days.find((d) => d.day === day);
    expect(stats.days[0]).toEqual({ day: days[1], visits: 4, scans: 1, candles: 0 });
    expect(on(today)).toEqual({ day: today, visits: 12, scans: 2, candles: 3 });
    expect(on('2026-10-31')).toEqual({ day: '2026-10-31', visits: 0, scans: 0, candles: 1 });
    expect(stats.totals).toEqual({ visits: 16, scans: 3, candles: 4 });

    // Written or not, the answer is the same.
    await t.app.deps.stats.flush();
    expect((await statsOf(memorial.id, owner.cookie)).json<MemorialStats>().totals).toEqual({ visits: 16, scans: 3, candles: 4 });
    const [row] = await db.select().from(memorialDailyStats).where(and(eq(memorialDailyStats.memorialId, memorial.id), eq(memorialDailyStats.day, today)));
    expect(row).toMatchObject({ visits: 12, scans: 2 });
  });
});
