/**
 * `npm run cli -- restore FILE` (issue 26): an empty installation back to the state of a backup
 * (backup.ts, format.ts). The file is read twice. The first reading changes nothing: it checks the
 * format, the version of the database it came from, every table's and file's length and the MAC
 * over all of it, so a file that was cut short, changed, or made by another version is refused
 * before anything is touched. The second reading restores, in one transaction that commits only
 * after the last file is stored: a failure part-way leaves the database as empty as it was (files
 * already written are overwritten by the next attempt, under the same keys).
 *
 * The rows go in with session_replication_role = replica: no trigger fires and no foreign key is
 * checked while they do, so tables may come in any order and the append-only logs take their old
 * rows; the rows were consistent when they were read from one snapshot. That needs a database role
 * that may set it (the embedded database's, and PostgreSQL's superuser or the database's owner
 * with that right).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection';
import type { Storage } from '../lib/storage-types';
import { publicTables, quoted, schemaVersion } from './backup';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, BackupRefused, FrameReader, backupMac, parseFrame } from './format';

/** Rows per INSERT: one JSON array parameter each. */
const ROWS_PER_INSERT = 500;

export interface RestoreReport {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

interface FileFrame {
  key: string;
  contentType: string;
  bytes: number;
}

/** The file's bytes, unzipped; a file that is not gzip, or cut short, is refused as such. */
async function* unzipped(file: string): AsyncGenerator<Buffer> {
  const source = createReadStream(file);
  const stream = createGunzip();
  // pipe() does not pass the file's own errors on (a missing file); the loop below must see them.
  source.on('error', (error) => stream.destroy(error));
  source.pipe(stream);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupRefused(`Filen ${file} findes ikke.`);
    if (code === 'Z_BUF_ERROR') throw new BackupRefused('Filen slutter for tidligt: den er ikke hel. Intet er ændret.');
    if (code?.startsWith('Z_')) throw new BackupRefused('Filen er ikke en sikkerhedskopi fra Mindested, eller den er ødelagt (den kan ikke pakkes ud). Intet er ændret.');
    throw error;
  }
}

interface Handlers {
  table(name: string): Promise<void>;
  rows(name: string, batch: string[]): Promise<void>;
  file(frame: FileFrame, body: AsyncGenerator<Buffer>): Promise<void>;
}

/**
 * Reads the backup from end to end, handing its parts to `handlers`, and checks it on the way:
 * frames in their order, counts that match, the MAC at the end. Returns the header and the counts.
 */
async function readBackup(file: string, twoFactorKey: Buffer, handlers: Handlers): Promise<{ header: BackupHeader; report: RestoreReport }> {
  const mac = backupMac(twoFactorKey);
  const reader = new FrameReader(unzipped(file), mac);
  const report: RestoreReport = { tables: 0, rows: 0, files: 0, bytes: 0 };

  const first = await reader.frame();
  if (first?.kind !== 'H') throw new BackupRefused('Filen er ikke en sikkerhedskopi fra Mindested.');
  const header = parseFrame<BackupHeader>(first.json);
  if (header.format !== BACKUP_FORMAT) throw new BackupRefused('Filen er ikke en sikkerhedskopi fra Mindested.');
  if (header.version !== BACKUP_VERSION) throw new BackupRefused(`Sikkerhedskopien har formatversion ${header.version}; denne version af Mindested læser version ${BACKUP_VERSION}.`);

  let table: string | null = null;
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (table && batch.length > 0) await handlers.rows(table, batch);
    batch = [];
  };
  for (;;) {
    const frame = await reader.frame();
    if (!frame) throw new BackupRefused('Filen slutter for tidligt: den er ikke hel. Intet er ændret.');
    if (frame.kind === 'T') {
      if (table) throw new BackupRefused('Filen er ødelagt: en tabel slutter ikke.');
      table = parseFrame<{ table: string }>(frame.json).table;
      rows = 0;
      await handlers.table(table);
    } else if (frame.kind === 'R') {
      if (!table) throw new BackupRefused('Filen er ødelagt: en række står uden for en tabel.');
      batch.push(frame.json);
      rows += 1;
      if (batch.length >= ROWS_PER_INSERT) await flush();
    } else if (frame.kind === 'E') {
      if (!table || parseFrame<{ rows: number }>(frame.json).rows !== rows) throw new BackupRefused(`Filen er ødelagt: tabellen ${table ?? '?'} har ikke det antal rækker, den siger.`);
      await flush();
      report.tables += 1;
      report.rows += rows;
      table = null;
    } else if (frame.kind === 'F') {
      if (table) throw new BackupRefused('Filen er ødelagt: en tabel slutter ikke.');
      const found = parseFrame<FileFrame>(frame.json);
      if (!Number.isSafeInteger(found.bytes) || found.bytes < 0) throw new BackupRefused('Filen er ødelagt: en mediefil har en ugyldig længde.');
      await handlers.file(found, reader.bytes(found.bytes));
      report.files += 1;
      report.bytes += found.bytes;
    } else if (frame.kind === 'Z') {
      const end = parseFrame<{ tables: number; files: number; mac: string }>(frame.json);
      const expected = mac.digest('hex');
      if (end.mac !== expected) {
        throw new BackupRefused(
          'Sikkerhedskopien er ændret, efter den blev lavet, eller den er lavet med en anden TWO_FACTOR_KEY end denne installations. Intet er ændret.',
        );
      }
      if (end.tables !== report.tables || end.files !== report.files) throw new BackupRefused('Filen er ødelagt: den har ikke det antal tabeller og filer, den siger.');
      if (await reader.frame()) throw new BackupRefused('Filen har noget efter sin afslutning: den er ødelagt.');
      return { header, report };
    } else {
      throw new BackupRefused('Filen er ødelagt: den har to begyndelser.');
    }
  }
}

