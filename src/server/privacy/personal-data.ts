/**
 * A person's own data, for /gdpr-data-request (GDPR articles 15 and 20; issue 26): every row of
 * every table that points at their account, the memorials they administer, what staff did to their
 * account, and the files they uploaded, as one ZIP: a JSON file per table (machine-readable, the
 * columns named as in the database), the files as they were kept, and a note in Danish.
 *
 * The tables are found from the schema, not listed by hand: any table with a foreign key to the
 * account is read by it, so a table added next year is in the download without anyone remembering
 * it here. What is withheld is withheld by the column's name, for the same reason: hashes of tokens
 * and passwords, sealed secrets (a session's token hash would sign whoever holds the file in).
 */
import type { Readable } from 'node:stream';
import { type SQL, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import type { PgTable} from 'drizzle-orm/pg-core';
import { type PgColumn, getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection';
import { memorialMedia, memorialMembers, memorialPosts, memorialSongs, memorials, staffActions, users } from '../db/schema';
import type { Deps } from '../deps';
import { type ZipSource, zipStream } from '../production/zip-stream';
import { ACCOUNT_REFERENCES } from './account-references';

/** Columns never handed out, not even to their own person. */
export const WITHHELD_COLUMN = /hash|sealed|secret/;

const columnsOf = (table: PgTable) => Object.values(getTableColumns(table)) as PgColumn[];

/** Each table's columns that point at an account, in the schema's order. */
const accountColumns = new Map<PgTable, PgColumn[]>();
for (const { table, column } of ACCOUNT_REFERENCES) accountColumns.set(table, [...(accountColumns.get(table) ?? []), column]);

/** The table's columns that may be handed out, by their names in the database. */
function shownColumns(table: PgTable): Record<string, PgColumn> {
  return Object.fromEntries(columnsOf(table).filter((column) => !WITHHELD_COLUMN.test(column.name)).map((column) => [column.name, column]));
}

async function rowsOf(db: Db, table: PgTable, where: SQL): Promise<Record<string, unknown>[]> {
  return db.select(shownColumns(table)).from(table).where(where) as Promise<Record<string, unknown>[]>;
}

/** Every table's rows about `userId`, by the table's name; tables with none are left out. */
export async function personalRows(db: Db, userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const found: Record<string, Record<string, unknown>[]> = {};
  const add = (name: string, rows: Record<string, unknown>[]) => {
    if (rows.length > 0) found[name] = [...(found[name] ?? []), ...rows];
  };
  add('users', await rowsOf(db, users, eq(users.id, userId)));
  for (const [table, columns] of accountColumns) add(getTableConfig(table).name, await rowsOf(db, table, or(...columns.map((column) => eq(column, userId)))!));
  // The audit log has no foreign keys (it outlives the accounts it names): read by its columns.
  add('staff_actions', await rowsOf(db, staffActions, or(eq(staffActions.targetUserId, userId), eq(staffActions.actorId, userId))!));
  // The memorials they administer, whoever made them: what the family keeps there is theirs too.
  const administered = db.select({ id: memorialMembers.memorialId }).from(memorialMembers).where(eq(memorialMembers.userId, userId));
  const made = new Set((found.memorials ?? []).map((row) => row.id));
  add('memorials', (await rowsOf(db, memorials, inArray(memorials.id, administered))).filter((row) => !made.has(row.id)));
  return found;
}

/** The files they uploaded: gallery items, songs and the photos of their memories, by storage key. */
async function uploadedFiles(db: Db, userId: string): Promise<{ name: string; key: string }[]> {
  const [media, music, posts] = await Promise.all([
    db.select({ id: memorialMedia.id, key: memorialMedia.originalKey }).from(memorialMedia).where(eq(memorialMedia.createdBy, userId)),
    db.select({ id: memorialSongs.id, key: memorialSongs.fileKey }).from(memorialSongs).where(eq(memorialSongs.createdBy, userId)),
    db.select({ id: memorialPosts.id, photo: memorialPosts.photo }).from(memorialPosts).where(eq(memorialPosts.authorId, userId)),
  ]);
  // The stored file's extension ("original.jpg" → ".jpg"); a key without one gives none, not its path.
  const extension = (key: string) => {
    const name = key.slice(key.lastIndexOf('/') + 1);
    return name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
  };
  return [
    ...media.filter((row) => row.key).map((row) => ({ name: `filer/galleri/${row.id}${extension(row.key!)}`, key: row.key! })),
    ...music.filter((row) => row.key).map((row) => ({ name: `filer/musik/${row.id}${extension(row.key!)}`, key: row.key! })),
    ...posts.filter((row) => row.photo).map((row) => ({ name: `filer/minder/${row.id}${extension(row.photo!.originalKey)}`, key: row.photo!.originalKey })),
  ];
}

const README = `Dine data fra Mindested
=======================

Denne fil indeholder de oplysninger, Mindested har om dig, på den dag den blev hentet.

data/  en JSON-fil pr. tabel i vores database med de rækker, der handler om dig: din konto,
       de mindesider, du administrerer, dine indlæg og lys, samtykker, beskeder, ordrer og
       fakturaer, og hvad vores medarbejdere har gjort ved din konto. Felterne hedder som i
       databasen; tidspunkter er i UTC.
filer/ de billeder, videoer, lydfiler og mindebilleder, du selv har lagt op.

Koder til at logge ind med og andre hemmeligheder er udeladt, så filen ikke kan bruges til at
logge ind som dig. Har du spørgsmål, så skriv til os via https://mindested.dk/contact.
`;

/** The ZIP, written as it is read: one table's rows, or one file, in memory at a time. */
export function personalDataZip(deps: Pick<Deps, 'db' | 'storage' | 'now'>, userId: string): Readable {
  async function* entries(): AsyncGenerator<ZipSource> {
    yield { name: 'LAES-MIG.txt', content: () => README };
    const rows = await personalRows(deps.db, userId);
    for (const [table, list] of Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) {
      yield { name: `data/${table}.json`, content: () => `${JSON.stringify(list, null, 2)}\n` };
    }
    for (const file of await uploadedFiles(deps.db, userId)) {
      const stored = await deps.storage.get(file.key);
      // A file removed since its row was read (a photo deleted a moment ago) is simply not there.
      if (stored) yield { name: file.name, content: () => stored.body as Readable };
    }
  }
  return zipStream(entries(), deps.now());
}
