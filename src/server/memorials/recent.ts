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
  return {
    async find(idOrSlug) {
      const key = idOrSlug.toLowerCase();
      const now = deps.now().getTime();
      const reading = readings.get(key);
      if (reading && now - reading.at < TTL_MS) return reading.found;
      const found = await findMemorial(deps.db, key, null);
      readings.delete(key);
      if (readings.size >= MAX_READINGS) readings.delete(readings.keys().next().value!);
      readings.set(key, { found, at: now });
      return found;
    },
    forget(memorialId) {
      for (const [key, reading] of readings) if (reading.found?.row.id === memorialId || key === memorialId) readings.delete(key);
    },
  };
}
