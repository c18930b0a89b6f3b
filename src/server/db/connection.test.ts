import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createCodes } from '../qr/service';
import { qrCodes } from './schema';
import { openConfiguredDatabase } from './open';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// Each test opens an embedded database from an empty folder and migrates it from the first
// migration: seconds alone, far more while the other database's suite shares the two cores.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', { timeout: 180_000 }, () => {
  it('migrates on open and keeps its data across a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mindested-db-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir });
    const first = await openConfiguredDatabase(config, 'test');
    const [code] = await createCodes(first.db, 1, { randomBytes, now: () => new Date() });
    await first.close();

    const second = await openConfiguredDatabase(config, 'test');
    const rows = await second.db.select().from(qrCodes);
    expect(rows.map((r) => r.code)).toEqual([code]);
    await second.close();
  });

  it('is locked while open, and free again when closed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mindested-db-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir });
    const open = await openConfiguredDatabase(config, 'serveren');
    // This process holds the lock; a lock is refused only to another live process, which the CLI
    // test covers. Here: the lock file exists and names its holder.
    const { readFile } = await import('node:fs/promises');
    expect(JSON.parse(await readFile(path.join(dir, 'embedded-db.lock'), 'utf8'))).toMatchObject({ pid: process.pid, holder: 'serveren' });
    await open.close();
    await expect(readFile(path.join(dir, 'embedded-db.lock'))).rejects.toThrow(/ENOENT/);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL database', () => {
  it('migrates on open (idempotently) and keeps its data across a restart', async () => {
    const { createTestDatabase } = await import('../../../tests/support/test-database');
    const database = await createTestDatabase();
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    try {
      const config = loadConfig({ DATABASE_URL: url });
      const first = await openConfiguredDatabase(config, 'test');
      const [code] = await createCodes(first.db, 1, { randomBytes, now: () => new Date() });
      await first.close();
      const second = await openConfiguredDatabase(config, 'test');
      expect((await second.db.select().from(qrCodes)).map((r) => r.code)).toContain(code);
      await second.close();
    } finally {
      await database.close();
    }
  });

  it('lets two servers that start together on an empty database both migrate it (ten times)', async () => {
    const { TEST_DB_PREFIX, withDatabase } = await import('../../../tests/support/test-database');
    const { openDatabase } = await import('./connection');
    const { readFile } = await import('node:fs/promises');
    const { migrationsFolder } = await import('./connection');
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const serverUrl = process.env.DATABASE_URL!;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (let round = 0; round < 10; round++) {
        const name = `${TEST_DB_PREFIX}_migrate_${randomBytes(5).toString('hex')}`;
        await admin.query(`create database ${name}`);
        try {
          const url = withDatabase(serverUrl, name);
          const servers = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
          try {
            await Promise.all(servers.map((server) => server.migrate()));
            const check = new pg.Client({ connectionString: url });
            await check.connect();
            const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
            await check.end();
            expect(applied.rows[0].n).toBe(journal.entries.length);
            // Both see the whole schema.
            for (const server of servers) expect(await server.db.select().from(qrCodes)).toEqual([]);
          } finally {
            await Promise.all(servers.map((server) => server.close()));
          }
        } finally {
          await admin.query(`drop database if exists ${name} with (force)`);
        }
      }
    } finally {
      await admin.end();
    }
  }, 120_000);
});
