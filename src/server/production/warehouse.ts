/**
 * The packing table (PRODUCT.md "Back office": the warehouse scanner; issue 23 item 6): production
 * staff scan codes, or a package's label, in to stock (produced → in_stock) or out to a reseller
 * (in_stock → shipped), one after another without touching the screen, and may undo their last scan.
 *
 * Every scan is a row in warehouse_scans, a refused one too: the page's list, the running count and
 * the log then agree with what the worker heard, and a refusal is what the back office looks for
 * when a box arrives short. A refusal changes nothing else. An accepted scan moves its codes
 * through the lifecycle (qr/lifecycle.ts, qr/packages.ts) with `{ scanId, via: 'warehouse' }` in
 * each event, which is how its undo finds them again, and is written to the audit log in the same
 * transaction. docs/decisions/0028-warehouse-scans.md says why it is built so.
 *
 * Fast, because a scanner fires as fast as a hand moves (budget: 20 scans a second answered in
 * under 50 ms at p99, bench/warehouse-scan.ts): one transaction of a handful of statements, the
 * code's row read with its reseller's name and locked in one, the count read on an index.
 */
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import {
  type FloorScan,
  WAREHOUSE_RECENT_SCANS,
  type WarehouseCount,
  type WarehouseDirection,
  type WarehouseOutcome,
  type WarehouseScan,
  type WarehouseScanBody,
  type WarehouseScanResponse,
  type WarehouseScansResponse,
  type WarehouseUndoResponse,
  readFloorScan,
  warehouseMessages,
} from '../../shared/production';
import { formatCode } from '../../shared/qr-code';
import { type QrPackageStatus, type QrStatus, STAFF_QR_STATUS_LABELS } from '../../shared/qr-lifecycle';
import type { Db, Tx } from '../db/connection';
import { qrCodes, qrPackages, resellers, warehouseScans } from '../db/schema';
import type { WarehouseScanRow } from '../db/schema/production';
import type { Deps } from '../deps';
import { DANISH_TIME_ZONE, danishDay } from '../lib/daily';
import { conflict, forbidden, notFound } from '../lib/errors';
import { WAREHOUSE_UNDO_STEP, moveCode, undoWarehouseScan } from '../qr/lifecycle';
import { stepPackage } from '../qr/packages';
import type { StaffActionRecorder } from '../staff/audit';

interface Staff {
  id: string;
}

/** Where each direction takes a code or a package, and from where. */
const STEP: Record<WarehouseDirection, { from: QrPackageStatus; to: QrPackageStatus }> = {
  in: { from: 'produced', to: 'in_stock' },
  out: { from: 'in_stock', to: 'shipped' },
};

/** What the scanner typed, as the messages quote it: trimmed, and cut where a label's address would run on. */
function quoted(input: string): string {
  const trimmed = input.trim().replace(/\s+/g, ' ');
  return `„${trimmed.length > 40 ? `${trimmed.slice(0, 39)}…` : trimmed}“`;
}

const codes = (n: number) => `${n.toLocaleString('da-DK')} ${n === 1 ? 'kode' : 'koder'}`;

/**
 * Midnight in Denmark that began `at`'s day. Denmark is one or two hours ahead of UTC and changes
 * its clocks at 2 or 3 in the night, never at midnight, so one of the two offsets gives the day's start.
 */
export function danishMidnight(at: Date): Date {
  const day = danishDay(at);
  for (const offset of ['+01:00', '+02:00']) {
    const midnight = new Date(`${day}T00:00:00${offset}`);
    if (danishDay(midnight) === day && danishDay(new Date(midnight.getTime() - 1)) !== day) return midnight;
  }
  throw new Error(`no midnight found for ${day} in ${DANISH_TIME_ZONE}`);
}

/** How a scan ends, decided before anything is written; `apply` moves what an accepted one moves. */
interface Decision {
  outcome: WarehouseOutcome;
  message: string;
  code: string | null;
  pkg: { id: string; name: string } | null;
  /** Set on an accepted scan: moves the codes with the scan's id in their events; how many moved. */
  apply?: (scanId: number) => Promise<number>;
}

interface Reseller {
  id: string;
  companyName: string;
  status: string;
}

const refused = (message: string, found: Partial<Pick<Decision, 'code' | 'pkg'>> = {}): Decision => ({ outcome: 'refused', message, code: null, pkg: null, ...found });

