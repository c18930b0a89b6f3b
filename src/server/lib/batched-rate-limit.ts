/**
 * A rate limiter for look-ups that come by the thousand (a QR code scanned or validated): the same
 * shared `rate_limits` table as rate-limit.ts, but counted here in memory and written in one
 * statement for all keys every FLUSH_MS, instead of one database round trip before every answer.
 * On this server the count is exact, a batch on its way to the table included: a caller is refused
 * at the same attempt as with the other limiter. Across servers each learns the others' attempts
 * at its next flush, so a caller spread over several servers may get up to one flush interval's
 * worth of extra attempts from each. For a limit whose point is that guessing codes costs the
 * guesser that does not matter; for logins and anything else where one attempt too many matters,
 * use createRateLimiter.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';
import type { Limit, RateLimiter } from './rate-limit';

const FLUSH_MS = 250;

interface Tally {
  windowStart: number;
  windowMs: number;
  /** The key's count in the shared table when last written, this server's attempts included. */
  stored: number;
  /** Attempts in the batch being written now: not in `stored` until the write returns. */
  sending: number;
  /** Attempts on this server since then. */
  unsent: number;
}

export interface BatchedRateLimiter extends RateLimiter {
  /** Writes the attempts counted since the last flush (called on a timer, and by tests). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush, so no attempt is lost when the server stops. */
  close(): Promise<void>;
}

export function createBatchedRateLimiter(db: Db, now: () => Date, options: { flushMs?: number } = {}): BatchedRateLimiter {
  const tallies = new Map<string, Tally>();

  function current(key: string, windowMs: number): Tally {
    const at = now().getTime();
    const tally = tallies.get(key);
    if (tally && tally.windowStart + windowMs > at) return tally;
    const fresh = { windowStart: at, windowMs, stored: 0, sending: 0, unsent: 0 };
    tallies.set(key, fresh);
    return fresh;
  }

  const retryAfter = (tally: Tally) => Math.max(1, Math.ceil((tally.windowStart + tally.windowMs - now().getTime()) / 1000));

  async function write(batch: [string, Tally, number][], windowMs: number) {
    const at = now();
    const expired = new Date(at.getTime() - windowMs).toISOString();
    // The same rule as rate-limit.ts's consume, for many keys at once: a window that ended is
    // started again with this server's attempts; otherwise they are added to the others'.
    const result = (await db.execute(sql`
      insert into ${rateLimits} (key, window_start, count)
        select key, ${at.toISOString()}::timestamptz, n from unnest(${sql.param(batch.map(([key]) => key))}::text[], ${sql.param(batch.map(([, , n]) => n))}::int[]) as b(key, n)
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} <= ${expired}::timestamptz then excluded.count else ${rateLimits.count} + excluded.count end,
        window_start = case when ${rateLimits.windowStart} <= ${expired}::timestamptz then excluded.window_start else ${rateLimits.windowStart} end
      returning key, count, window_start`)) as unknown as { rows: { key: string; count: number; window_start: string | Date }[] };
    const sent = new Map(batch.map(([key, tally]) => [key, tally]));
    for (const row of result.rows) {
      const tally = sent.get(row.key)!;
      // The shared table decides where the window starts, so every server ends it at once.
      tally.stored = Number(row.count);
      tally.windowStart = new Date(row.window_start).getTime();
    }
    // Settled: the table's count includes the batch now. Attempts since stay in `unsent`.
    for (const [, tally, n] of batch) tally.sending -= n;
  }

  let flushing: Promise<void> = Promise.resolve();
  async function flushOnce() {
    const at = now().getTime();
    const byWindow = new Map<number, [string, Tally, number][]>();
    for (const [key, tally] of tallies) {
      if (tally.unsent === 0) {
        // Nothing to say and its window is over: forget it, so the map holds only recent callers.
        if (tally.windowStart + tally.windowMs <= at) tallies.delete(key);
        continue;
      }
      const batch = byWindow.get(tally.windowMs) ?? [];
      batch.push([key, tally, tally.unsent]);
      byWindow.set(tally.windowMs, batch);
      // Still counted while on its way: a write can take long (a row lock, a busy database), and
      // an attempt during it must be refused exactly where it would be without the flush.
      tally.sending += tally.unsent;
      tally.unsent = 0;
    }
    for (const [windowMs, batch] of byWindow) {
      try {
        await write(batch, windowMs);
      } catch {
        // The database is away: keep the attempts and try again at the next flush.
        for (const [, tally, n] of batch) {
          tally.sending -= n;
          tally.unsent += n;
        }
      }
    }
  }

  const flush = () => (flushing = flushing.then(flushOnce));
  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS);
  timer.unref();

  return {
    async consume({ key, max, windowMs }: Limit) {
      const tally = current(key, windowMs);
      // Counted even when refused, as in rate-limit.ts: hammering on keeps the door shut.
      tally.unsent += 1;
      if (tally.stored + tally.sending + tally.unsent > max) throw tooManyRequests(retryAfter(tally));
    },

    async reset(key) {
      tallies.delete(key);
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    async prune(olderThan) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
    },

    flush,

    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
