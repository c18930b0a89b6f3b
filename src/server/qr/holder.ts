/**
 * A family's side of a code (PRODUCT.md "Lock = claim", "Owned codes"): lock it to the account,
 * release it, link it to one memorial (or two for a shared stone) and unlink it, and the lists on
 * /profile. Every answer about a code is for its holder only; to anyone else a code they do not hold
 * says nothing about who does.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { codeFromInput } from '../../shared/qr-code';
import { type LinkQrBody, type OwnedQrCode, QR_STATUS_LABELS, type QrStatus } from '../../shared/qr-lifecycle';
import type { Db, Tx } from '../db/connection';
import { memorials, qrCodeEvents, qrCodes } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { MEMORIAL_NOT_FOUND, findMemorial } from '../memorials/service';
import { BEFORE_CLAIM, moveCode } from './lifecycle';
import { claimCode } from './service';

export const INVALID_CODE = 'Ugyldig QR-kode';
export const TAKEN = 'QR-koden er allerede låst til en anden konto. Er det jeres kode, så kontakt os, så hjælper vi.';
export const NOT_YOURS = 'QR-koden er ikke låst til din konto.';
export const UNLINK_FIRST = 'QR-koden er tilknyttet en mindeside. Fjern tilknytningen, før du frigiver den.';
const NOT_LINKED = 'QR-koden er ikke tilknyttet en mindeside.';
const ALREADY_LINKED = 'QR-koden er allerede tilknyttet en mindeside. Fjern tilknytningen først.';
const SAME_MEMORIAL = 'Vælg to forskellige mindesider til en fælles sten.';
const ADMINS_ONLY = 'Du kan kun knytte QR-koden til en mindeside, som du ejer eller er medadministrator af.';
const DELETED = 'Mindesiden er slettet. Gendan den først.';
const UNLINK_WHO = 'Kun den, der har låst QR-koden, eller mindesidens ejer kan fjerne tilknytningen.';

type CodeRow = typeof qrCodes.$inferSelect;

/** The code a request names, read with its row locked for the change; an unknown or voided one is "Ugyldig QR-kode". */
async function codeForChange(tx: Tx, input: string): Promise<CodeRow> {
  const code = codeFromInput(input);
  const [row] = code ? await tx.select().from(qrCodes).where(eq(qrCodes.code, code)).for('update') : [];
  if (!row || row.status === 'void') throw notFound(INVALID_CODE);
  return row;
}

/** Lock: the signed-in person takes an unclaimed code. Locking one's own code again changes nothing. */
export async function lockCode(deps: Deps, input: string, userId: string): Promise<OwnedQrCode> {
  const code = await deps.db.transaction(async (tx) => {
    const row = await codeForChange(tx, input);
    const result = await claimCode(tx, row.code, userId, deps.now());
    if (result === 'taken') throw conflict(TAKEN);
    if (result === 'unknown') throw notFound(INVALID_CODE);
    return row.code;
  });
  return (await heldCodes(deps.db, userId, [code]))[0]!;
}

/** Unlock: the holder releases a code that is not linked; it goes back to the state it was locked from. */
export async function unlockCode(deps: Deps, input: string, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await codeForChange(tx, input);
    if (row.claimedBy !== userId) throw forbidden(NOT_YOURS);
    if (row.status === 'linked') throw conflict(UNLINK_FIRST);
    const [claim] = await tx
      .select({ from: qrCodeEvents.fromStatus })
      .from(qrCodeEvents)
      .where(and(eq(qrCodeEvents.code, row.code), eq(qrCodeEvents.event, 'claimed')))
      .orderBy(desc(qrCodeEvents.id))
      .limit(1);
    // A code locked before the log knew where from (or made locked by hand) is back in the world: shipped.
    const back: QrStatus = claim?.from && BEFORE_CLAIM.includes(claim.from) ? claim.from : 'shipped';
    await moveCode(tx, { code: row.code, from: 'claimed', to: back, actorId: userId, at: deps.now(), set: { claimedBy: null, claimedAt: null } });
  });
}

