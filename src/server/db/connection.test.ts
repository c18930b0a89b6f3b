import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createCodes } from '../qr/service';
import { qrCodes } from './schema';
import { openConfiguredDatabase } from './open';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
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
});
