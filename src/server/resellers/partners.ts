/**
 * A reseller's partner network (PRODUCT.md "Resellers"): the resellers that applied through its
 * referral link and were approved, with their activity, and the commission it has earned on their
 * purchases. Commission is the sum of reseller_commissions' rows, which the money side writes
 * when a partner's order is paid: with no such rows yet, every figure is a real zero.
 */
import { and, count, desc, eq, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import type { Partners } from '../../shared/resellers-api';
import type { Db } from '../db/connection';
import { qrCodes, resellerCommissions, resellerMonthlyStats, resellers } from '../db/schema';
import { type ResellerRow, referralLink } from './self';

export async function partnerNetwork(db: Db, baseUrl: string, reseller: ResellerRow): Promise<Partners> {
  const partners = await db
    .select({ id: resellers.id, companyName: resellers.companyName, town: resellers.town, status: resellers.status, approvedAt: resellers.approvedAt })
    .from(resellers)
    // A partner once approved stays one while suspended; an application is not a partner yet.
    .where(and(eq(resellers.referredBy, reseller.id), isNotNull(resellers.approvedAt)))
    .orderBy(desc(resellers.approvedAt));
  const ids = partners.map((p) => p.id);
  const [received, linked, commission] = ids.length
    ? await Promise.all([
        db
          .select({ id: resellerMonthlyStats.resellerId, n: sum(resellerMonthlyStats.received).mapWith(Number) })
          .from(resellerMonthlyStats)
          .where(inArray(resellerMonthlyStats.resellerId, ids))
          .groupBy(resellerMonthlyStats.resellerId),
        db
          .select({ id: qrCodes.resellerId, n: count() })
          .from(qrCodes)
          .where(and(inArray(qrCodes.resellerId, ids), eq(qrCodes.status, 'linked')))
          .groupBy(qrCodes.resellerId),
        db
          .select({ id: resellerCommissions.partnerId, n: sql<number>`coalesce(sum(${resellerCommissions.amountOre}), 0)::int` })
          .from(resellerCommissions)
          .where(eq(resellerCommissions.resellerId, reseller.id))
          .groupBy(resellerCommissions.partnerId),
      ])
    : [[], [], []];
  const by = (rows: { id: string | null; n: number | null }[]) => new Map(rows.map((row) => [row.id, row.n ?? 0]));
  const receivedBy = by(received);
  const linkedBy = by(linked);
  const commissionBy = by(commission);
  const list = partners.map((p) => ({
    ...p,
    approvedAt: p.approvedAt?.toISOString() ?? null,
    codesReceived: receivedBy.get(p.id) ?? 0,
    codesLinked: linkedBy.get(p.id) ?? 0,
    commissionOre: commissionBy.get(p.id) ?? 0,
  }));
  return {
    referralLink: referralLink(baseUrl, reseller),
    commissionBasisPoints: reseller.commissionBasisPoints,
    partners: list,
    totalCommissionOre: list.reduce((total, p) => total + p.commissionOre, 0),
  };
}
