/**
 * The signed-in person's own reseller record: found by their account, shown to them with the reason
 * for a rejection or suspension, and the door to every /api/resellers/me/… call. Another reseller's
 * record or codes are never reachable from here: every look-up starts from the caller's account.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type ResellerFacts, type ResellerOverview, type ResellerRecord, type ResellerSelf, resellerMessages } from '../../shared/resellers-api';
import type { ResellerStatus } from '../../shared/resellers';
import { requireUser } from '../auth/sessions';
import type { Db } from '../db/connection';
import { qrPackages, resellers } from '../db/schema';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../lib/errors';
import { countCodes } from './codes';

export type ResellerRow = typeof resellers.$inferSelect;

export const referralLink = (baseUrl: string, row: Pick<ResellerRow, 'status' | 'referralCode'>) =>
  row.status === 'approved' ? `${baseUrl}/reseller-register?partner=${row.referralCode}` : null;

/** The facts the back office's list and the reseller's own dashboard both show. */
export const presentFacts = (row: ResellerRow): ResellerFacts => ({
  id: row.id,
  companyName: row.companyName,
  cvr: row.cvr,
  kind: row.kind,
  contactName: row.contactName,
  email: row.email,
  town: row.town,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** The whole record, as the reseller and the back office both see it. */
export const presentRecord = (row: ResellerRow): ResellerRecord => ({
  ...presentFacts(row),
  phone: row.phone,
  address: row.address,
  postcode: row.postcode,
  statusReason: row.statusReason,
  statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  approvedAt: row.approvedAt?.toISOString() ?? null,
  commissionBasisPoints: row.commissionBasisPoints,
});

export const presentSelf = (baseUrl: string, row: ResellerRow): ResellerSelf => ({ ...presentRecord(row), referralLink: referralLink(baseUrl, row) });

/** The caller's reseller record: 401 for a visitor, 404 for an account without one. */
export async function myReseller(deps: Pick<Deps, 'db' | 'now'>, request: FastifyRequest): Promise<ResellerRow> {
  const user = await requireUser(deps, request);
  const [row] = await deps.db.select().from(resellers).where(eq(resellers.userId, user.id));
  if (!row) throw notFound(resellerMessages.notReseller);
  return row;
}

const REFUSAL: Record<Exclude<ResellerStatus, 'approved'>, string> = {
  pending: resellerMessages.pending,
  suspended: resellerMessages.suspended,
  rejected: resellerMessages.rejected,
};

/** Giving codes away is for an approved reseller only; the others are told why in Danish. */
export function mustBeApproved(row: ResellerRow): void {
  if (row.status !== 'approved') throw forbidden(REFUSAL[row.status]);
}

/** A reseller's packages, newest first, as both its dashboard and the back office list them. */
export async function resellerPackages(db: Db, resellerId: string): Promise<ResellerOverview['packages']> {
  const rows = await db
    .select({ id: qrPackages.id, name: qrPackages.name, size: qrPackages.size, status: qrPackages.status, createdAt: qrPackages.createdAt })
    .from(qrPackages)
    .where(eq(qrPackages.resellerId, resellerId))
    .orderBy(desc(qrPackages.createdAt), desc(qrPackages.id));
  return rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
}

export async function overview(db: Db, baseUrl: string, row: ResellerRow): Promise<ResellerOverview> {
  const [{ counts, total }, packages] = await Promise.all([countCodes(db, row.id), resellerPackages(db, row.id)]);
  return { reseller: presentSelf(baseUrl, row), counts, total, packages };
}
