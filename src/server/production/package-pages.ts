/**
 * The back office's packages (/admin/qr-packages, /{id}, /{id}/qr-codes): the list, newest first
 * with its filters; one package with its codes counted by state, who made it, who took it to the
 * printer and what staff have done to it; and its codes, page by page in the codes' order.
 *
 * Counts are grouped over qr_codes_package_status_idx (package, state: read from the index alone)
 * for the packages on the page only (25 at most, of up to 10,000 codes each), never over all codes.
 */
import { type AnyColumn, type SQL, and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  QR_PACKAGE_CODES_PAGE_SIZE,
  QR_PACKAGES_PAGE_SIZE,
  type FloorResellers,
  type PackageCodesPage,
  type QrPackageDetail,
  type QrPackageSummary,
  type QrPackagesList,
  type QrStateCounts,
  DIRECT_SALE,
  type packageCodesQuery,
  type qrPackagesQuery,
} from '../../shared/production';
import { QR_STATUSES, type QrPackageStatus } from '../../shared/qr-lifecycle';
import type { Db } from '../db/connection';
import { memorials, packageProduction, qrCodes, qrPackages, resellers, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { containing } from '../lib/like-patterns';
import { WAREHOUSE_STEP } from '../qr/lifecycle';
import { PACKAGE_NOT_FOUND } from '../qr/package-sheet';
import { presentStaffAction, recentStaffActions } from '../staff/audit';

const HISTORY_LIMIT = 100;

/** What the audit log calls a package: its entries' subject (qr/packages.ts writes them). */
export const packageSubject = (id: string) => `qr-package:${id}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * `column` holds `text`, in any case: both sides lower-cased by the database (as ilike folds them,
 * whatever its locale), the typed % and _ taken as themselves. Written as `lower(column) like`, the
 * form the package names' trigram index answers (schema/qr.ts): a name typed in full among 10,000
 * packages is found from the index, where matching every name cost 5 ms and grew with the packages.
 */
const nameHolds = (column: AnyColumn, text: string) => sql`lower(${column}) like lower(${containing(text)})`;

const zeroCounts = (): QrStateCounts => Object.fromEntries(QR_STATUSES.map((status) => [status, 0])) as QrStateCounts;

/** Each package's codes counted by state, zeros included. */
async function countsByPackage(db: Db, ids: string[]): Promise<Map<string, QrStateCounts>> {
  const counts = new Map(ids.map((id) => [id, zeroCounts()]));
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ packageId: qrCodes.packageId, status: qrCodes.status, n: count() })
    .from(qrCodes)
    .where(inArray(qrCodes.packageId, ids))
    .groupBy(qrCodes.packageId, qrCodes.status);
  for (const { packageId, status, n } of rows) counts.get(packageId!)![status] = Number(n);
  return counts;
}

const summaryColumns = {
  id: qrPackages.id,
  name: qrPackages.name,
  size: qrPackages.size,
  resellerId: qrPackages.resellerId,
  resellerName: resellers.companyName,
  status: qrPackages.status,
  createdAt: qrPackages.createdAt,
  statusChangedAt: qrPackages.statusChangedAt,
};

type SummaryRow = { id: string; name: string; size: number; resellerId: string | null; resellerName: string | null; status: QrPackageStatus; createdAt: Date; statusChangedAt: Date | null };

const presentSummary = (row: SummaryRow, counts: QrStateCounts): QrPackageSummary => ({
  id: row.id,
  name: row.name,
  size: row.size,
  resellerId: row.resellerId,
  resellerName: row.resellerName,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  statusChangedAt: iso(row.statusChangedAt),
  counts,
});

/**
 * The packages whose name, or whose reseller's name, holds what was typed. The resellers are found
 * first among the few there are and passed on as ids: matching each package's joined reseller name
 * compared 10,000 names twice, and as a subquery they kept PostgreSQL from reading the names'
 * trigram index beside the packages' reseller index (it read every package: 6.2 ms against 0.8).
 */
export async function packagesMatching(db: Db, q: string): Promise<SQL | undefined> {
  const matching = (await db.select({ id: resellers.id }).from(resellers).where(nameHolds(resellers.companyName, q))).map((reseller) => reseller.id);
  return or(nameHolds(qrPackages.name, q), matching.length > 0 ? inArray(qrPackages.resellerId, matching) : undefined);
}

export async function listPackages(db: Db, query: z.output<typeof qrPackagesQuery>): Promise<QrPackagesList> {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) conditions.push(await packagesMatching(db, query.q));
  if (query.reseller === DIRECT_SALE) conditions.push(isNull(qrPackages.resellerId));
  else if (query.reseller) conditions.push(eq(qrPackages.resellerId, query.reseller));
  if (query.status) conditions.push(eq(qrPackages.status, query.status));
  const where = and(...conditions);

  const rows = await db
    .select(summaryColumns)
    .from(qrPackages)
    .leftJoin(resellers, eq(resellers.id, qrPackages.resellerId))
    .where(where)
    .orderBy(desc(qrPackages.createdAt), desc(qrPackages.id))
    .limit(QR_PACKAGES_PAGE_SIZE)
    .offset((query.page - 1) * QR_PACKAGES_PAGE_SIZE);
  // A first page that is not full is every match: a search for one package reads the names once.
  const counted = async () => Number((await db.select({ n: count() }).from(qrPackages).where(where))[0]?.n ?? 0);
  const [total, counts] = await Promise.all([
    query.page === 1 && rows.length < QR_PACKAGES_PAGE_SIZE ? rows.length : counted(),
    countsByPackage(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    packages: rows.map((row) => presentSummary(row, counts.get(row.id)!)),
    total,
    page: query.page,
    pageSize: QR_PACKAGES_PAGE_SIZE,
  };
}

export async function packageDetail(db: Db, id: string): Promise<QrPackageDetail> {
  const [row] = await db
    .select({ ...summaryColumns, createdById: users.id, createdByName: users.fullName })
    .from(qrPackages)
    .leftJoin(resellers, eq(resellers.id, qrPackages.resellerId))
    .leftJoin(users, eq(users.id, qrPackages.createdBy))
    .where(eq(qrPackages.id, id));
  if (!row) throw notFound(PACKAGE_NOT_FOUND);

  const [counts, [production], history] = await Promise.all([
    countsByPackage(db, [id]),
    db
      .select({ startedAt: packageProduction.startedAt, startedById: users.id, startedByName: users.fullName })
      .from(packageProduction)
      .leftJoin(users, eq(users.id, packageProduction.startedBy))
      .where(eq(packageProduction.packageId, id)),
    recentStaffActions(db, { subject: packageSubject(id), limit: HISTORY_LIMIT }),
  ]);

  return {
    package: {
      ...presentSummary(row, counts.get(id)!),
      createdBy: row.createdById ? { id: row.createdById, name: row.createdByName! } : null,
    },
    nextStep: (WAREHOUSE_STEP[row.status] as QrPackageStatus | undefined) ?? null,
    production: production ? { startedAt: production.startedAt.toISOString(), startedBy: production.startedById ? { id: production.startedById, name: production.startedByName! } : null } : null,
    history: history.map(presentStaffAction),
  };
}


/** A page of the package's codes in the codes' order, with whom each is locked to and what it opens. */
export async function packageCodes(db: Db, id: string, query: z.output<typeof packageCodesQuery>): Promise<PackageCodesPage> {
  const [pkg] = await db.select({ id: qrPackages.id }).from(qrPackages).where(eq(qrPackages.id, id));
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const where = and(eq(qrCodes.packageId, id), query.status ? eq(qrCodes.status, query.status) : undefined);

  const [rows, [counted]] = await Promise.all([
    db
      .select({
        code: qrCodes.code,
        status: qrCodes.status,
        holderId: users.id,
        holderName: users.fullName,
        memorialId: qrCodes.memorialId,
        secondMemorialId: qrCodes.secondMemorialId,
      })
      .from(qrCodes)
      .leftJoin(users, eq(users.id, qrCodes.claimedBy))
      .where(where)
      .orderBy(asc(qrCodes.code))
      .limit(QR_PACKAGE_CODES_PAGE_SIZE)
      .offset((query.page - 1) * QR_PACKAGE_CODES_PAGE_SIZE),
    db.select({ n: count() }).from(qrCodes).where(where),
  ]);

  // The memorials of the page's linked codes, in one query.
  const memorialIds = [...new Set(rows.flatMap((row) => [row.memorialId, row.secondMemorialId]).filter((m): m is string => m !== null))];
  const found =
    memorialIds.length === 0
      ? []
      : await db.select({ id: memorials.id, slug: memorials.slug, name: memorials.name }).from(memorials).where(inArray(memorials.id, memorialIds));
  const byId = new Map(found.map((memorial) => [memorial.id, memorial]));

  return {
    codes: rows.map((row) => ({
      code: row.code,
      status: row.status,
      holder: row.holderId ? { id: row.holderId, name: row.holderName! } : null,
      memorials: [row.memorialId, row.secondMemorialId].flatMap((m) => (m && byId.has(m) ? [byId.get(m)!] : [])),
    })),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: QR_PACKAGE_CODES_PAGE_SIZE,
  };
}

/**
 * The resellers the floor may choose between: approved ones (a new package is made for them, codes
 * are shipped to them), and any other that already has packages (so the list can still be
 * filtered by it), by name.
 */
export async function floorResellers(db: Db): Promise<FloorResellers> {
  const rows = await db
    .select({ id: resellers.id, name: resellers.companyName, status: resellers.status })
    .from(resellers)
    .where(or(eq(resellers.status, 'approved'), sql`exists (select 1 from ${qrPackages} where ${qrPackages.resellerId} = ${resellers.id})`))
    .orderBy(asc(sql`lower(${resellers.companyName})`), asc(resellers.id));
  return { resellers: rows };
}