/** Reads the whole file and changes nothing: the check restore makes first, and `--check` alone. */
export async function verifyBackup(file: string, twoFactorKey: Buffer): Promise<{ header: BackupHeader; report: RestoreReport }> {
  return readBackup(file, twoFactorKey, {
    table: async () => undefined,
    rows: async () => undefined,
    async file(_frame, body) {
      for await (const _chunk of body);
    },
  });
}

async function countOf(db: Db | Tx, query: string): Promise<number> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows?: { n: number | string }[] };
  return Number(result.rows?.[0]?.n ?? 0);
}

export async function restoreBackup(deps: { db: Db; storage: Storage; twoFactorKey: Buffer }, file: string): Promise<RestoreReport> {
  const { header } = await verifyBackup(file, deps.twoFactorKey);

  // Into this installation: the same database version, the same tables, and nothing in it yet.
  if (header.schema !== (await schemaVersion(deps.db))) {
    throw new BackupRefused('Sikkerhedskopien er fra en anden version af databasen end denne installations. Gendan med den version af Mindested, der lavede den. Intet er ændret.');
  }
  const people = await countOf(deps.db, 'select (select count(*) from "users") + (select count(*) from "memorials") as n');
  if (people > 0) throw new BackupRefused('Databasen er ikke tom: den har konti eller mindesider. Gendan kun til en ny, tom installation. Intet er ændret.');
  for await (const _key of deps.storage.list('')) {
    throw new BackupRefused('Lageret til mediefiler er ikke tomt. Gendan kun til en ny, tom installation. Intet er ændret.');
  }
  const tablesHere = new Set(await publicTables(deps.db));

  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // What the migrations put in (the invoice counter's row, the code counts) gives way to the backup's.
    await tx.execute(sql.raw(`truncate ${[...tablesHere].map(quoted).join(', ')}`));
    const { report } = await readBackup(file, deps.twoFactorKey, {
      async table(name) {
        if (!tablesHere.has(name)) throw new BackupRefused(`Sikkerhedskopien har tabellen ${name}, som denne installation ikke har. Intet er ændret.`);
      },
      async rows(name, batch) {
        const table = sql.raw(quoted(name));
        await tx.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${`[${batch.join(',')}]`}::json)`);
      },
      async file(frame, body) {
        await deps.storage.put(frame.key, Readable.from(body), { contentType: frame.contentType });
      },
    });
    await resetSequences(tx);
    return report;
  });
}

/** Each serial column's sequence continues after the highest number restored. */
async function resetSequences(tx: Tx) {
  const serials = (await tx.execute(
    sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
  )) as unknown as { rows?: { table: string; column: string }[] };
  for (const { table, column } of serials.rows ?? []) {
    const name = `"${column.replaceAll('"', '""')}"`;
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${quoted(table).replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'), coalesce(max(${name}), 1), max(${name}) is not null) from ${quoted(table)}`,
      ),
    );
  }
}
