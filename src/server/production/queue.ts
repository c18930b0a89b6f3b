/**
 * The production queue (issue 23 item 5, decision 0029): packages of codes still to be printed and
 * plaques still to be engraved, oldest first, with who started each. Taking a package to the
 * printer is recorded once (package_production: the first to press keeps it); marking it produced
 * is the lifecycle's package step (qr/packages.ts movePackage), which moves its codes with it.
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { QR_STATUS_LABELS } from '../../shared/qr-lifecycle';
import { type ProductionQueue, productionMessages } from '../../shared/production-queue';
import type { Db } from '../db/connection';
import { packageProduction, qrPackages, resellers, users } from '../db/schema';
import type { Deps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import type { StaffCaller } from '../staff/guard';
import type { StaffActionRecorder } from '../staff/audit';
import { movePackage } from '../qr/packages';
import { openLaserJobs } from './laser-jobs';

/** The most of each kind the queue shows: more than a day's work, fewer than would slow the page. */
export const QUEUE_LIMIT = 200;

const creator = alias(users, 'creator');
const starter = alias(users, 'starter');

export async function productionQueue(db: Db): Promise<ProductionQueue> {
  const packages = await db
    .select({
      id: qrPackages.id,
      name: qrPackages.name,
      size: qrPackages.size,
      resellerName: resellers.companyName,
      createdAt: qrPackages.createdAt,
      createdByName: creator.fullName,
      startedAt: packageProduction.startedAt,
      startedByName: starter.fullName,
    })
    .from(qrPackages)
    .leftJoin(resellers, eq(resellers.id, qrPackages.resellerId))
    .leftJoin(creator, eq(creator.id, qrPackages.createdBy))
    .leftJoin(packageProduction, eq(packageProduction.packageId, qrPackages.id))
    .leftJoin(starter, eq(starter.id, packageProduction.startedBy))
    .where(eq(qrPackages.status, 'created'))
    .orderBy(asc(qrPackages.createdAt), asc(qrPackages.id))
    .limit(QUEUE_LIMIT);
  return {
    packages: packages.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), startedAt: row.startedAt?.toISOString() ?? null })),
    jobs: await openLaserJobs(db, ['waiting', 'engraving', 'failed'], QUEUE_LIMIT),
  };
}

interface FloorActor {
  deps: Deps;
  staff: StaffCaller['user'];
  record: StaffActionRecorder;
}

/**
 * Someone takes the package to the printer. Pressed again, by them or another, it stays the first
 * one's (the queue says who has it), and the log has one entry.
 */
export async function startPackage({ deps, staff, record }: FloorActor, packageId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [pkg] = await tx.select({ status: qrPackages.status, name: qrPackages.name }).from(qrPackages).where(eq(qrPackages.id, packageId)).for('update');
    if (!pkg) throw notFound(productionMessages.packageNotFound);
    if (pkg.status !== 'created') throw conflict(productionMessages.alreadyProduced);
    const [started] = await tx.insert(packageProduction).values({ packageId, startedBy: staff.id, startedAt: deps.now() }).onConflictDoNothing().returning();
    if (started) await record(tx, { action: 'qr-package.production-start', subject: `qr-package:${packageId}`, details: { name: pkg.name } });
  });
}

/** The package is printed: it and its codes go from created to produced (with their events and the log's entry). */
export async function packageProduced({ deps, staff, record }: FloorActor, packageId: string): Promise<void> {
  const [pkg] = await deps.db.select({ status: qrPackages.status }).from(qrPackages).where(eq(qrPackages.id, packageId));
  if (!pkg) throw notFound(productionMessages.packageNotFound);
  // Said in the floor's words; movePackage's own guard still decides if someone is faster.
  if (pkg.status !== 'created') throw conflict(`${productionMessages.alreadyProduced} Den står som "${QR_STATUS_LABELS[pkg.status]}".`);
  await movePackage(deps, staff, packageId, 'produced', record);
}