/** Why a code in `status` cannot take this scan's step, for the states neither direction takes. */
function codeStateRefusal(name: string, status: QrStatus, owner: string | null): string {
  switch (status) {
    case 'created':
      return `${name} er ikke produceret endnu. Den skal trykkes eller graveres, før den kan på lager.`;
    case 'claimed':
    case 'linked':
      return `${name} er låst til en families konto og kan ikke flyttes.`;
    case 'void':
      return `${name} er kasseret og må ikke bruges.`;
    case 'shipped':
      return `${name} er allerede sendt til ${owner ?? 'en forhandler'}.`;
    default:
      return `${name} kan ikke flyttes fra "${STAFF_QR_STATUS_LABELS[status]}".`;
  }
}

async function decideCode(tx: Tx, staff: Staff, at: Date, direction: WarehouseDirection, code: string, to: Reseller | null): Promise<Decision> {
  const [row] = await tx
    .select({ code: qrCodes.code, status: qrCodes.status, resellerId: qrCodes.resellerId, ownerName: resellers.companyName })
    .from(qrCodes)
    .leftJoin(resellers, eq(resellers.id, qrCodes.resellerId))
    .where(eq(qrCodes.code, code))
    .for('update', { of: qrCodes });
  const name = formatCode(code);
  if (!row) return refused(`Ukendt kode „${name}“. Den findes ikke hos Mindested.`);
  const found = { code: row.code };
  const move = (set: { resellerId?: string }) => async (scanId: number) => {
    const detail = { scanId, via: 'warehouse', ...(set.resellerId ? { resellerSet: true } : {}) };
    await moveCode(tx, { code: row.code, from: STEP[direction].from, to: STEP[direction].to, actorId: staff.id, at, set, detail });
    return 1;
  };

  if (direction === 'in') {
    if (row.status === 'produced') return { outcome: 'accepted', message: `${name} er på lager.`, ...found, pkg: null, apply: move({}) };
    if (row.status === 'in_stock') return { outcome: 'already', message: `${name} er allerede på lager.`, ...found, pkg: null };
    return refused(codeStateRefusal(name, row.status, row.ownerName), found);
  }

  const reseller = to!;
  if (row.status === 'shipped') {
    if (row.resellerId === reseller.id) return { outcome: 'already', message: `${name} er allerede sendt til ${reseller.companyName}.`, ...found, pkg: null };
    return refused(codeStateRefusal(name, row.status, row.ownerName), found);
  }
  if (row.status === 'in_stock') {
    if (row.resellerId && row.resellerId !== reseller.id) return refused(`${name} tilhører ${row.ownerName}, ikke ${reseller.companyName}.`, found);
    // A code for direct sale becomes the reseller's as it leaves: its dashboard lists it from now on.
    return { outcome: 'accepted', message: `${name} er sendt til ${reseller.companyName}.`, ...found, pkg: null, apply: move(row.resellerId ? {} : { resellerId: reseller.id }) };
  }
  if (row.status === 'produced') return refused(`${name} er ikke på lager endnu. Scan den ind på lager først.`, found);
  return refused(codeStateRefusal(name, row.status, row.ownerName), found);
}

