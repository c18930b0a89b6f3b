/**
 * A reseller's statistics (/reseller-dashboard): per Danish calendar month, the codes it received,
 * gave to families, that were activated (locked to a family's account) and linked to a memorial;
 * and how many memorials its codes open today. Received, activated and linked come from
 * reseller_monthly_stats, which a trigger keeps as the code events are written (migration 0015);
 * given from its hand-overs.
 */
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { ResellerStats } from '../../shared/resellers-api';
import type { Db } from '../db/connection';
import { codeHandovers, qrCodes, resellerMonthlyStats } from '../db/schema';
import { DANISH_TIME_ZONE, danishDay } from '../lib/daily';

export const STATS_MONTHS = 12;
const zone = sql.raw(`'${DANISH_TIME_ZONE}'`);

/** The last `n` Danish months up to `now`'s, oldest first, as YYYY-MM. */
export function lastMonths(now: Date, n = STATS_MONTHS): string[] {
  const [year, month] = danishDay(now).split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const back = new Date(Date.UTC(year, month - 1 - (n - 1 - i), 1));
    return `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export async function resellerStats(db: Db, resellerId: string, now: Date): Promise<ResellerStats> {
  const months = lastMonths(now);
  const from = `${months[0]}-01`;
  // Each hand-over falls in the month whose first Danish instant it follows (width_bucket: a binary
  // search among the twelve), rather than each row's moment formatted in the time zone: 16,000
  // hand-overs in 5 ms instead of 15. `from` is made of digits (lastMonths), so it is written in.
  const starts = sql.raw(`array(select ('${from}'::date + make_interval(months => i))::timestamp at time zone '${DANISH_TIME_ZONE}' from generate_series(0, ${STATS_MONTHS - 1}) as i order by i)`);
  const givenMonth = sql<number>`width_bucket(${codeHandovers.createdAt}, ${starts})`;
  const [kept, given, [opened]] = await Promise.all([
    db
      .select({ month: sql<string>`to_char(${resellerMonthlyStats.month}, 'YYYY-MM')`, received: resellerMonthlyStats.received, activated: resellerMonthlyStats.activated, linked: resellerMonthlyStats.linked })
      .from(resellerMonthlyStats)
      .where(and(eq(resellerMonthlyStats.resellerId, resellerId), gte(resellerMonthlyStats.month, from))),
    db
      .select({ month: givenMonth, n: count() })
      .from(codeHandovers)
      .where(and(eq(codeHandovers.resellerId, resellerId), isNull(codeHandovers.withdrawnAt), gte(codeHandovers.createdAt, sql`(${from}::date)::timestamp at time zone ${zone}`)))
      .groupBy(givenMonth),
    // A shared stone's code opens two memorials; a memorial two codes open counts once.
    db.execute<{ n: number }>(sql`
      select count(distinct m)::int as n from (
        select ${qrCodes.memorialId} as m from ${qrCodes} where ${qrCodes.resellerId} = ${resellerId} and ${qrCodes.status} = 'linked'
        union all
        select ${qrCodes.secondMemorialId} from ${qrCodes} where ${qrCodes.resellerId} = ${resellerId} and ${qrCodes.status} = 'linked' and ${qrCodes.secondMemorialId} is not null
      ) as opened`).then((result) => (result as unknown as { rows: { n: number }[] }).rows),
  ]);
  const keptBy = new Map(kept.map((row) => [row.month, row]));
  const givenBy = new Map(given.map((row) => [months[row.month - 1], row.n]));
  return {
    months: months.map((month) => ({
      month,
      received: keptBy.get(month)?.received ?? 0,
      given: givenBy.get(month) ?? 0,
      activated: keptBy.get(month)?.activated ?? 0,
      linked: keptBy.get(month)?.linked ?? 0,
    })),
    memorialsOpened: opened?.n ?? 0,
  };
}