/** The memorial a holder may link: one they own or co-administer, not deleted. */
async function memorialToLink(tx: Tx, idOrSlug: string, userId: string): Promise<string> {
  const found = await findMemorial(tx, idOrSlug, userId);
  if (!found || (found.role === null && found.row.privacy === 'private')) throw notFound(MEMORIAL_NOT_FOUND);
  if (found.role !== 'owner' && found.role !== 'coadmin') throw forbidden(ADMINS_ONLY);
  if (found.row.deletedAt) throw badRequest(DELETED);
  return found.row.id;
}

/** Link: the holder attaches their code to a memorial, or to two for a shared stone. */
export async function linkCode(deps: Deps, input: string, userId: string, body: LinkQrBody): Promise<OwnedQrCode> {
  const code = await deps.db.transaction(async (tx) => {
    const row = await codeForChange(tx, input);
    if (row.claimedBy !== userId) throw forbidden(NOT_YOURS);
    if (row.status === 'linked') throw conflict(ALREADY_LINKED);
    const memorialId = await memorialToLink(tx, body.memorial, userId);
    const secondMemorialId = body.secondMemorial ? await memorialToLink(tx, body.secondMemorial, userId) : null;
    if (secondMemorialId === memorialId) throw badRequest(SAME_MEMORIAL, 'secondMemorial');
    await moveCode(tx, {
      code: row.code,
      from: 'claimed',
      to: 'linked',
      actorId: userId,
      at: deps.now(),
      set: { memorialId, secondMemorialId },
      detail: { memorialId, secondMemorialId },
    });
    return { code: row.code, memorialId, secondMemorialId };
  });
  // Visitors' pages read by the code's address must learn of the link now, not in a second.
  for (const id of [code.memorialId, code.secondMemorialId]) if (id) deps.memorialChanged(id);
  return (await heldCodes(deps.db, userId, [code.code]))[0]!;
}

/** Unlink: the holder, or the owner of a memorial the code opens, takes the code off the memorial(s). */
export async function unlinkCode(deps: Deps, input: string, userId: string): Promise<void> {
  const unlinked = await deps.db.transaction(async (tx) => {
    const row = await codeForChange(tx, input);
    if (row.status !== 'linked') {
      if (row.claimedBy === userId) throw conflict(NOT_LINKED);
      throw forbidden(UNLINK_WHO);
    }
    if (row.claimedBy !== userId && !(await ownsAny(tx, [row.memorialId, row.secondMemorialId], userId))) throw forbidden(UNLINK_WHO);
    await moveCode(tx, {
      code: row.code,
      from: 'linked',
      to: 'claimed',
      actorId: userId,
      at: deps.now(),
      set: { memorialId: null, secondMemorialId: null },
      detail: { memorialId: row.memorialId, secondMemorialId: row.secondMemorialId },
    });
    return [row.memorialId, row.secondMemorialId];
  });
  for (const id of unlinked) if (id) deps.memorialChanged(id);
}

async function ownsAny(tx: Tx, memorialIds: (string | null)[], userId: string): Promise<boolean> {
  for (const id of memorialIds) {
    if (id && (await findMemorial(tx, id, userId))?.role === 'owner') return true;
  }
  return false;
}

/**
 * The codes locked to an account, newest first, each with the memorial(s) it opens. `only` narrows
 * the list to some codes (the answer to a lock or a link).
 */
export async function heldCodes(db: Db, userId: string, only?: string[]): Promise<OwnedQrCode[]> {
  const rows = await db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.claimedBy, userId), inArray(qrCodes.status, ['claimed', 'linked']), only ? inArray(qrCodes.code, only) : undefined))
    .orderBy(desc(qrCodes.claimedAt), qrCodes.code);
  const ids = rows.flatMap((row) => [row.memorialId, row.secondMemorialId]).filter((id): id is string => id !== null);
  const linked = ids.length
    ? await db.select({ id: memorials.id, slug: memorials.slug, name: memorials.name }).from(memorials).where(inArray(memorials.id, ids))
    : [];
  const byId = new Map(linked.map((memorial) => [memorial.id, memorial]));
  return rows.map((row) => ({
    code: row.code,
    status: row.status,
    statusLabel: QR_STATUS_LABELS[row.status],
    claimedAt: row.claimedAt?.toISOString() ?? null,
    memorials: [row.memorialId, row.secondMemorialId].flatMap((id) => (id && byId.has(id) ? [byId.get(id)!] : [])),
  }));
}
