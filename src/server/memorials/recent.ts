/**
 * A memorial as a visitor finds it (by id, slug or linked code; not signed in), read from the
 * database at most once a second per address, as the visitors' page cache reads its version
 * (page-cache.ts, docs/decisions/0009). For calls that come by the thousand on one memorial: every
 * candle lit on All Saints' evening would otherwise look its memorial up again. A change made on
 * this server forgets the reading at once (deps.memorialChanged); another server sees it within
 * the second.
 */
import type { Deps } from '../deps';
import { findMemorial } from './service';
import type { FoundMemorial, RecentMemorials } from './types';

const TTL_MS = 1000;
/** Addresses remembered at once; past that the oldest readings go first. */
const MAX_READINGS = 10_000;

export function createRecentMemorials(deps: Pick<Deps, 'db' | 'now'>): RecentMemorials {
  const readings = new Map<string, { found: FoundMemorial | null; at: number }>();
  // One reading at a time per address: when the second is up, the requests that arrive while the
  // database answers wait for that one reading instead of each sending their own (at thousands a
  // second, dozens of the same query queued for the pool's connections, and every one of them late).
  const reading = new Map<string, Promise<FoundMemorial | null>>();
  // Moved by every change: a reading begun before it is not kept after it.
  let changes = 0;

  async function read(key: string, now: number): Promise<FoundMemorial | null> {
    const seen = changes;
    const found = await findMemorial(deps.db, key, null);
    if (seen === changes) {
      readings.delete(key);
      if (readings.size >= MAX_READINGS) readings.delete(readings.keys().next().value!);
      readings.set(key, { found, at: now });
    }
    return found;
  }

  return {
    async find(idOrSlug) {
      const key = idOrSlug.toLowerCase();
      const now = deps.now().getTime();
      const known = readings.get(key);
      if (known && now - known.at < TTL_MS) return known.found;
      let pending = reading.get(key);
      if (!pending) {
        pending = read(key, now).finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      return pending;
    },
    forget(memorialId) {
      changes += 1;
      for (const [key, known] of readings) if (known.found?.row.id === memorialId || key === memorialId) readings.delete(key);
      // A reading under way may be from before the change: the next find reads anew.
      reading.clear();
    },
  };
}
