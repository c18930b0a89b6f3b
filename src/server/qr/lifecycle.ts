/**
 * Which step of a code's life (PRODUCT.md "QR codes") may follow which, and who may take it. Every
 * change of a code's state goes through moveCode, which records the step in the event log in the
 * same transaction and moves the code only if nobody moved it first.
 *
 *   created → produced → in_stock → shipped       the back office (production staff, admins)
 *   created … shipped → void                       the back office: a damaged or lost code
 *   created … shipped → claimed                    any signed-in person holding the code (lock)
 *   claimed → the state it was claimed from        the person who locked it (unlock)
 *   claimed → linked → claimed                     the holder, with a memorial they run (link, unlink)
 *   in_stock → produced, shipped → in_stock         only undoing a warehouse scan (undoWarehouseScan)
 *
 * A family may lock a code in any state before `claimed`: the code in their hand is the proof, and
 * a direct sale or a code engraved before the warehouse scanned it skips steps. A code a family
 * holds cannot be voided; it must be released first.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '../../shared/auth';
import { QR_STATUS_LABELS, type QrStatus } from '../../shared/qr-lifecycle';
import type { Db, Tx } from '../db/connection';
import { qrCodeEvents, qrCodes } from '../db/schema';
import { type HttpError, conflict, forbidden } from '../lib/errors';

export const BEFORE_CLAIM: readonly QrStatus[] = ['created', 'produced', 'in_stock', 'shipped'];
export const WAREHOUSE_STEP: Partial<Record<QrStatus, QrStatus>> = { created: 'produced', produced: 'in_stock', in_stock: 'shipped' };
export const STAFF_ROLES: readonly Role[] = ['admin', 'production'];

export const STAFF_ONLY = 'Kun produktion og administratorer kan flytte QR-koder.';
export const MOVED_MEANWHILE = 'QR-koden blev ændret imens. Hent siden igen, og prøv igen.';

const label = (status: QrStatus) => QR_STATUS_LABELS[status];

/** Why staff may not move a code (or package) from `from` to `to`, or null when they may. */
export function staffStepRefusal(from: QrStatus, to: QrStatus, role: Role): HttpError | null {
  if (!STAFF_ROLES.includes(role)) return forbidden(STAFF_ONLY);
  if (to === 'void') {
    if (BEFORE_CLAIM.includes(from)) return null;
    if (from === 'void') return conflict('QR-koden er allerede kasseret.');
    return conflict('En familie har låst QR-koden, så den kan ikke kasseres. Den skal frigives først.');
  }
  if (WAREHOUSE_STEP[from] === to) return null;
  if (to === 'claimed' || to === 'linked') return conflict('Kun familien selv kan låse en QR-kode og knytte den til en mindeside.');
  return conflict(`En QR-kode kan ikke gå fra "${label(from)}" til "${label(to)}".`);
}

export interface Step {
  code: string;
  from: QrStatus;
  to: QrStatus;
  actorId: string | null;
  at: Date;
  /** Columns that change with the state (the holder, the memorials). */
  set?: Partial<Pick<typeof qrCodes.$inferInsert, 'claimedBy' | 'claimedAt' | 'memorialId' | 'secondMemorialId' | 'resellerId'>>;
  detail?: Record<string, unknown>;
}

/**
 * Takes one step if the code is still in `from`: of two people moving one code at once exactly one
 * update matches, and the other learns it (false) instead of overwriting.
 */
export async function tryMoveCode(tx: Db | Tx, step: Step): Promise<boolean> {
  const moved = await tx
    .update(qrCodes)
    .set({ status: step.to, ...step.set })
    .where(and(eq(qrCodes.code, step.code), eq(qrCodes.status, step.from)))
    .returning({ code: qrCodes.code });
  if (moved.length === 0) return false;
  await tx.insert(qrCodeEvents).values({ code: step.code, fromStatus: step.from, event: step.to, actorId: step.actorId, at: step.at, detail: step.detail ?? null });
  return true;
}

/** tryMoveCode for a step the caller has just checked: losing the race is a Danish 409. */
export async function moveCode(tx: Db | Tx, step: Step): Promise<void> {
  if (!(await tryMoveCode(tx, step))) throw conflict(MOVED_MEANWHILE);
}

/**
 * The only steps backwards, and only for one purpose: undoing a warehouse scan
 * (production/warehouse.ts) that was a mistake a moment ago (the wrong box, the wrong reseller).
 * Nothing else may take a code back a step: a code's history moves forward, and a family's code
 * never goes back to the shelf. The step back is the scan's own step reversed, never further.
 */
export const WAREHOUSE_UNDO_STEP: Partial<Record<QrStatus, QrStatus>> = { in_stock: 'produced', shipped: 'in_stock' };

export interface UndoneCode {
  code: string;
  from: QrStatus;
  to: QrStatus;
}

/**
 * Takes back the codes warehouse scan `scanId` moved (found by the `scanId` its events carry, on
 * the index qr_code_events_scan_idx) that are still where it put them; a code that moved on since
 * (a family locked it, someone scanned it out) stays where it is. A code the scan gave to a reseller
 * (`resellerSet` in its event) is given back to direct sale. Each step back is an event with
 * `undoOf`, by whom and when; the scan's own events stay as they are (the log is append-only).
 */
export async function undoWarehouseScan(tx: Db | Tx, scanId: number, actorId: string, at: Date): Promise<UndoneCode[]> {
  const events = await tx
    .select({ code: qrCodeEvents.code, event: qrCodeEvents.event, detail: qrCodeEvents.detail })
    .from(qrCodeEvents)
    // The index's own expression and predicate, so PostgreSQL uses it.
    .where(and(sql`${qrCodeEvents.detail}->>'scanId' = ${String(scanId)}`, sql`${qrCodeEvents.detail} ? 'scanId'`));
  const undone: UndoneCode[] = [];
  // A scan moved all its codes one way (in, or out to one reseller); grouped all the same, by where
  // they went and whether the reseller was the scan's doing, each group one update and one insert.
  const groups = new Map<string, { to: QrStatus; from: QrStatus; clearReseller: boolean; codes: string[] }>();
  for (const event of events) {
    const back = WAREHOUSE_UNDO_STEP[event.event];
    if (!back) continue;
    const clearReseller = event.detail?.resellerSet === true;
    const key = `${event.event}:${clearReseller}`;
    const group = groups.get(key) ?? { to: back, from: event.event, clearReseller, codes: [] };
    group.codes.push(event.code);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    for (let i = 0; i < group.codes.length; i += 1000) {
      const batch = group.codes.slice(i, i + 1000);
      const moved = await tx
        .update(qrCodes)
        .set({ status: group.to, ...(group.clearReseller ? { resellerId: null } : {}) })
        .where(and(inArray(qrCodes.code, batch), eq(qrCodes.status, group.from)))
        .returning({ code: qrCodes.code });
      if (moved.length === 0) continue;
      await tx.insert(qrCodeEvents).values(
        moved.map(({ code }) => ({ code, fromStatus: group.from, event: group.to, actorId, at, detail: { undoOf: scanId, via: 'warehouse', ...(group.clearReseller ? { resellerCleared: true } : {}) } })),
      );
      undone.push(...moved.map(({ code }) => ({ code, from: group.from, to: group.to })));
    }
  }
  return undone;
}
