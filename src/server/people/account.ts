/**
 * One account as the back office sees it (/admin/users/{id}): the person, the memorials they are
 * a member of and in what role, the QR codes they claimed, their reseller record, their open
 * sessions (when made, until when, whether the second factor was passed: never a token), whether
 * a second factor is set up, and what staff have done to the account.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { type AccountView, peopleMessages } from '../../shared/people';
import type { Db } from '../db/connection';
import { memorialMembers, memorials, qrCodes, resellers, sessions, staffTwoFactor, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { presentStaffAction, recentStaffActions } from '../staff/audit';

/** More than any family has; the view is for finding one, not an export. */
const LIST_LIMIT = 100;
const HISTORY_LIMIT = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function accountView(db: Db, now: Date, id: string): Promise<AccountView> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(peopleMessages.notFound);

  const [memberOf, codes, [reseller], open, [factor], history] = await Promise.all([
    db
      .select({ id: memorials.id, slug: memorials.slug, name: memorials.name, role: memorialMembers.role, deletedAt: memorials.deletedAt })
      .from(memorialMembers)
      .innerJoin(memorials, eq(memorials.id, memorialMembers.memorialId))
      .where(eq(memorialMembers.userId, id))
      .orderBy(memorials.name, memorials.id)
      .limit(LIST_LIMIT),
    db
      .select({ code: qrCodes.code, status: qrCodes.status, claimedAt: qrCodes.claimedAt, memorialId: qrCodes.memorialId })
      .from(qrCodes)
      .where(eq(qrCodes.claimedBy, id))
      .orderBy(desc(qrCodes.claimedAt), qrCodes.code)
      .limit(LIST_LIMIT),
    db.select().from(resellers).where(eq(resellers.userId, id)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, twoFactorVerifiedAt: sessions.twoFactorVerifiedAt })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt))
      .limit(LIST_LIMIT),
    db.select({ confirmedAt: staffTwoFactor.confirmedAt }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, id)),
    recentStaffActions(db, { targetUserId: id, limit: HISTORY_LIMIT }),
  ]);

  return {
    user: {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      role: user.role,
      disabledAt: iso(user.disabledAt),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      memorialCount: memberOf.length,
    },
    memorials: memberOf.map(({ deletedAt, ...memorial }) => ({ ...memorial, deleted: deletedAt !== null })),
    qrCodes: codes.map((code) => ({ ...code, claimedAt: iso(code.claimedAt) })),
    reseller: reseller
      ? {
          id: reseller.id,
          companyName: reseller.companyName,
          cvr: reseller.cvr,
          status: reseller.status,
          createdAt: reseller.createdAt.toISOString(),
          approvedAt: iso(reseller.approvedAt),
        }
      : null,
    sessions: open.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      twoFactorVerified: session.twoFactorVerifiedAt !== null,
    })),
    twoFactor: { isSetUp: Boolean(factor?.confirmedAt), confirmedAt: iso(factor?.confirmedAt ?? null) },
    history: history.map(presentStaffAction),
  };
}
