/**
 * One schema, two engines (ARCHITECTURE.md): PGlite under DATA_DIR when DATABASE_URL is unset,
 * PostgreSQL when it is set. Both are Drizzle's pg-core, so the rest of the server cannot tell them
 * apart.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type QueryListener, attachInstruments, timedQuery } from './instruments';
import * as schema from './schema';
import { PROJECT_ROOT } from '../lib/project-root';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(PROJECT_ROOT, 'migrations');

/** Where the database reports connections it lost; the server passes its logger. */
export interface ConnectionLog {
  warn(details: object, message: string): void;
}

/** Without a logger (tests, scripts), a lost connection is still said, on stderr. */
const stderrLog: ConnectionLog = {
  warn: (details, message) => process.stderr.write(`${message}: ${String((details as { err?: unknown }).err)}\n`),
};

export type DatabaseTarget =
  | { url: string; poolSize?: number; log?: ConnectionLog }
  | { dataDir: string }
  /** A PGlite data directory dumped with dumpDataDir(); tests start from a migrated snapshot. */
  | { snapshot: Blob }
  /** A throw-away in-memory PGlite. */
  | { memory: true };

/**
 * Any fixed number shared by every instance: migrations run under this advisory lock, so servers
 * that start together on an empty database migrate one after the other. Without it both read "no
 * migration applied", both run 0000, and the second dies on "relation already exists".
 */
const MIGRATION_LOCK = 720_465_193;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const log = target.log ?? stderrLog;
    const max = target.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: target.url, max });
    const listeners = new Set<QueryListener>();
    // PostgreSQL may cut any connection (pg_terminate_backend, a restart, a fail-over). An idle
    // client's error reaches the pool, which drops the client; a checked-out client (in a
    // transaction, between two queries) emits it on itself, and an 'error' event nobody listens
    // to ends the process. So every client gets a listener: the cut is logged, the client is not
    // queryable any more, and the pool replaces it when it is released (pg-pool's release).
    pool.on('connect', (client) => {
      client.on('error', (error) => log.warn({ err: error }, 'databaseforbindelse afbrudt; puljen erstatter den'));
      // Every query goes through a pooled client's query (pool.query too), so timing it here
      // times them all once (db/instruments.ts).
      client.query = timedQuery(client.query, listeners);
    });
    // Logged by the client's own listener above; this one only keeps the pool's re-emit from throwing.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    attachInstruments(db, {
      engine: 'postgres',
      listeners,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    });
    return {
      db,
      engine: 'postgres',
      async migrate() {
        // A client of its own, outside the pool: holding the lock on a pool client would leave
        // a pool of one with nothing for the migrations themselves.
        const locker = new pg.Client({ connectionString: target.url });
        locker.on('error', (error) => log.warn({ err: error }, 'forbindelsen til migreringslåsen blev afbrudt'));
        await locker.connect();
        try {
          await locker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
        } finally {
          // Ending the session releases its advisory lock too.
          await locker.end();
        }
      },
      close: () => pool.end(),
    };
  }

  // Loaded only when used: on PostgreSQL the server does without PGlite's 40 MB.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The extensions the migrations create (PostgreSQL's contrib has them; PGlite loads them here).
  const extensions = { pg_trgm };
  let client: PGlite;
  const listeners = new Set<QueryListener>();
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'pgdata');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  } else if ('snapshot' in target) {
    client = await PGlite.create({ loadDataDir: target.snapshot, extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  timePgliteQueries(client, listeners);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  attachInstruments(db, { engine: 'pglite', listeners });
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    // Tests dump a migrated instance once and load it per file.
    ...{ pglite: client },
  };
}

/**
 * Drizzle queries PGlite through client.query, and inside a transaction through the query of the
 * transaction object PGlite makes for it; both are timed (db/instruments.ts).
 */
function timePgliteQueries(client: PGlite, listeners: Set<QueryListener>): void {
  client.query = timedQuery(client.query.bind(client), listeners);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = timedQuery(tx.query, listeners);
      return callback(tx);
    });
}

/** The PGlite client behind a Database, for tests that snapshot it. */
export function pgliteOf(database: Database): PGlite | undefined {
  return (database as Database & { pglite?: PGlite }).pglite;
}