async function decidePackage(tx: Tx, staff: Staff, at: Date, direction: WarehouseDirection, id: string, to: Reseller | null): Promise<Decision> {
  const [row] = await tx
    .select({ pkg: qrPackages, ownerName: resellers.companyName })
    .from(qrPackages)
    .leftJoin(resellers, eq(resellers.id, qrPackages.resellerId))
    .where(eq(qrPackages.id, id))
    .for('update', { of: qrPackages });
  if (!row) return refused(`Ukendt pakke „${id}“. Etiketten hører ikke til nogen pakke hos Mindested.`);
  const { pkg, ownerName } = row;
  const name = `Pakken „${pkg.name}“`;
  const found = { pkg: { id: pkg.id, name: pkg.name } };
  const accept = (message: (moved: number) => string): Decision => {
    const decision: Decision = {
      outcome: 'accepted',
      message: '',
      code: null,
      ...found,
      apply: async (scanId) => {
        const { moved } = await stepPackage(tx, pkg, STEP[direction].to, { actorId: staff.id, at, detail: { scanId, via: 'warehouse' } });
        decision.message = message(moved);
        return moved;
      },
    };
    return decision;
  };

  if (direction === 'in') {
    if (pkg.status === 'produced') return accept((moved) => `${name} er på lager: ${codes(moved)}.`);
    if (pkg.status === 'in_stock') return { outcome: 'already', message: `${name} er allerede på lager.`, code: null, ...found };
    if (pkg.status === 'created') return refused(`${name} er ikke produceret endnu. Den skal trykkes, før den kan på lager.`, found);
    return refused(`${name} er allerede sendt til ${ownerName ?? 'en forhandler'}.`, found);
  }

  const reseller = to!;
  if (pkg.status === 'shipped' && pkg.resellerId === reseller.id) return { outcome: 'already', message: `${name} er allerede sendt til ${reseller.companyName}.`, code: null, ...found };
  if (pkg.status === 'shipped') return refused(`${name} er allerede sendt til ${ownerName ?? 'en forhandler'}.`, found);
  // A package made for direct sale is not handed to a reseller by a scan of its label: which codes go
  // where is decided code by code (each one scanned out becomes the reseller's).
  if (!pkg.resellerId) return refused(`${name} er til direkte salg. Scan koderne én ad gangen for at sende dem til ${reseller.companyName}.`, found);
  if (pkg.resellerId !== reseller.id) return refused(`${name} er til ${ownerName}, ikke ${reseller.companyName}.`, found);
  if (pkg.status === 'in_stock') return accept((moved) => `${name} er sendt til ${reseller.companyName}: ${codes(moved)}.`);
  if (pkg.status === 'produced') return refused(`${name} er ikke på lager endnu. Scan den ind på lager først.`, found);
  return refused(`${name} er ikke produceret endnu. Den skal trykkes, før den kan sendes.`, found);
}

async function decide(tx: Tx, staff: Staff, at: Date, body: WarehouseScanBody, read: FloorScan | null, reseller: Reseller | null | undefined): Promise<Decision> {
  if (body.direction === 'out') {
    if (!reseller) return refused('Forhandleren findes ikke. Vælg forhandleren igen.');
    if (reseller.status !== 'approved') return refused(`${reseller.companyName} er ikke godkendt som forhandler lige nu. Der sendes ingen koder dertil.`);
  }
  if (!read) return refused(`Ukendt kode ${quoted(body.input)}. Scan den igen, eller tjek at den er skrevet rigtigt.`);
  if (read.kind === 'code') return decideCode(tx, staff, at, body.direction, read.code, reseller ?? null);
  return decidePackage(tx, staff, at, body.direction, read.id, reseller ?? null);
}

/**
 * Only rows from the caller's day: those after the caller's last scan before midnight. On the
 * index (staff_id, id) that reads back over today's scans only, however many days came before.
 */
function sinceMidnight(db: Db | Tx, staffId: string, midnight: Date) {
  const before = db
    .select({ id: warehouseScans.id })
    .from(warehouseScans)
    .where(and(eq(warehouseScans.staffId, staffId), lt(warehouseScans.at, midnight)))
    .orderBy(desc(warehouseScans.id))
    .limit(1);
  return and(eq(warehouseScans.staffId, staffId), gt(warehouseScans.id, sql`coalesce((${before}), 0)`), gte(warehouseScans.at, midnight));
}

/**
 * The running count: the caller's accepted scans today in one direction that are not undone, and
 * the codes they moved. Per person, because two people at two tables each count their own box;
 * per Danish day, because that is a shift at the packing table, and a tablet's session outlives it
 * (a reload, or signing in again after lunch, does not start the count again).
 */
async function countToday(db: Db | Tx, staffId: string, direction: WarehouseDirection, now: Date): Promise<WarehouseCount> {
  const [row] = await db
    .select({ scans: sql<number>`count(*)::int`, codes: sql<number>`coalesce(sum(${warehouseScans.moved}), 0)::int` })
    .from(warehouseScans)
    .where(and(sinceMidnight(db, staffId, danishMidnight(now)), eq(warehouseScans.direction, direction), eq(warehouseScans.outcome, 'accepted'), sql`${warehouseScans.undoneAt} is null`));
  return { scans: row?.scans ?? 0, codes: row?.codes ?? 0 };
}

