/**
 * One code as the back office sees it (/admin/qr, /admin/qr-scanner): whatever was typed, pasted
 * with hyphens or scanned (the address its symbol encodes), the code's state, package, reseller,
 * the account it is locked to, its memorials, the reseller's hand-over and every step of its life
 * with who took it. Staff see who holds a code; a family never does (qr/holder.ts).
 *
 * And voiding a code with a reason: lifecycle.ts says whether it may be voided (not once a family
 * holds it), moveCode takes the step with its event row, and the audit log has it, all in one
 * transaction.
 */
import { aliasedTable, asc, desc, eq } from 'drizzle-orm';
import type { Role } from '../../shared/auth';
import { type QrCodeView, unknownCodeMessage } from '../../shared/production';
import { codeFromInput } from '../../shared/qr-code';
import type { Db, Tx } from '../db/connection';
import { inTurn } from '../db/in-turn';
import { codeHandovers, memorials, qrCodeEvents, qrCodes, qrPackages, resellers, users } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import type { StaffActionRecorder } from '../staff/audit';
import { moveCode, staffStepRefusal } from '../qr/lifecycle';

interface Staff {
  id: string;
  role: Role;
}

/** What the audit log calls a code: its entries' subject. */
export const codeSubject = (code: string) => `qr-code:${code}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The note a step carries: a void's reason, or the note given with a step. */
function noteOf(detail: Record<string, unknown> | null): string | null {
  for (const key of ['reason', 'note'] as const) {
    const value = detail?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** The code `input` names, or a 404 that repeats what was typed. */
async function knownCode(db: Db | Tx, input: string, forUpdate = false): Promise<typeof qrCodes.$inferSelect> {
  const code = codeFromInput(input);
  if (code) {
    const select = db.select().from(qrCodes).where(eq(qrCodes.code, code));
    const [row] = forUpdate ? await select.for('update') : await select;
    if (row) return row;
  }
  throw notFound(unknownCodeMessage(input));
}

const holderUser = aliasedTable(users, 'holder');
const actorUser = aliasedTable(users, 'actor');
const giverUser = aliasedTable(users, 'giver');

/** Everything the back office shows of one code, for a caller of `role` (who may or may not void it). */
export async function codeView(db: Db | Tx, input: string, role: Role): Promise<QrCodeView> {
  const row = await knownCode(db, input);
  const [[facts], memorialRows, [handover], events] = await inTurn(
    () => db
      .select({
        packageId: qrPackages.id,
        packageName: qrPackages.name,
        packageStatus: qrPackages.status,
        resellerId: resellers.id,
        resellerName: resellers.companyName,
        holderId: holderUser.id,
        holderName: holderUser.fullName,
        holderEmail: holderUser.email,
      })
      .from(qrCodes)
      .leftJoin(qrPackages, eq(qrPackages.id, qrCodes.packageId))
      .leftJoin(resellers, eq(resellers.id, qrCodes.resellerId))
      .leftJoin(holderUser, eq(holderUser.id, qrCodes.claimedBy))
      .where(eq(qrCodes.code, row.code)),
    () => memorialsOf(db, [row.memorialId, row.secondMemorialId]),
    () => db
      .select({
        familyName: codeHandovers.familyName,
        email: codeHandovers.email,
        givenAt: codeHandovers.createdAt,
        givenBy: giverUser.fullName,
        withdrawnAt: codeHandovers.withdrawnAt,
      })
      .from(codeHandovers)
      .leftJoin(giverUser, eq(giverUser.id, codeHandovers.givenBy))
      .where(eq(codeHandovers.code, row.code))
      .orderBy(desc(codeHandovers.createdAt), desc(codeHandovers.id))
      .limit(1),
    () => db
      .select({ id: qrCodeEvents.id, from: qrCodeEvents.fromStatus, to: qrCodeEvents.event, at: qrCodeEvents.at, detail: qrCodeEvents.detail, actorId: actorUser.id, actorName: actorUser.fullName })
      .from(qrCodeEvents)
      .leftJoin(actorUser, eq(actorUser.id, qrCodeEvents.actorId))
      .where(eq(qrCodeEvents.code, row.code))
      .orderBy(asc(qrCodeEvents.id)),
  );

  return {
    code: row.code,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    package: facts?.packageId ? { id: facts.packageId, name: facts.packageName!, status: facts.packageStatus! } : null,
    reseller: facts?.resellerId ? { id: facts.resellerId, name: facts.resellerName! } : null,
    holder: facts?.holderId ? { id: facts.holderId, name: facts.holderName!, email: facts.holderEmail!, claimedAt: iso(row.claimedAt) } : null,
    memorials: memorialRows,
    handover: handover
      ? { familyName: handover.familyName, email: handover.email, givenAt: handover.givenAt.toISOString(), givenBy: handover.givenBy, withdrawnAt: iso(handover.withdrawnAt) }
      : null,
    events: events.map((event) => ({
      id: event.id,
      from: event.from,
      to: event.to,
      actor: event.actorId ? { id: event.actorId, name: event.actorName! } : null,
      at: event.at.toISOString(),
      note: noteOf(event.detail),
      detail: event.detail ?? {},
    })),
    voidRefusal: staffStepRefusal(row.status, 'void', role)?.message ?? null,
  };
}

/** The memorials a code opens, in the stone's order (the first, then a shared stone's second). */
async function memorialsOf(db: Db | Tx, ids: (string | null)[]): Promise<QrCodeView['memorials']> {
  const shown: QrCodeView['memorials'] = [];
  for (const id of ids) {
    if (!id) continue;
    const [memorial] = await db.select({ id: memorials.id, slug: memorials.slug, name: memorials.name, deletedAt: memorials.deletedAt }).from(memorials).where(eq(memorials.id, id));
    if (memorial) shown.push({ id: memorial.id, slug: memorial.slug, name: memorial.name, deleted: memorial.deletedAt !== null });
  }
  return shown;
}

/**
 * Voids a code (a damaged or lost one) with the reason why: refused with lifecycle.ts's reason for
 * a code a family holds or one voided already; the step, its event row (with the reason) and the
 * audit entry are one transaction. Answers the code as it is now.
 */
export async function voidCode(deps: Pick<Deps, 'db' | 'now'>, staff: Staff, input: string, reason: string, record: StaffActionRecorder): Promise<QrCodeView> {
  return deps.db.transaction(async (tx) => {
    const row = await knownCode(tx, input, true);
    const refusal = staffStepRefusal(row.status, 'void', staff.role);
    if (refusal) throw refusal;
    await moveCode(tx, { code: row.code, from: row.status, to: 'void', actorId: staff.id, at: deps.now(), detail: { reason } });
    await record(tx, { action: 'qr-code.void', subject: codeSubject(row.code), details: { from: row.status, reason } });
    return codeView(tx, row.code, staff.role);
  });
}
