/**
 * Rate limits kept in the database, so that every server instance counts the same attempts.
 * Fixed windows: simple to reason about, and the small burst they allow at a window's edge does
 * not matter at these limits.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';

export interface Limit {
  /** What is counted and for whom, e.g. `login-ip:203.0.113.7`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt, refused ones too, and throws 429 when it is over the limit. Call it before
   * the work it guards: counting afterwards lets attempts that arrive together all through
   * (decision 20). There is no "check without counting" for the same reason.
   */
  consume(limit: Limit): Promise<void>;
  /** Forgets a key, e.g. an account's failed logins after it logs in. */
  reset(key: string): Promise<void>;
  /** Removes windows that ended long ago. */
  prune(olderThan: Date): Promise<void>;
}

export function createRateLimiter(db: Db, now: () => Date): RateLimiter {
  function retryAfter(windowStart: Date, windowMs: number): number {
    return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now().getTime()) / 1000));
  }

  return {
    async consume({ key, max, windowMs }) {
      const at = now().toISOString();
      const expired = new Date(now().getTime() - windowMs).toISOString();
      const result = (await db.execute(sql`
        insert into ${rateLimits} (key, window_start, count) values (${key}, ${at}::timestamptz, 1)
        on conflict (key) do update set
          count = case when ${rateLimits.windowStart} <= ${expired}::timestamptz then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${rateLimits.windowStart} <= ${expired}::timestamptz then ${at}::timestamptz else ${rateLimits.windowStart} end
        returning count, window_start`)) as unknown as { rows: { count: number; window_start: string | Date }[] };
      const row = result.rows[0]!;
      if (Number(row.count) > max) throw tooManyRequests(retryAfter(new Date(row.window_start), windowMs));
    },

    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    async prune(olderThan) {
      await db.delete(rateLimits).where(and(lt(rateLimits.windowStart, olderThan)));
    },
  };
}
