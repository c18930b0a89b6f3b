/**
 * A fresh, migrated database for each test file, cheaply (ARCHITECTURE.md "Real database in
 * tests, cheap isolation"):
 * - embedded (default): global-setup migrates one PGlite and dumps its data directory; each file
 *   loads that snapshot (≈0.5 s instead of migrating again);
 * - PostgreSQL (DATABASE_URL set): global-setup migrates a template database; each file gets its
 *   own database copied from it.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type ConnectionLog, type Database, openDatabase } from '../../src/server/db/connection';

/**
 * Every database of one run starts with this prefix. MINDESTED_TEST_DB_PREFIX gives a run a prefix
 * of its own, so that two runs on one PostgreSQL server (two work trees, or both halves of CI side
 * by side) never clear each other's databases as stale.
 */
export const TEST_DB_PREFIX = (process.env.MINDESTED_TEST_DB_PREFIX ?? 'mindested_test').replace(/[^a-z0-9_]/g, '');
export const TEMPLATE_DB = `${TEST_DB_PREFIX}_template`;
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** The server URL with another database name in its path. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** `log`: where a PostgreSQL database reports connections it lost (stderr when not given). */
export async function createTestDatabase(options: { log?: ConnectionLog } = {}): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshotPath = inject('pgliteSnapshot');
    if (!snapshotPath) throw new Error('test global-setup did not run (no PGlite snapshot)');
    return openDatabase({ snapshot: new Blob([await readFile(snapshotPath)]) });
  }

  const name = `${TEST_DB_PREFIX}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Copying a template fails while another copy of it is being made; a short retry absorbs that.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: withDatabase(serverUrl, name), log: options.log });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
