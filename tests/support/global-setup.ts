import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOf } from '../../src/server/db/connection';
import { TEMPLATE_DB, TEST_DB_PREFIX, withDatabase } from './test-database';

/** Migrates once per run; see test-database.ts. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // Test databases of a run that was killed are left behind; clear them with the template.
    const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${TEST_DB_PREFIX.replace(/_/g, '\\_')}\\_%`,
    ]);
    for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openDatabase({ url: withDatabase(serverUrl, TEMPLATE_DB) });
    await template.migrate();
    await template.close();
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await cleanup.end();
    };
  }

  const database = await openDatabase({ memory: true });
  await database.migrate();
  const snapshot = await pgliteOf(database)!.dumpDataDir('none');
  await database.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'mindested-test-'));
  const file = path.join(dir, 'snapshot.tar');
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
