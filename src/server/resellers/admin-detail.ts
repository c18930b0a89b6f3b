/**
 * One reseller as the back office sees it (/admin/resellers/{id}): the application's facts, the
 * account that runs it (or the setup link a visitor's approved application was sent), whose
 * partner it is and how many partners it has, its packages, its codes counted by the state the
 * reseller sees them in, and what staff have decided about it.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { type ResellerDetail, resellerAdminMessages } from '../../shared/resellers-admin';
import type { Db } from '../db/connection';
import { accountSetups, resellers, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { presentStaffAction, recentStaffActions } from '../staff/audit';
import { countCodes } from './codes';
import { presentRecord, resellerPackages } from './self';

const HISTORY_LIMIT = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the audit log calls a reseller: its entries' subject. */
export const resellerSubject = (id: string) => `reseller:${id}`;

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
    resellerPackages(db, id),
    countCodes(db, id).then((counted) => counted.counts),
    recentStaffActions(db, { subject: resellerSubject(id), limit: HISTORY_LIMIT }),
  ]);

  return {
    reseller: {
      ...presentRecord(reseller),
      hasAccount: reseller.userId !== null,
      termsVersion: reseller.termsVersion,
      termsAcceptedAt: iso(reseller.termsAcceptedAt),
      referralCode: reseller.referralCode,
    },
    account: account ?? null,
    setupLink: setup ? { sentAt: setup.createdAt.toISOString(), expiresAt: setup.expiresAt.toISOString(), used: setup.usedAt !== null } : null,
    referredBy: referrer ?? null,
    partners: Number(partners?.n ?? 0),
    packages,
    counts,
    history: history.map(presentStaffAction),
  };
}
