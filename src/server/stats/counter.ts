/**
 * Visits and QR scans per memorial and Danish day, counted in memory and added to
 * memorial_daily_stats in one statement every FLUSH_MS (docs/decisions/0018). A visit or a scan
 * thus costs a map update, never a write of its own: the memorial page is served from a cache and
 * the scan is a benchmarked hot path (docs/decisions/0009, 0017).
 *
 * The counts are added, never set, so several server instances each add their own. A failed write
 * keeps its counts for the next one; closing writes once more, so a clean shutdown loses nothing.
 * A crash loses at most one interval's counts, which for statistics is no loss worth a write per
 * visit.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { memorialDailyStats, memorials } from '../db/schema';
import { danishDay } from '../lib/daily';

const FLUSH_MS = 5000;

export interface DayCount {
  memorialId: string;
  day: string;
  visits: number;
  scans: number;
}

export interface StatsCounter {
  /** A memorial page opened by a visitor's browser (stats/visits.ts decides which requests count). */
  visited(memorialId: string): void;
  /** A stone linked to the memorial scanned. */
  scanned(memorialId: string): void;
  /** This server's counts not yet in the table (being written included), so a chart is never behind. */
  unsent(memorialId: string): DayCount[];
  /** Adds the counts since the last flush to the table (on a timer, on close, and by tests). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

export function createStatsCounter(db: Db, now: () => Date, options: { flushMs?: number } = {}): StatsCounter {
  let counts = new Map<string, DayCount>();
  let sending: DayCount[] = [];

  function count(memorialId: string, field: 'visits' | 'scans') {
    const day = danishDay(now());
    const key = `${memorialId}|${day}`;
    let entry = counts.get(key);
    if (!entry) {
      entry = { memorialId, day, visits: 0, scans: 0 };
      counts.set(key, entry);
    }
    entry[field] += 1;
  }

  async function write(batch: DayCount[]) {
    // One upsert for every (memorial, day) counted. The join leaves out a memorial deleted for
    // good since it was counted: its row would break the foreign key and the whole batch with it.
    await db.execute(sql`
      insert into ${memorialDailyStats} (memorial_id, day, visits, scans)
        select b.memorial_id, b.day, b.visits, b.scans
        from unnest(
          ${sql.param(batch.map((c) => c.memorialId))}::uuid[],
          ${sql.param(batch.map((c) => c.day))}::date[],
          ${sql.param(batch.map((c) => c.visits))}::int[],
          ${sql.param(batch.map((c) => c.scans))}::int[]
        ) as b(memorial_id, day, visits, scans)
        join ${memorials} m on m.id = b.memorial_id
      on conflict (memorial_id, day) do update set
        visits = ${memorialDailyStats.visits} + excluded.visits,
        scans = ${memorialDailyStats.scans} + excluded.scans`);
  }

  async function flushOnce() {
    if (counts.size === 0) return;
    sending = [...counts.values()];
    counts = new Map();
    try {
      await write(sending);
    } catch {
      // The database is away: put the counts back, added to what came in meanwhile.
      for (const sent of sending) {
        const key = `${sent.memorialId}|${sent.day}`;
        const entry = counts.get(key);
        if (entry) {
          entry.visits += sent.visits;
          entry.scans += sent.scans;
        } else counts.set(key, sent);
      }
    } finally {
      sending = [];
    }
  }

  // One flush at a time: a slow write and the next tick must not send the same counts twice.
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => (flushing = flushing.then(flushOnce));
  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS);
  timer.unref();

  return {
    visited: (memorialId) => count(memorialId, 'visits'),
    scanned: (memorialId) => count(memorialId, 'scans'),
    unsent(memorialId) {
      return [...counts.values(), ...sending].filter((c) => c.memorialId === memorialId);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
