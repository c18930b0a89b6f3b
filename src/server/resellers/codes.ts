/**
 * A reseller's codes as its dashboard shows them (/reseller-dashboard): each code's place between
 * the warehouse and the stone, page by page in the codes' order, searchable, counted per state,
 * and all of them as a CSV. A reseller with 50,000 codes reads its first page and counts through
 * qr_codes' (reseller_id, …) indexes; the CSV is fetched in keyset batches and streamed, so the
 * server holds one batch at a time, whatever the number of codes.
 */
import type { Readable } from 'node:stream';
import { type SQL, and, count, eq, gt, ilike, inArray, isNotNull, isNull, like, or } from 'drizzle-orm';
import { RESELLER_CODE_STATES, RESELLER_CODE_STATE_LABELS, type ResellerCode, type ResellerCodeState, type ResellerCodesPage } from '../../shared/resellers-api';
import type { QrStatus } from '../../shared/qr-lifecycle';
import { CODE_ALPHABET, formatCode, normalizeCode } from '../../shared/qr-code';
import type { Db, Tx } from '../db/connection';
import { codeHandovers, qrCodes, qrPackages } from '../db/schema';
import { csvStream } from '../lib/csv';
import { containing } from '../lib/like-patterns';

const ON_THE_WAY: QrStatus[] = ['created', 'produced', 'in_stock'];

/** The code's state as its reseller sees it: a shipped code with a live hand-over has been given. */
export function resellerState(status: QrStatus, given: boolean): ResellerCodeState {
  if (ON_THE_WAY.includes(status)) return 'on_the_way';
  if (status === 'shipped') return given ? 'given' : 'shipped';
  return status as ResellerCodeState;
}

/**
 * The hand-over that is live (not withdrawn): one per code at most (a partial unique index). The
 * code's own reseller's: saying so lets PostgreSQL read only that reseller's hand-overs (by
 * code_handovers_reseller_idx) instead of every reseller's.
 */
const liveHandover = and(eq(codeHandovers.code, qrCodes.code), eq(codeHandovers.resellerId, qrCodes.resellerId), isNull(codeHandovers.withdrawnAt));

function stateCondition(state: ResellerCodeState): SQL {
  switch (state) {
    case 'on_the_way':
      return inArray(qrCodes.status, ON_THE_WAY);
    case 'shipped':
      return and(eq(qrCodes.status, 'shipped'), isNull(codeHandovers.id))!;
    case 'given':
      return and(eq(qrCodes.status, 'shipped'), isNotNull(codeHandovers.id))!;
    default:
      return eq(qrCodes.status, state);
  }
}

/**
 * What a person types in the search box: the start of a code (typed with or without its hyphens),
 * or part of a family's name or e-mail.
 */
function searchCondition(q: string): SQL {
  const byFamily = or(ilike(codeHandovers.familyName, containing(q)), ilike(codeHandovers.email, containing(q)))!;
  const typed = q.toUpperCase().replace(/[\s-]/g, '');
  const full = normalizeCode(q);
  if (full) return or(eq(qrCodes.code, full), byFamily)!;
  if (typed.length >= 2 && [...typed].every((c) => CODE_ALPHABET.includes(c))) return or(like(qrCodes.code, `${typed}%`), byFamily)!;
  return byFamily;
}

const codeColumns = {
  code: qrCodes.code,
  status: qrCodes.status,
  claimedAt: qrCodes.claimedAt,
  packageName: qrPackages.name,
  handoverId: codeHandovers.id,
  familyName: codeHandovers.familyName,
  email: codeHandovers.email,
  givenAt: codeHandovers.createdAt,
};

interface CodeRow {
  code: string;
  status: QrStatus;
  claimedAt: Date | null;
  packageName: string | null;
  handoverId: string | null;
  familyName: string | null;
  email: string | null;
  givenAt: Date | null;
}

