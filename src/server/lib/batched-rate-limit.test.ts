import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database, Db } from '../db/connection';
import { rateLimits } from '../db/schema';
import { createBatchedRateLimiter } from './batched-rate-limit';
import { HttpError } from './errors';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const minute = 60_000;
// A timer that never fires within a test: the tests flush when they mean to.
const manual = { flushMs: 3_600_000 };

async function refused(attempt: Promise<void>): Promise<HttpError> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

/**
 * The test's database, but every statement sent with execute (the flush's upsert) waits until the
 * test releases it: a slow write, on either engine, without switching the timer off.
 */
function withSlowWrites(db: Db) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const writing = new Promise<void>((resolve) => (started = resolve));
  const slow = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (...args: Parameters<Db['execute']>) => {
        started();
        await gate;
        return target.execute(...args);
      };
    },
  });
  return { db: slow, writing, release };
}

async function stored(key: string) {
  const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row;
}

describe('batched rate limiter', () => {
  it('refuses at the same attempt as the exact limiter, before anything is written', async () => {
    const clock = createClock();
    const limiter = createBatchedRateLimiter(database.db, clock.now, manual);
    const limit = { key: 'exact:198.51.100.1', max: 3, windowMs: minute };
    for (let i = 0; i < 3; i++) await limiter.consume(limit);
    const error = await refused(limiter.consume(limit));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe('For mange forsøg. Prøv igen om et minut.');
    expect(await stored(limit.key)).toBeUndefined();
    await limiter.close();
    // The refused attempt counts too, as with the exact limiter.
    expect((await stored(limit.key))?.count).toBe(4);
  });

  it('shares counts between servers through the table at each flush', async () => {
    const clock = createClock();
    const one = createBatchedRateLimiter(database.db, clock.now, manual);
    const two = createBatchedRateLimiter(database.db, clock.now, manual);
    const limit = { key: 'shared:198.51.100.2', max: 5, windowMs: minute };
    for (let i = 0; i < 3; i++) await one.consume(limit);
    await one.flush();
    await two.consume(limit);
    await two.flush();
    expect((await stored(limit.key))?.count).toBe(4);
    // Server two now knows of server one's three; server one learns of two's at its next flush.
    await two.consume(limit);
    expect((await refused(two.consume(limit))).statusCode).toBe(429);
    await one.flush();
    await one.consume(limit);
    await one.flush();
    expect((await refused(one.consume(limit))).statusCode).toBe(429);
    await Promise.all([one.close(), two.close()]);
  });

  it('starts a new window when the old one has ended, here and in the table', async () => {
    const clock = createClock();
    const limiter = createBatchedRateLimiter(database.db, clock.now, manual);
    const limit = { key: 'window:198.51.100.3', max: 2, windowMs: minute };
    await limiter.consume(limit);
    await limiter.consume(limit);
    await limiter.flush();
    await refused(limiter.consume(limit));
    clock.advance(minute);
    await limiter.consume(limit);
    await limiter.flush();
    const row = await stored(limit.key);
    expect(row?.count).toBe(1);
    expect(row?.windowStart.getTime()).toBe(clock.now().getTime());
    await limiter.close();
  });

  it('keeps counting while the database is away: a failed flush loses no attempt', async () => {
    const clock = createClock();
    const other = await createTestDatabase();
    const limiter = createBatchedRateLimiter(other.db, clock.now, manual);
    const limit = { key: 'outage:198.51.100.4', max: 10, windowMs: minute };
    await limiter.consume(limit);
    await limiter.consume(limit);
    await other.close();
    await limiter.flush();
    // Nothing was lost: the count is still right on this server.
    for (let i = 0; i < 8; i++) await limiter.consume(limit);
    expect((await refused(limiter.consume(limit))).statusCode).toBe(429);
  });

  it('reset forgets a key here and in the table', async () => {
    const clock = createClock();
    const limiter = createBatchedRateLimiter(database.db, clock.now, manual);
    const limit = { key: 'reset:198.51.100.5', max: 2, windowMs: minute };
    await limiter.consume(limit);
    await limiter.consume(limit);
    await limiter.flush();
    await refused(limiter.consume(limit));
    await limiter.reset(limit.key);
    expect(await stored(limit.key)).toBeUndefined();
    await limiter.consume(limit);
    await limiter.close();
  });

  it('counts the attempts of a batch on its way: refused exactly at limit + 1 while a flush is slow', async () => {
    const clock = createClock();
    const slow = withSlowWrites(database.db);
    const limiter = createBatchedRateLimiter(slow.db, clock.now, manual);
    const limit = { key: 'in-flight:198.51.100.6', max: 5, windowMs: minute };
    await limiter.consume(limit);
    await limiter.consume(limit);
    const flushed = limiter.flush();
    try {
      await slow.writing;
      // Two on their way to the table, not yet in it: three more are allowed, and no fourth.
      for (let i = 0; i < 3; i++) await limiter.consume(limit);
      expect((await refused(limiter.consume(limit))).statusCode).toBe(429);
    } finally {
      slow.release();
      await flushed;
    }
    expect((await stored(limit.key))?.count).toBe(2);
    expect((await refused(limiter.consume(limit))).statusCode).toBe(429);
    await limiter.close();
    // Every attempt reached the table once: 2 in the slow batch, 3 allowed and 2 refused after it.
    expect((await stored(limit.key))?.count).toBe(7);
  });

  it('gives a batch that failed on its way back to the next flush, still counted meanwhile', async () => {
    const clock = createClock();
    const other = await createTestDatabase();
    const slow = withSlowWrites(other.db);
    const limiter = createBatchedRateLimiter(slow.db, clock.now, manual);
    const limit = { key: 'failed-in-flight:198.51.100.7', max: 4, windowMs: minute };
    await limiter.consume(limit);
    await limiter.consume(limit);
    const flushed = limiter.flush();
    await slow.writing;
    await other.close();
    slow.release();
    await flushed;
    await limiter.consume(limit);
    await limiter.consume(limit);
    expect((await refused(limiter.consume(limit))).statusCode).toBe(429);
  });

  // The slow write of real life: another transaction holds the key's row, so the upsert waits on
  // its lock (on PGlite the open transaction holds the one connection, which waits the same way).
  it('counts a batch whose upsert waits on a row lock held by another transaction', async () => {
    const clock = createClock();
    const limiter = createBatchedRateLimiter(database.db, clock.now, manual);
    const limit = { key: 'row-lock:198.51.100.8', max: 3, windowMs: minute };
    await database.db.insert(rateLimits).values({ key: limit.key, windowStart: clock.now(), count: 0 });
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select count from ${rateLimits} where key = ${limit.key} for update`);
      locked();
      await unlocked;
    });
    await isLocked;
    await limiter.consume(limit);
    await limiter.consume(limit);
    let written = false;
    const flushed = limiter.flush().then(() => void (written = true));
    try {
      if (database.engine === 'postgres') await waitForLockWait();
      else await new Promise((resolve) => setTimeout(resolve, 50));
      expect(written).toBe(false);
      await limiter.consume(limit);
      expect((await refused(limiter.consume(limit))).statusCode).toBe(429);
    } finally {
      unlock();
      await holder;
      await flushed;
    }
    expect((await stored(limit.key))?.count).toBe(2);
    await limiter.close();
    expect((await stored(limit.key))?.count).toBe(4);
  });
});

/** Until some statement of this database waits on a lock (the flush's upsert behind the row lock). */
async function waitForLockWait() {
  for (let i = 0; i < 200; i++) {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the flush never waited on the row lock');
}
