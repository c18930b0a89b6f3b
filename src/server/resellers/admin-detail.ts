/**
 * One reseller as the back office sees it (/admin/resellers/{id}): the application's facts, the
 * account that runs it (or the setup link a visitor's approved application was sent), whose
 * partner it is and how many partners it has, its packages, its codes counted by the state the
 * reseller sees them in, and what staff have decided about it.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { RESELLER_CODE_STATES, type ResellerCodeState } from '../../shared/resellers-api';
import { type ResellerDetail, resellerAdminMessages } from '../../shared/resellers-admin';
import type { Db } from '../db/connection';
import { accountSetups, qrCodes, qrPackages, resellers, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { presentStaffAction, recentStaffActions } from '../staff/audit';
import { presentSummary } from './admin-list';

const HISTORY_LIMIT = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the audit log calls a reseller: its entries' subject. */
export const resellerSubject = (id: string) => `reseller:${id}`;

/**
 * A reseller's codes per state as the reseller sees them: the warehouse's three steps are "on the
 * way", and a shipped code is "given" while a family holds a live hand-over of it.
 */
export async function codeStateCounts(db: Db, resellerId: string): Promise<Record<ResellerCodeState, number>> {
  // Written out with the tables' names: drizzle leaves a column of a one-table query unqualified,
  // and an unqualified "code" inside the sub-select would be the hand-over's own.
  const state = sql<ResellerCodeState>`case
    when qr_codes.status in ('created', 'produced', 'in_stock') then 'on_the_way'
    when qr_codes.status = 'shipped' and exists (
      select 1 from code_handovers h where h.code = qr_codes.code and h.withdrawn_at is null
    ) then 'given'
    else qr_codes.status end`;
  const rows = await db
    .select({ state, n: count() })
    .from(qrCodes)
    .where(eq(qrCodes.resellerId, resellerId))
    .groupBy(sql`1`);
  const counts = Object.fromEntries(RESELLER_CODE_STATES.map((s) => [s, 0])) as Record<ResellerCodeState, number>;
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

export async function resellerDetail(db: Db, id: string): Promise<ResellerDetail> {
  const [reseller] = await db.select().from(resellers).where(eq(resellers.id, id));
  if (!reseller) throw notFound(resellerAdminMessages.notFound);

  const [[account], [setup], [referrer], [partners], packages, counts, history] = await Promise.all([
    reseller.userId
      ? db.select({ id: users.id, username: users.username, fullName: users.fullName }).from(users).where(eq(users.id, reseller.userId))
      : Promise.resolve([]),
    db
      .select({ createdAt: accountSetups.createdAt, expiresAt: accountSetups.expiresAt, usedAt: accountSetups.usedAt })
      .from(accountSetups)
      .where(eq(accountSetups.resellerId, id))
      .orderBy(desc(accountSetups.createdAt), desc(accountSetups.expiresAt))
      .limit(1),
    reseller.referredBy
      ? db.select({ id: resellers.id, companyName: resellers.companyName }).from(resellers).where(eq(resellers.id, reseller.referredBy))
      : Promise.resolve([]),
    db
      .select({ n: count() })
      .from(resellers)
      .where(and(eq(resellers.referredBy, id), eq(resellers.status, 'approved'))),
    db
      .select({ id: qrPackages.id, name: qrPackages.name, size: qrPackages.size, status: qrPackages.status, createdAt: qrPackages.createdAt })
      .from(qrPackages)
      .where(eq(qrPackages.resellerId, id))
      .orderBy(desc(qrPackages.createdAt), desc(qrPackages.id)),
    codeStateCounts(db, id),
    recentStaffActions(db, { subject: resellerSubject(id), limit: HISTORY_LIMIT }),
  ]);

  return {
    reseller: {
      ...presentSummary(reseller),
      phone: reseller.phone,
      address: reseller.address,
      postcode: reseller.postcode,
      statusReason: reseller.statusReason,
      statusChangedAt: iso(reseller.statusChangedAt),
      approvedAt: iso(reseller.approvedAt),
      termsVersion: reseller.termsVersion,
      termsAcceptedAt: iso(reseller.termsAcceptedAt),
      commissionBasisPoints: reseller.commissionBasisPoints,
      referralCode: reseller.referralCode,
    },
    account: account ?? null,
    setupLink: setup ? { sentAt: setup.createdAt.toISOString(), expiresAt: setup.expiresAt.toISOString(), used: setup.usedAt !== null } : null,
    referredBy: referrer ?? null,
    partners: Number(partners?.n ?? 0),
    packages: packages.map((pkg) => ({ ...pkg, createdAt: pkg.createdAt.toISOString() })),
    counts,
    history: history.map(presentStaffAction),
  };
}