function present(row: CodeRow): ResellerCode {
  return {
    code: row.code,
    state: resellerState(row.status, row.handoverId !== null),
    packageName: row.packageName,
    handover: row.handoverId ? { familyName: row.familyName!, email: row.email, givenAt: row.givenAt!.toISOString() } : null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

interface CodeFilter {
  q?: string | undefined;
  state?: ResellerCodeState | undefined;
}

function selectCodes(db: Db | Tx, resellerId: string, filter: CodeFilter, after: string | undefined, limit: number) {
  const conditions = [eq(qrCodes.resellerId, resellerId)];
  if (after) conditions.push(gt(qrCodes.code, after));
  if (filter.state) conditions.push(stateCondition(filter.state));
  if (filter.q) conditions.push(searchCondition(filter.q));
  return db
    .select(codeColumns)
    .from(qrCodes)
    .leftJoin(qrPackages, eq(qrPackages.id, qrCodes.packageId))
    // PostgreSQL does not carry `code > after` over the join by itself: without it, each later
    // page (the CSV's batches) walks every hand-over of the codes before it.
    .leftJoin(codeHandovers, after ? and(liveHandover, gt(codeHandovers.code, after)) : liveHandover)
    .where(and(...conditions))
    .orderBy(qrCodes.code)
    .limit(limit);
}

/** One page of a reseller's codes; `after` is the previous page's last code. */
export async function codesPage(db: Db, resellerId: string, query: CodeFilter & { after?: string | undefined; limit: number }): Promise<ResellerCodesPage> {
  const rows = await selectCodes(db, resellerId, query, query.after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { codes: page.map(present), nextAfter: rows.length > query.limit ? page.at(-1)!.code : null };
}

/** One code of the reseller's, as the dashboard shows it; undefined when it is not the reseller's. */
export async function resellerCode(db: Db | Tx, resellerId: string, code: string): Promise<ResellerCode | undefined> {
  const [row] = await db
    .select(codeColumns)
    .from(qrCodes)
    .leftJoin(qrPackages, eq(qrPackages.id, qrCodes.packageId))
    .leftJoin(codeHandovers, liveHandover)
    .where(and(eq(qrCodes.resellerId, resellerId), eq(qrCodes.code, code)));
  return row ? present(row) : undefined;
}

/**
 * How many of the reseller's codes are in each state: the codes by status from the index alone,
 * then the shipped ones that have been given (its live hand-overs, far fewer than its codes).
 */
export async function countCodes(db: Db | Tx, resellerId: string): Promise<{ counts: Record<ResellerCodeState, number>; total: number }> {
  const [byStatus, [given]] = await Promise.all([
    db.select({ status: qrCodes.status, n: count() }).from(qrCodes).where(eq(qrCodes.resellerId, resellerId)).groupBy(qrCodes.status),
    db
      .select({ n: count() })
      .from(codeHandovers)
      .innerJoin(qrCodes, eq(qrCodes.code, codeHandovers.code))
      .where(and(eq(codeHandovers.resellerId, resellerId), isNull(codeHandovers.withdrawnAt), eq(qrCodes.resellerId, resellerId), eq(qrCodes.status, 'shipped'))),
  ]);
  const counts = Object.fromEntries(RESELLER_CODE_STATES.map((state) => [state, 0])) as Record<ResellerCodeState, number>;
  let total = 0;
  for (const { status, n } of byStatus) {
    counts[resellerState(status, false)] += n;
    total += n;
  }
  counts.given = given?.n ?? 0;
  counts.shipped -= counts.given;
  return { counts, total };
}

const CSV_BATCH = 2000;
const CSV_HEADER = ['Kode', 'Status', 'Pakke', 'Familie', 'E-mail', 'Givet', 'Taget i brug'];
const danishDate = new Intl.DateTimeFormat('da-DK', { dateStyle: 'short', timeZone: 'Europe/Copenhagen' });

const csvValues = (code: ResellerCode) => [
  formatCode(code.code),
  RESELLER_CODE_STATE_LABELS[code.state],
  code.packageName ?? '',
  code.handover?.familyName ?? '',
  code.handover?.email ?? '',
  code.handover ? danishDate.format(new Date(code.handover.givenAt)) : '',
  code.claimedAt ? danishDate.format(new Date(code.claimedAt)) : '',
];

/**
 * Every code of the reseller's that matches, as CSV for a Danish spreadsheet (lib/csv.ts), read in
 * keyset batches as the client takes them: memory stays at one batch.
 */
export function codesCsv(db: Db, resellerId: string, filter: CodeFilter): Readable {
  async function* batches() {
    let after: string | undefined;
    for (;;) {
      const rows = await selectCodes(db, resellerId, filter, after, CSV_BATCH);
      if (rows.length === 0) return;
      yield rows.map(present);
      if (rows.length < CSV_BATCH) return;
      after = rows.at(-1)!.code;
    }
  }
  return csvStream(CSV_HEADER, batches(), csvValues);
}
