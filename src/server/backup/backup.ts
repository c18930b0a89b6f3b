/**
 * `npm run cli -- backup --out FILE` (issue 26): the whole installation, every table of the database
 * and every file of the storage, into one file (format.ts), from the embedded database or from
 * PostgreSQL alike. The rows are read from one snapshot (a repeatable-read transaction) through a
 * cursor, a batch at a time; the files are streamed one by one. Files are listed from the storage
 * itself, not from the rows, so nothing is missed that a row no longer names.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection';
import type { Storage } from '../lib/storage-types';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type FrameKind, backupMac } from './format';

/** Rows per FETCH: a few hundred kilobytes of JSON at most. */
const ROWS_PER_FETCH = 500;

export interface BackupReport {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

type Rows<T> = { rows?: T[] };

export async function publicTables(db: Db | Tx): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ name: string }>;
  return (result.rows ?? []).map((row) => row.name);
}

/** The newest migration applied: a backup restores only into a database at the same one. */
export async function schemaVersion(db: Db | Tx): Promise<string> {
  const result = (await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`)) as unknown as Rows<{ hash: string }>;
  const hash = result.rows?.[0]?.hash;
  if (!hash) throw new Error('the database has no migrations applied');
  return hash;
}

export const quoted = (table: string) => `"public"."${table.replaceAll('"', '""')}"`;

/**
 * Writes the backup to `file`, through a temporary file beside it renamed at the end: a backup
 * that failed half-way never sits under the name of a good one.
 */
export async function writeBackup(deps: { db: Db; storage: Storage; twoFactorKey: Buffer; now: () => Date }, file: string): Promise<BackupReport> {
  const temporary = `${file}.${process.pid}.tmp`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(temporary, { flush: true }));
  const mac = backupMac(deps.twoFactorKey);
  const report: BackupReport = { tables: 0, rows: 0, files: 0, bytes: 0 };

  async function write(bytes: Buffer) {
    if (!gzip.write(bytes)) await once(gzip, 'drain');
  }
  async function frame(kind: FrameKind, value: unknown) {
    const line = Buffer.from(`${kind} ${typeof value === 'string' ? value : JSON.stringify(value)}\n`, 'utf8');
    if (kind !== 'Z') mac.update(line);
    await write(line);
  }

  try {
    await deps.db.transaction(async (tx) => {
      // One snapshot for every table: rows that point at each other are read as of one moment.
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: deps.now().toISOString(), schema: await schemaVersion(tx) };
      await frame('H', header);
      for (const table of await publicTables(tx)) {
        await frame('T', { table });
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted(table)} as t`));
        let rows = 0;
        for (;;) {
          const batch = ((await tx.execute(sql.raw(`fetch forward ${ROWS_PER_FETCH} from backup_rows`))) as unknown as Rows<{ row: string }>).rows ?? [];
          // A batch's rows as one write: per-row writes made the backup twice as slow as the restore.
          if (batch.length > 0) {
            const lines = Buffer.from(batch.map(({ row }) => `R ${row}\n`).join(''), 'utf8');
            mac.update(lines);
            await write(lines);
          }
          rows += batch.length;
          if (batch.length < ROWS_PER_FETCH) break;
        }
        await tx.execute(sql.raw('close backup_rows'));
        await frame('E', { rows });
        report.tables += 1;
        report.rows += rows;
      }
    });

    for await (const key of deps.storage.list('')) {
      const stored = await deps.storage.get(key);
      // Deleted between the listing and now: it is not part of the installation any more.
      if (!stored) continue;
      await frame('F', { key, contentType: stored.contentType, bytes: stored.bytes });
      let bytes = 0;
      for await (const chunk of stored.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        mac.update(chunk);
        await write(chunk);
      }
      if (bytes !== stored.bytes) throw new Error(`${key} changed while it was copied (${bytes} bytes, not ${stored.bytes}); run the backup again`);
      mac.update('\n');
      await write(Buffer.from('\n'));
      report.files += 1;
      report.bytes += bytes;
    }

    await frame('Z', { tables: report.tables, files: report.files, mac: mac.digest('hex') });
    gzip.end();
    await written;
    await rename(temporary, file);
    return report;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}
