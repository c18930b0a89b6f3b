/**
 * A memorial's statistics for its owner and co-admins: visits, QR scans and candles per Danish
 * day over the last STATS_DAYS days, every day present, with totals.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { STATS_DAYS, type MemorialStats, type StatsDay } from '../../shared/stats-api';
import { memorialDailyStats, memorialPosts } from '../db/schema';
import type { Deps } from '../deps';
import { adminAccess } from '../memorials/members';
import { DANISH_TIME_ZONE, danishDay } from '../lib/daily';
import { daysEnding } from './days';

const ADMINS_ONLY = 'Kun mindesidens ejer og medadministratorer kan se statistikken.';

/**
 * Candles still lit or waiting to be: a candle is lit the moment it is left, so one waiting for
 * approval counts too. A rejected or hidden one does not (the UI says so).
 */
const COUNTED_CANDLES = ['approved', 'pending'] as const;

export async function memorialStats(deps: Deps, idOrSlug: string, userId: string): Promise<MemorialStats> {
  // The owner and co-admins only, by the members' rule; outsiders get the answers it gives.
  const { memorialId } = await adminAccess(deps.db, idOrSlug, userId, { forChange: false, refusal: ADMINS_ONLY });
  const days = daysEnding(danishDay(deps.now()), STATS_DAYS);
  const from = days[0]!;
  const to = days.at(-1)!;
  // The zone written into the SQL, not passed as a parameter: the select and the group by must be
  // the same expression, and two parameters are two expressions to PostgreSQL.
  const zone = sql.raw(`'${DANISH_TIME_ZONE}'`);
  const candleDay = sql<string>`to_char(${memorialPosts.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;

  const [counted, candles] = await Promise.all([
    deps.db
      .select({ day: memorialDailyStats.day, visits: memorialDailyStats.visits, scans: memorialDailyStats.scans })
      .from(memorialDailyStats)
      .where(and(eq(memorialDailyStats.memorialId, memorialId), gte(memorialDailyStats.day, from), lte(memorialDailyStats.day, to))),
    deps.db
      .select({ day: candleDay, n: sql<number>`count(*)::int` })
      .from(memorialPosts)
      .where(
        and(
          eq(memorialPosts.memorialId, memorialId),
          eq(memorialPosts.kind, 'candle'),
          inArray(memorialPosts.status, [...COUNTED_CANDLES]),
          // From midnight in Denmark on the first day; the index on (memorial, status, created_at) serves it.
          gte(memorialPosts.createdAt, sql`(${from}::date)::timestamp at time zone ${zone}`),
        ),
      )
      .groupBy(candleDay),
  ]);

  const byDay = new Map<string, StatsDay>(days.map((day) => [day, { day, visits: 0, scans: 0, candles: 0 }]));
  // This server's counts not written yet, so a visit a moment ago is already there.
  for (const row of [...counted, ...deps.stats.unsent(memorialId)]) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.visits += row.visits;
    entry.scans += row.scans;
  }
  for (const row of candles) {
    const entry = byDay.get(row.day);
    if (entry) entry.candles += Number(row.n);
  }
  const list = [...byDay.values()];
  const totals = list.reduce((sum, d) => ({ visits: sum.visits + d.visits, scans: sum.scans + d.scans, candles: sum.candles + d.candles }), { visits: 0, scans: 0, candles: 0 });
  return { from, to, days: list, totals };
}
