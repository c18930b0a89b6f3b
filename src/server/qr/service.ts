import { and, eq, isNull, ne, notInArray } from 'drizzle-orm';
import { generateCode, parseCode } from '../../shared/qr-code';
import type { Db, Tx } from '../db/connection';
import { qrCodeEvents, qrCodes } from '../db/schema';

/**
 * Pulls a code out of whatever a scanner or a person handed us: the bare code, or a link of ours
 * that carries it (/qr/{code}, /qr-scan/{code}, …).
 */
export function codeFromInput(input: string): string | null {
  const trimmed = input.trim();
  const fromPath = /\/(?:qr|qr-scan|qr-setup|qr-linking|memorial\/qr)\/([^/?#\s]+)/i.exec(trimmed);
  return parseCode(fromPath ? decodeURIComponent(fromPath[1]!) : trimmed);
}

/** A code is valid when it is ours and not voided. It says nothing about who holds it. */
export async function isValidCode(db: Db, input: string): Promise<boolean> {
  const code = codeFromInput(input);
  if (!code) return false;
  const [row] = await db
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.code, code), ne(qrCodes.status, 'void')));
  return Boolean(row);
}

export type ClaimResult = 'claimed' | 'already-mine' | 'taken' | 'unknown';

/**
 * Locks an unclaimed code to an account (PRODUCT.md "Lock = claim"). The conditional update is the
 * guard: of two people claiming one code at once, exactly one update matches.
 */
export async function claimCode(tx: Db | Tx, code: string, userId: string, at: Date): Promise<ClaimResult> {
  const claimed = await tx
    .update(qrCodes)
    .set({ status: 'claimed', claimedBy: userId, claimedAt: at })
    .where(and(eq(qrCodes.code, code), isNull(qrCodes.claimedBy), notInArray(qrCodes.status, ['void', 'linked', 'claimed'])))
    .returning({ code: qrCodes.code });
  if (claimed.length > 0) {
    await tx.insert(qrCodeEvents).values({ code, event: 'claimed', actorId: userId, at });
    return 'claimed';
  }
  const [row] = await tx.select().from(qrCodes).where(eq(qrCodes.code, code));
  if (!row || row.status === 'void') return 'unknown';
  return row.claimedBy === userId ? 'already-mine' : 'taken';
}

/** True when the code exists and nobody holds it yet. */
export async function isClaimable(db: Db | Tx, code: string): Promise<boolean> {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.code, code));
  return Boolean(row && !row.claimedBy && !['void', 'linked', 'claimed'].includes(row.status));
}

/** Makes new codes, retrying the rare collision with an existing one. */
export async function createCodes(
  db: Db,
  count: number,
  deps: { randomBytes: (size: number) => Uint8Array; now: () => Date },
  actorId: string | null = null,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const made: string[] = [];
    while (made.length < count) {
      const batch = Array.from({ length: Math.min(500, count - made.length) }, () => generateCode(deps.randomBytes));
      const inserted = await tx
        .insert(qrCodes)
        .values(batch.map((code) => ({ code, createdAt: deps.now() })))
        .onConflictDoNothing()
        .returning({ code: qrCodes.code });
      if (inserted.length > 0) {
        await tx.insert(qrCodeEvents).values(inserted.map(({ code }) => ({ code, event: 'created' as const, actorId, at: deps.now() })));
      }
      made.push(...inserted.map((row) => row.code));
    }
    return made;
  });
}
