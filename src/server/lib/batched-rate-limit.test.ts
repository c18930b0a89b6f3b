import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/connection';
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

  it('check refuses a full window without counting, and reset forgets a key everywhere', async () => {
    const clock = createClock();
    const limiter = createBatchedRateLimiter(database.db, clock.now, manual);
    const limit = { key: 'check:198.51.100.5', max: 2, windowMs: minute };
    await limiter.check(limit);
    await limiter.consume(limit);
    await limiter.consume(limit);
    await refused(limiter.check(limit));
    await limiter.flush();
    await limiter.reset(limit.key);
    expect(await stored(limit.key)).toBeUndefined();
    await limiter.check(limit);
    await limiter.close();
  });
});
