/**
 * The successor's map (issue 26; PRODUCT.md "The stone outlives the company"): every code we ever
 * made, with the address its stone carries and the memorial it opens (and the second of a shared
 * stone), each memorial by its id, its address of today and the addresses it had before. Enough
 * for another operator to take the codes over and keep every stone and every old link working.
 *
 * CSV for a person (one line a code, as the production exports), JSON for a program (the codes, then
 * every former address, with what each leads to). Both streamed, the codes read in keyset batches
 * on the code, so ten million codes cost the server one batch of memory, not the file.
 *
 * No names: the map says where things are, not who they are about; the memorials themselves hold
 * the rest, and leave with their own archives.
 */
import { Readable } from 'node:stream';
import { type AnyColumn, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QrStatus } from '../../shared/qr-lifecycle';
import { formatCode } from '../../shared/qr-code';
import type { Db } from '../db/connection';
import { memorialAddresses, memorials, qrCodes } from '../db/schema';
import type { Deps } from '../deps';
import { csvStream } from '../lib/csv';
import { qrUrl } from '../qr/images';

const BATCH = 2000;
/** The JSON's own name and version, so a program reading it knows what it holds. */
export const SUCCESSOR_MAP_FORMAT = { format: 'mindested-successor-map', version: 1 } as const;

/** A memorial a code opens, as the map gives it. */
export interface MappedMemorial {
  id: string;
  /** Its page, as visitors open it today. */
  url: string;
  privacy: string;
  deleted: boolean;
  /** Pages it had before, which lead to it (memorials/addresses.ts), oldest first. */
  formerUrls: string[];
}

export interface MappedCode {
  code: string;
  /** As a person types it, in groups. */
  typed: string;
  /** The address printed on the stone, which the code's QR symbol holds. */
  stoneUrl: string;
  status: QrStatus;
  memorial: MappedMemorial | null;
  /** A shared stone's other memorial. */
  secondMemorial: MappedMemorial | null;
}

const first = alias(memorials, 'first_memorial');
const second = alias(memorials, 'second_memorial');

/** A memorial's former addresses, oldest first, as one text (null when none). */
const formerOf = (memorialId: AnyColumn) =>
  sql<string | null>`(select string_agg(${memorialAddresses.slug}, ' ' order by ${memorialAddresses.retiredAt}, ${memorialAddresses.slug}) from ${memorialAddresses} where ${memorialAddresses.memorialId} = ${memorialId})`;

/** Every code in code order, BATCH at a time, each batch read when the one before has been used. */
async function* codeBatches(db: Db, baseUrl: string, batch: number): AsyncGenerator<MappedCode[]> {
  // A left join with no memorial gives null for the whole nested object.
  const memorialOf = (row: { id: string; slug: string; privacy: string; deletedAt: Date | null; former: string | null } | null): MappedMemorial | null =>
    row
      ? {
          id: row.id,
          url: `${baseUrl}/memorial/${row.slug}`,
          privacy: row.privacy,
          deleted: row.deletedAt !== null,
          formerUrls: row.former ? row.former.split(' ').map((slug) => `${baseUrl}/memorial/${slug}`) : [],
        }
      : null;
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({
        code: qrCodes.code,
        status: qrCodes.status,
        first: { id: first.id, slug: first.slug, privacy: first.privacy, deletedAt: first.deletedAt, former: formerOf(first.id) },
        second: { id: second.id, slug: second.slug, privacy: second.privacy, deletedAt: second.deletedAt, former: formerOf(second.id) },
      })
      .from(qrCodes)
      .leftJoin(first, eq(first.id, qrCodes.memorialId))
      .leftJoin(second, eq(second.id, qrCodes.secondMemorialId))
      .where(after ? gt(qrCodes.code, after) : undefined)
      .orderBy(asc(qrCodes.code))
      .limit(batch);
    if (rows.length > 0) {
      yield rows.map((row) => ({
        code: row.code,
        typed: formatCode(row.code),
        stoneUrl: qrUrl(baseUrl, row.code),
        status: row.status,
        memorial: memorialOf(row.first),
        secondMemorial: memorialOf(row.second),
      }));
    }
    if (rows.length < batch) return;
    after = rows.at(-1)!.code;
  }
}

const CSV_HEADER = [
  'Kode',
  'Kode til at taste',
  'Stenens adresse',
  'Status (maskinværdi)',
  'Mindeside (id)',
  'Mindesidens adresse',
  'Synlighed',
  'Slettet',
  'Tidligere adresser',
  'Delt sten: anden mindeside (id)',
  'Delt sten: anden mindesides adresse',
];

/** `batch`: rows a read (a test takes a few, to cross batches). */
export function successorMapCsv(deps: Pick<Deps, 'db' | 'config'>, batch = BATCH): Readable {
  return csvStream(CSV_HEADER, codeBatches(deps.db, deps.config.BASE_URL, batch), (row) => [
    row.code,
    row.typed,
    row.stoneUrl,
    row.status,
    row.memorial?.id ?? '',
    row.memorial?.url ?? '',
    row.memorial?.privacy ?? '',
    row.memorial ? (row.memorial.deleted ? 'ja' : 'nej') : '',
    row.memorial?.formerUrls.join(' ') ?? '',
    row.secondMemorial?.id ?? '',
    row.secondMemorial?.url ?? '',
  ]);
}

/** Every former address in address order, BATCH at a time: what it leads to (null: a purged memorial). */
async function* formerBatches(db: Db, baseUrl: string, batch: number): AsyncGenerator<{ url: string; memorialId: string | null }[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ slug: memorialAddresses.slug, memorialId: memorialAddresses.memorialId })
      .from(memorialAddresses)
      .where(after ? gt(memorialAddresses.slug, after) : undefined)
      .orderBy(asc(memorialAddresses.slug))
      .limit(batch);
    if (rows.length > 0) yield rows.map((row) => ({ url: `${baseUrl}/memorial/${row.slug}`, memorialId: row.memorialId }));
    if (rows.length < batch) return;
    after = rows.at(-1)!.slug;
  }
}

/**
 * { format, version, generatedAt, baseUrl, codes: [...], formerAddresses: [...] }, written as it
 * is read: one batch's text at a time.
 */
export function successorMapJson(deps: Pick<Deps, 'db' | 'config' | 'now'>, batch = BATCH): Readable {
  const { db, config } = deps;
  async function* text() {
    const head = { ...SUCCESSOR_MAP_FORMAT, generatedAt: deps.now().toISOString(), baseUrl: config.BASE_URL };
    yield `${JSON.stringify(head).slice(0, -1)},"codes":[`;
    let comma = '';
    for await (const rows of codeBatches(db, config.BASE_URL, batch)) {
      yield comma + rows.map((row) => `\n${JSON.stringify(row)}`).join(',');
      comma = ',';
    }
    yield '\n],"formerAddresses":[';
    comma = '';
    for await (const rows of formerBatches(db, config.BASE_URL, batch)) {
      yield comma + rows.map((row) => `\n${JSON.stringify(row)}`).join(',');
      comma = ',';
    }
    yield '\n]}\n';
  }
  return Readable.from(text(), { objectMode: false });
}
