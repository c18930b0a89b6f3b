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
 *
 * A family may lock a code in any state before `claimed`: the code in their hand is the proof, and
 * a direct sale or a code engraved before the warehouse scanned it skips steps. A code a family
 * holds cannot be voided; it must be released first.
 */
import { and, eq } from 'drizzle-orm';
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
  set?: Partial<Pick<typeof qrCodes.$inferInsert, 'claimedBy' | 'claimedAt' | 'memorialId' | 'secondMemorialId'>>;
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
