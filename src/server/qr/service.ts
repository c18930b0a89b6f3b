import { and, eq, ne, sql } from 'drizzle-orm';
import { codeFromInput, generateCode } from '../../shared/qr-code';
import type { Db, Tx } from '../db/connection';
import { preparedQuery } from '../db/prepared';
import { qrCodeEvents, qrCodes } from '../db/schema';
import { BEFORE_CLAIM, tryMoveCode } from './lifecycle';

/** A code is valid when it is ours and not voided. It says nothing about who holds it. */
export async function isValidCode(db: Db, input: string): Promise<boolean> {
  const code = codeFromInput(input);
  if (!code) return false;
  const [row] = await validCode(db).execute({ code });
  return Boolean(row);
}

const validCode = preparedQuery((db) =>
  db
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.code, sql.placeholder('code')), ne(qrCodes.status, 'void')))
    .prepare('qr_code_valid'),
);

export type ClaimResult = 'claimed' | 'already-mine' | 'taken' | 'unknown';

/**
 * Locks an unclaimed code to an account (PRODUCT.md "Lock = claim"). The step is taken only while
 * the code is still in the state just read, so of two people claiming one code at once exactly one
 * gets it, and the other learns that it is taken.
 */
export async function claimCode(tx: Db | Tx, code: string, userId: string, at: Date): Promise<ClaimResult> {
  const [row] = await tx.select().from(qrCodes).where(eq(qrCodes.code, code));
  if (row && BEFORE_CLAIM.includes(row.status)) {
    const claimed = await tryMoveCode(tx, { code, from: row.status, to: 'claimed', actorId: userId, at, set: { claimedBy: userId, claimedAt: at } });
    if (claimed) return 'claimed';
  }
  const [now] = await tx.select().from(qrCodes).where(eq(qrCodes.code, code));
  if (!now || now.status === 'void') return 'unknown';
  return now.claimedBy === userId ? 'already-mine' : 'taken';
}

/** True when the code exists and nobody holds it yet. */
export async function isClaimable(db: Db | Tx, code: string): Promise<boolean> {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.code, code));
  return Boolean(row && BEFORE_CLAIM.includes(row.status));
}

/**
 * Makes new codes (in a package, or loose for demos and tests), retrying the rare collision with an
 * existing one. Inside the caller's transaction when given one, so a package and its codes are
 * made together or not at all.
 */
export async function createCodes(
  db: Db | Tx,
  count: number,
  deps: { randomBytes: (size: number) => Uint8Array; now: () => Date },
  options: { actorId?: string | null; packageId?: string | null; resellerId?: string | null } = {},
): Promise<string[]> {
  const { actorId = null, packageId = null, resellerId = null } = options;
  return db.transaction(async (tx) => {
    const made: string[] = [];
    while (made.length < count) {
      const batch = Array.from({ length: Math.min(BATCH, count - made.length) }, () => generateCode(deps.randomBytes));
      const at = deps.now().toISOString();
      // The codes and their first log rows in one statement, the codes as one array parameter:
      // a 10,000-code package is two round trips and a few arrays, not 10,000 rows of parameters.
      const result = (await tx.execute(sql`
        with made as (
          insert into ${qrCodes} (code, package_id, reseller_id, created_at)
          select unnest(${sql.param(batch)}::text[]), ${packageId}::uuid, ${resellerId}::uuid, ${at}::timestamptz
          on conflict do nothing
          returning code
        ), logged as (
          insert into ${qrCodeEvents} (code, event, actor_id, at, detail)
          select code, 'created', ${actorId}::uuid, ${at}::timestamptz, ${packageId ? JSON.stringify({ packageId }) : null}::jsonb from made
        )
        select code from made`)) as unknown as { rows: { code: string }[] };
      made.push(...result.rows.map((row) => row.code));
    }
    return made;
  });
}

/** Codes written per statement when a package is made. */
const BATCH = 5000;
