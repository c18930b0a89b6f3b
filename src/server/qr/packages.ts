/**
 * The back office's side of codes: making a package (QR-pakke) of codes for a reseller or for
 * direct sale, and moving a package or a single code a warehouse step on, or voiding a code. Who
 * may take which step is lifecycle.ts's rule; this file applies it.
 */
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../shared/auth';
import type { CreateQrPackageBody, QrPackageStatus, QrStatus } from '../../shared/qr-lifecycle';
import { qrCodeEvents, qrCodes, qrPackages, resellers } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import type { StaffActionRecorder } from '../staff/audit';
import { INVALID_CODE } from './holder';
import { STAFF_ONLY, STAFF_ROLES, WAREHOUSE_STEP, moveCode, staffStepRefusal } from './lifecycle';
import { codeFromInput } from '../../shared/qr-code';
import { createCodes } from './service';

interface Staff {
  id: string;
  role: Role;
}

type PackageRow = typeof qrPackages.$inferSelect;

/** The audit log's entry for a step, written in the step's transaction; scripts and tests may leave it out. */
const notRecorded: StaffActionRecorder = async () => {};

export const presentPackage = (row: PackageRow) => ({
  id: row.id,
  name: row.name,
  size: row.size,
  resellerId: row.resellerId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A package and all its codes in one transaction: a failure half-way leaves neither. Codes are
 * random, and the rare collision with an existing code is drawn again, so a package never holds a
 * duplicate and never takes another package's code.
 */
export async function createPackage(deps: Deps, staff: Staff, body: CreateQrPackageBody, record = notRecorded): Promise<PackageRow> {
  if (!STAFF_ROLES.includes(staff.role)) throw forbidden(STAFF_ONLY);
  return deps.db.transaction(async (tx) => {
    if (body.resellerId) {
      const [reseller] = await tx.select({ status: resellers.status }).from(resellers).where(eq(resellers.id, body.resellerId));
      if (!reseller) throw badRequest('Forhandleren findes ikke.', 'resellerId');
      if (reseller.status !== 'approved') throw badRequest('Forhandleren er ikke godkendt endnu.', 'resellerId');
    }
    const [pkg] = await tx
      .insert(qrPackages)
      .values({ name: body.name, size: body.size, resellerId: body.resellerId, createdBy: staff.id, createdAt: deps.now() })
      .returning();
    await createCodes(tx, body.size, deps, { actorId: staff.id, packageId: pkg!.id, resellerId: body.resellerId });
    await record(tx, { action: 'qr-package.create', subject: `qr-package:${pkg!.id}`, details: { name: body.name, size: body.size, resellerId: body.resellerId ?? null } });
    return pkg!;
  });
}

/**
 * Moves a package a warehouse step on, and with it every code of the package still in the
 * package's state (a code a family has already locked, or one voided, stays where it is).
 */
export async function movePackage(deps: Deps, staff: Staff, packageId: string, to: QrStatus, record = notRecorded): Promise<PackageRow> {
  return deps.db.transaction(async (tx) => {
    const [pkg] = await tx.select().from(qrPackages).where(eq(qrPackages.id, packageId)).for('update');
    if (!pkg) throw notFound('QR-pakken findes ikke.');
    const refusal = staffStepRefusal(pkg.status, to, staff.role);
    if (refusal) throw refusal;
    if (WAREHOUSE_STEP[pkg.status] !== to) throw conflict('En hel pakke kan kun flyttes et skridt frem. Kassér enkelte koder én ad gangen.');
    const at = deps.now();
    const moved = await tx
      .update(qrCodes)
      .set({ status: to })
      .where(and(eq(qrCodes.packageId, pkg.id), eq(qrCodes.status, pkg.status)))
      .returning({ code: qrCodes.code });
    for (let i = 0; i < moved.length; i += 1000) {
      await tx.insert(qrCodeEvents).values(moved.slice(i, i + 1000).map(({ code }) => ({ code, fromStatus: pkg.status, event: to, actorId: staff.id, at, detail: { packageId: pkg.id } })));
    }
    const [updated] = await tx.update(qrPackages).set({ status: to as QrPackageStatus, statusChangedAt: at }).where(eq(qrPackages.id, pkg.id)).returning();
    await record(tx, { action: 'qr-package.status', subject: `qr-package:${pkg.id}`, details: { from: pkg.status, to, codes: moved.length } });
    return updated!;
  });
}

/** One code a warehouse step on, or voided (a damaged or lost code), with an optional note in the log. */
export async function moveOneCode(deps: Deps, staff: Staff, input: string, to: QrStatus, note?: string, record = notRecorded): Promise<{ code: string; status: QrStatus }> {
  return deps.db.transaction(async (tx) => {
    const code = codeFromInput(input);
    const [row] = code ? await tx.select().from(qrCodes).where(eq(qrCodes.code, code)).for('update') : [];
    if (!row) throw notFound(INVALID_CODE);
    const refusal = staffStepRefusal(row.status, to, staff.role);
    if (refusal) throw refusal;
    await moveCode(tx, { code: row.code, from: row.status, to, actorId: staff.id, at: deps.now(), detail: note ? { note } : undefined });
    await record(tx, { action: 'qr-code.status', subject: `qr-code:${row.code}`, details: { from: row.status, to, ...(note ? { note } : {}) } });
    return { code: row.code, status: to };
  });
}
