/**
 * The database every e2e server starts from, made once per run by e2e-global-setup.ts: migrated,
 * holding QR codes to register with, and on the embedded database the demo a first start seeds.
 * Each test file's server gets a copy (a copied data directory, or a PostgreSQL database made
 * from this one as a template) instead of migrating, seeding and running the CLI again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection';
import { createStorage } from '../../src/server/lib/storage';
import { createCodes } from '../../src/server/qr/service';
import { seedDemoIfEmpty } from '../../src/server/seed';
import { withDatabase } from './test-database';

export { withDatabase };

/** Unclaimed codes in the base; a file that asks for more has the CLI make the rest. */
export const BASE_CODES = 20;

export type E2eBase =
  | { engine: 'pglite'; dataDir: string; codes: string[] }
  | { engine: 'postgres'; database: string; codes: string[] };

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBase: E2eBase;
  }
}

export async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `name`: the PostgreSQL database to make (when DATABASE_URL is set). Returns the base and how to remove it. */
export async function createE2eBase(name: string): Promise<{ base: E2eBase; remove(): Promise<void> }> {
  const now = () => new Date();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    await adminQuery(serverUrl, `create database ${name}`);
    const database = await openDatabase({ url: withDatabase(serverUrl, name) });
    try {
      await database.migrate();
      // Production on PostgreSQL seeds no demo (SEED_DEMO is not set), so neither does its base.
      const codes = await createCodes(database.db, BASE_CODES, { randomBytes, now });
      return { base: { engine: 'postgres', database: name, codes }, remove: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`).then(() => undefined) };
    } finally {
      await database.close();
    }
  }

  const dataDir = await mkdtemp(path.join(tmpdir(), 'mindested-e2e-base-'));
  // The layout openConfiguredDatabase and storageOptionsFrom give DATA_DIR: pgdata/ and media/.
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    // The order of a first start: the codes come from the CLI before the server seeds the demo.
    const codes = await createCodes(database.db, BASE_CODES, { randomBytes, now });
    await seedDemoIfEmpty(database.db, { randomBytes, now, storage: createStorage({ kind: 'disk', root: path.join(dataDir, 'media') }) });
    return { base: { engine: 'pglite', dataDir, codes }, remove: () => rm(dataDir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}
