/** A memorial's statistics (GET /api/memorials/{id}/stats), for its owner and co-admins. */
import { z } from 'zod';

/** The days the statistics cover, ending today (the Danish calendar day). */
export const STATS_DAYS = 90;

const count = z.number().int().nonnegative();

export const statsDay = z.object({
  /** YYYY-MM-DD, the calendar day in Denmark. */
  day: z.string(),
  /** The memorial page opened in a browser (bots and the page's own calls not counted). */
  visits: count,
  /** A stone linked to the memorial scanned. */
  scans: count,
  /** Candles lit that day, approved or waiting for approval. */
  candles: count,
});
export type StatsDay = z.infer<typeof statsDay>;

export const memorialStatsResponse = z.object({
  /** The first and last day (today) covered. */
  from: z.string(),
  to: z.string(),
  /** Every day from `from` to `to`, oldest first; a day without anything has zeros. */
  days: z.array(statsDay),
  totals: z.object({ visits: count, scans: count, candles: count }),
});
export type MemorialStats = z.infer<typeof memorialStatsResponse>;