function present(row: WarehouseScanRow, extra: { packageName: string | null; resellerName: string | null }): WarehouseScan {
  return {
    id: row.id,
    direction: row.direction,
    outcome: row.outcome,
    message: row.message,
    input: row.input,
    code: row.code,
    package: row.packageId ? { id: row.packageId, name: extra.packageName ?? '' } : null,
    resellerName: extra.resellerName,
    moved: row.moved,
    at: row.at.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/** One scan, whatever it says: recorded, and when accepted, its codes moved and the step audited. */
export async function recordScan(deps: Deps, staff: Staff, body: WarehouseScanBody, record: StaffActionRecorder): Promise<WarehouseScanResponse> {
  return deps.db.transaction(async (tx) => {
    const at = deps.now();
    const read = readFloorScan(body.input);
    let reseller: Reseller | null | undefined;
    if (body.direction === 'out') {
      [reseller] = await tx.select({ id: resellers.id, companyName: resellers.companyName, status: resellers.status }).from(resellers).where(eq(resellers.id, body.resellerId!));
    }
    const decision = await decide(tx, staff, at, body, read, reseller);
    const [inserted] = await tx
      .insert(warehouseScans)
      .values({
        staffId: staff.id,
        direction: body.direction,
        resellerId: reseller?.id ?? null,
        input: body.input,
        code: decision.code,
        packageId: decision.pkg?.id ?? null,
        outcome: decision.outcome,
        // A code moves one; a package's count is known once its codes have moved (below).
        moved: decision.apply && decision.code ? 1 : 0,
        message: decision.message,
        at,
      })
      .returning();
    let scan = inserted!;
    const audit = (moved: number) =>
      record(tx, {
        action: body.direction === 'in' ? 'warehouse.scan-in' : 'warehouse.scan-out',
        subject: decision.code ? `qr-code:${decision.code}` : `qr-package:${decision.pkg!.id}`,
        details: { scanId: scan.id, moved, ...(reseller ? { resellerId: reseller.id } : {}) },
      });
    let count: WarehouseCount;
    if (decision.apply && decision.code) {
      // The code's step last, just before the commit: moving a code updates the counts by state
      // (and, out, the reseller's month), rows every scan updates, so each scan holds their locks
      // for as short a time as it can; scans one after another are not kept waiting on each other.
      await audit(1);
      count = await countToday(tx, staff.id, body.direction, at);
      await decision.apply(scan.id);
    } else if (decision.apply) {
      // A package's label: how many codes moved is known once they have (a rare scan; the order matters less).
      const moved = await decision.apply(scan.id);
      const [updated] = await tx.update(warehouseScans).set({ moved, message: decision.message }).where(eq(warehouseScans.id, scan.id)).returning();
      scan = updated!;
      await audit(moved);
      count = await countToday(tx, staff.id, body.direction, at);
    } else {
      count = await countToday(tx, staff.id, body.direction, at);
    }
    return { ...present(scan, { packageName: decision.pkg?.name ?? null, resellerName: reseller?.companyName ?? null }), count };
  });
}

/** The caller's last accepted scan (any direction, any day): the only one that may be undone. */
async function lastAccepted(db: Db | Tx, staffId: string) {
  const [last] = await db
    .select({ id: warehouseScans.id, at: warehouseScans.at, undoneAt: warehouseScans.undoneAt })
    .from(warehouseScans)
    .where(and(eq(warehouseScans.staffId, staffId), eq(warehouseScans.outcome, 'accepted')))
    .orderBy(desc(warehouseScans.id))
    .limit(1);
  return last;
}

/**
 * Undoes the caller's last accepted scan: a mistake caught at once (the wrong box, the wrong
 * reseller chosen). Only one's own and only the last, so an undo never takes back what someone
 * else, or one's own later work, built on; and only once. The codes it moved go back one step if
 * they are still where it put them (lifecycle.ts undoWarehouseScan); a package's label's package
 * too. When nothing is where the scan put it, nothing changes and the answer says why.
 */
export async function undoScan(deps: Deps, staff: Staff, scanId: number, record: StaffActionRecorder): Promise<WarehouseUndoResponse> {
  return deps.db.transaction(async (tx) => {
    const at = deps.now();
    const [row] = await tx
      .select({ scan: warehouseScans, packageName: qrPackages.name, resellerName: resellers.companyName })
      .from(warehouseScans)
      .leftJoin(qrPackages, eq(qrPackages.id, warehouseScans.packageId))
      .leftJoin(resellers, eq(resellers.id, warehouseScans.resellerId))
      .where(eq(warehouseScans.id, scanId))
      .for('update', { of: warehouseScans });
    if (!row) throw notFound(warehouseMessages.notFound);
    const { scan } = row;
    if (scan.staffId !== staff.id) throw forbidden(warehouseMessages.notYours);
    if (scan.undoneAt) throw conflict(warehouseMessages.alreadyUndone);
    const last = await lastAccepted(tx, staff.id);
    if (scan.outcome !== 'accepted' || last?.id !== scan.id) throw conflict(warehouseMessages.notLast);

    const undone = await undoWarehouseScan(tx, scan.id, staff.id, at);
    const step = STEP[scan.direction];
    let packageBack = false;
    if (scan.packageId) {
      const back = WAREHOUSE_UNDO_STEP[step.to] as QrPackageStatus;
      const moved = await tx
        .update(qrPackages)
        .set({ status: back, statusChangedAt: at })
        .where(and(eq(qrPackages.id, scan.packageId), eq(qrPackages.status, step.to)))
        .returning({ id: qrPackages.id });
      packageBack = moved.length > 0;
    }
    const name = scan.code ? formatCode(scan.code) : `Pakken „${row.packageName}“`;
    if (undone.length === 0 && !packageBack) {
      let now = '';
      if (scan.code) {
        const [code] = await tx.select({ status: qrCodes.status }).from(qrCodes).where(eq(qrCodes.code, scan.code));
        now = code ? ` (den er nu "${STAFF_QR_STATUS_LABELS[code.status]}")` : '';
      }
      throw conflict(`${name} er flyttet siden scanningen${now}, så der er intet at fortryde.`);
    }

    const [updated] = await tx.update(warehouseScans).set({ undoneAt: at }).where(eq(warehouseScans.id, scan.id)).returning();
    await record(tx, {
      action: 'warehouse.undo',
      subject: scan.code ? `qr-code:${scan.code}` : `qr-package:${scan.packageId}`,
      details: { scanId: scan.id, direction: scan.direction, codes: undone.length, ...(scan.packageId ? { packageBack } : {}) },
    });
    const where = scan.direction === 'in' ? 'tilbage som produceret, ikke på lager' : 'tilbage på lager';
    const stayed = scan.moved - undone.length;
    const message = scan.code
      ? `Fortrudt: ${name} er ${where}.`
      : `Fortrudt: ${name} er ${where}: ${codes(undone.length)}.${stayed > 0 ? ` ${codes(stayed)} er flyttet siden og bliver, hvor ${stayed === 1 ? 'den' : 'de'} er.` : ''}`;
    return {
      scan: present(updated!, { packageName: row.packageName, resellerName: row.resellerName }),
      movedBack: undone.length,
      message,
      count: await countToday(tx, staff.id, scan.direction, at),
    };
  });
}

/** The caller's scans today in one direction, newest first, with the count and what may be undone: the page after a reload. */
export async function scansToday(deps: Pick<Deps, 'db' | 'now'>, staff: Staff, direction: WarehouseDirection): Promise<WarehouseScansResponse> {
  const now = deps.now();
  const midnight = danishMidnight(now);
  const withNames = () =>
    deps.db
      .select({ scan: warehouseScans, packageName: qrPackages.name, resellerName: resellers.companyName })
      .from(warehouseScans)
      .leftJoin(qrPackages, eq(qrPackages.id, warehouseScans.packageId))
      .leftJoin(resellers, eq(resellers.id, warehouseScans.resellerId));
  const rows = await withNames()
    .where(and(sinceMidnight(deps.db, staff.id, midnight), eq(warehouseScans.direction, direction)))
    .orderBy(desc(warehouseScans.id))
    .limit(WAREHOUSE_RECENT_SCANS);
  const last = await lastAccepted(deps.db, staff.id);
  // Offered on the page only while it is today's: an undo should take back what the day's work shows.
  const [undoable] = last && !last.undoneAt && last.at >= midnight ? await withNames().where(eq(warehouseScans.id, last.id)) : [];
  return {
    scans: rows.map((row) => present(row.scan, row)),
    count: await countToday(deps.db, staff.id, direction, now),
    undoable: undoable ? present(undoable.scan, undoable) : null,
  };
}

/** Whom codes may go out to: approved resellers, by name. */
export async function approvedResellers(db: Db) {
  const rows = await db
    .select({ id: resellers.id, companyName: resellers.companyName, town: resellers.town })
    .from(resellers)
    .where(eq(resellers.status, 'approved'))
    .orderBy(resellers.companyName);
  return { resellers: rows };
}
