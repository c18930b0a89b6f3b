/**
 * Where a scanned code leads (PRODUCT.md "Scanning /qr/{code} → /qr-scan/{code} decides"), for the
 * person holding the phone: a linked code to its memorial, my own unlinked code to setting it up,
 * a free code to activating it, someone else's unlinked code to an explanation, anything else to
 * "Ugyldig QR-kode". It never says who holds a code.
 */
import { eq } from 'drizzle-orm';
import { codeFromInput } from '../../shared/qr-code';
import type { ScanResult } from '../../shared/qr-lifecycle';
import type { Db } from '../db/connection';
import { qrCodes } from '../db/schema';
import { BEFORE_CLAIM } from './lifecycle';

export async function resolveScan(db: Db, input: string, userId: string | null): Promise<ScanResult> {
  const code = codeFromInput(input);
  const [row] = code ? await db.select().from(qrCodes).where(eq(qrCodes.code, code)) : [];
  if (!row || row.status === 'void') return { next: 'invalid' };
  if (row.status === 'linked') {
    // By the code, not the memorial's address: a private memorial's address carries its name.
    return { next: 'memorial', code: row.code, path: row.secondMemorialId ? `/memorial/qr/${row.code}/dual` : `/memorial/qr/${row.code}` };
  }
  if (BEFORE_CLAIM.includes(row.status)) return { next: 'activate', code: row.code };
  return row.claimedBy === userId && userId !== null ? { next: 'setup', code: row.code } : { next: 'taken', code: row.code };
}
