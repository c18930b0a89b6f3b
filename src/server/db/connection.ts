/**
 * One schema, two engines (ARCHITECTURE.md): PGlite under DATA_DIR when DATABASE_URL is unset,
 * PostgreSQL when it is set. Both are Drizzle's pg-core, so the rest of the server cannot tell them
 * apart.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string }
  /** A PGlite data directory dumped with dumpDataDir(); tests start from a migrated snapshot. */
  | { snapshot: Blob }
  /** A throw-away in-memory PGlite. */
  | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }

  // Loaded only when used: on PostgreSQL the server does without PGlite's 40 MB.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'pgdata');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else if ('snapshot' in target) {
    client = await PGlite.create({ loadDataDir: target.snapshot });
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // Tests dump a migrated instance once and load it per file.
    ...{ pglite: client },
  };
}

/** The PGlite client behind a Database, for tests that snapshot it. */
export function pgliteOf(database: Database): PGlite | undefined {
  return (database as Database & { pglite?: PGlite }).pglite;
}
