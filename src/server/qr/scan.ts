/**
 * Where a scanned code leads (PRODUCT.md "Scanning /qr/{code} → /qr-scan/{code} decides"), for the
 * person holding the phone: a linked code to its memorial, my own unlinked code to setting it up,
 * a free code to activating it, someone else's unlinked code to an explanation, anything else to
 * "Ugyldig QR-kode". It never says who holds a code.
 */
import { eq, sql } from 'drizzle-orm';
import { codeFromInput } from '../../shared/qr-code';
import type { ScanResult } from '../../shared/qr-lifecycle';
import type { Db } from '../db/connection';
import { preparedQuery } from '../db/prepared';
import { qrCodes } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { visibleMemorial } from '../memorials/service';
import { BEFORE_CLAIM } from './lifecycle';

/** Said the same whether the code opens nothing or nothing this reader may see. */
const NOT_LINKED = 'QR-koden åbner ikke en mindeside, du kan se.';

const scannedCode = preparedQuery((db) =>
  db
    .select({ code: qrCodes.code, status: qrCodes.status, claimedBy: qrCodes.claimedBy, memorialId: qrCodes.memorialId, secondMemorialId: qrCodes.secondMemorialId })
    .from(qrCodes)
    .where(eq(qrCodes.code, sql.placeholder('code')))
    .prepare('qr_code_scanned'),
);

/** `scanned` is told each memorial a linked code opens, for its statistics (stats/counter.ts). */
export async function resolveScan(db: Db, input: string, userId: string | null, scanned?: (memorialId: string) => void): Promise<ScanResult> {
  const code = codeFromInput(input);
  const [row] = code ? await scannedCode(db).execute({ code }) : [];
  if (!row || row.status === 'void') return { next: 'invalid' };
  if (row.status === 'linked') {
    // A shared stone is a visit to both people on it.
    for (const memorialId of [row.memorialId, row.secondMemorialId]) if (memorialId) scanned?.(memorialId);
    // By the code, not the memorial's address: a private memorial's address carries its name.
    return { next: 'memorial', code: row.code, path: row.secondMemorialId ? `/memorial/qr/${row.code}/dual` : `/memorial/qr/${row.code}` };
  }
  if (BEFORE_CLAIM.includes(row.status)) return { next: 'activate', code: row.code };
  return row.claimedBy === userId && userId !== null ? { next: 'setup', code: row.code } : { next: 'taken', code: row.code };
}

/**
 * The memorials a linked code opens that this reader may see, in the stone's order: for the shared
 * stone's page. A private one is left out for an outsider; none at all is "not found".
 */
export async function memorialsOfCode(deps: Deps, input: string, userId: string | null): Promise<{ id: string; slug: string }[]> {
  const code = codeFromInput(input);
  const [row] = code ? await deps.db.select().from(qrCodes).where(eq(qrCodes.code, code)) : [];
  if (!row || row.status !== 'linked') throw notFound(NOT_LINKED);
  const shown: { id: string; slug: string }[] = [];
  for (const id of [row.memorialId, row.secondMemorialId]) {
    if (!id) continue;
    try {
      // Whether it may be seen, without its gallery: the page fetches each memorial itself.
      const { row: memorial } = await visibleMemorial(deps, id, userId);
      shown.push({ id: memorial.id, slug: memorial.slug });
    } catch (error) {
      // Not the reader's to see (404), or deleted (410): the stone's other memorial still shows.
      if (!(error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410))) throw error;
    }
  }
  if (shown.length === 0) throw notFound(NOT_LINKED);
  return shown;
}
