/**
 * Whether a memorial has Premium now: a paid period covers this instant (decision 0025). Nothing is
 * switched off when a period ends; every gate asks here, so a lapsed memorial is free again at once
 * and its extra content is kept, hidden, until a new period is paid.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection';
import { premiumPeriods } from '../db/schema';

export interface PremiumState {
  premium: boolean;
  /** The end of the latest period covering now; null when none does or when it is for good. */
  until: Date | null;
  forGood: boolean;
}

const NONE: PremiumState = { premium: false, until: null, forGood: false };

/** Premium for each of `memorialIds` at `now`, one query. */
export async function premiumStates(db: Db | Tx, memorialIds: string[], now: Date): Promise<Map<string, PremiumState>> {
  const states = new Map<string, PremiumState>(memorialIds.map((id) => [id, NONE]));
  if (memorialIds.length === 0) return states;
  const rows = await db
    .select({
      memorialId: premiumPeriods.memorialId,
      forGood: sql<boolean>`bool_or(${premiumPeriods.endsAt} is null)`,
      until: sql<Date | null>`max(${premiumPeriods.endsAt})`,
    })
    .from(premiumPeriods)
    .where(
      and(
        inArray(premiumPeriods.memorialId, memorialIds),
        isNull(premiumPeriods.revokedAt),
        sql`${premiumPeriods.startsAt} <= ${now.toISOString()}`,
        or(isNull(premiumPeriods.endsAt), gt(premiumPeriods.endsAt, now)),
      ),
    )
    .groupBy(premiumPeriods.memorialId);
  for (const row of rows) {
    const until = row.until === null ? null : new Date(row.until);
    states.set(row.memorialId, { premium: true, forGood: row.forGood, until: row.forGood ? null : until });
  }
  return states;
}

export async function isPremium(db: Db | Tx, memorialId: string, now: Date): Promise<boolean> {
  return (await premiumStates(db, [memorialId], now)).get(memorialId)!.premium;
}

/**
 * When a new period for `memorialId` should start: at the end of the latest one still running, so
 * paying early adds time instead of wasting it; otherwise now.
 */
export async function nextPeriodStart(tx: Tx, memorialId: string, now: Date): Promise<Date | 'for-good'> {
  const [row] = await tx
    .select({ forGood: sql<boolean>`coalesce(bool_or(${premiumPeriods.endsAt} is null), false)`, latest: sql<Date | null>`max(${premiumPeriods.endsAt})` })
    .from(premiumPeriods)
    .where(and(eq(premiumPeriods.memorialId, memorialId), isNull(premiumPeriods.revokedAt)));
  if (row?.forGood) return 'for-good';
  const latest = row?.latest ? new Date(row.latest) : null;
  return latest && latest > now ? latest : now;
}
