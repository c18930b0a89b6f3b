/**
 * PostgreSQL may cut every connection at once (pg_terminate_backend, a restart, a fail-over). The
 * server logs each cut, replaces the connections and answers the next request; a cut on a client
 * checked out in a transaction fails that transaction and nothing else.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';

const cuts: string[] = [];
let t: TestApp;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  t = await createTestApp({}, { connectionLog: { warn: (_details, message) => void cuts.push(message) } });
});
afterAll(() => t?.close());

async function until(done: () => boolean, what: string) {
  for (let tries = 0; !done(); tries++) {
    if (tries > 100) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(Boolean(process.env.DATABASE_URL))('connections PostgreSQL cuts', () => {
  it('are logged and replaced, idle ones and one in a transaction alike; the app answers the next request', async () => {
    // Several pool clients, all idle afterwards.
    const ready = () => t.request({ method: 'GET', url: '/api/health/ready' });
    expect((await Promise.all([ready(), ready(), ready()])).map((response) => response.statusCode)).toEqual([200, 200, 200]);

    // One more, checked out in a transaction that waits between two statements.
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await wasCut;
      await tx.execute(sql`select 1`);
    });
    const failed = transaction.then(
      () => null,
      (error: unknown) => error,
    );

    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      expect(rowCount).toBeGreaterThanOrEqual(2);
      await until(() => cuts.length >= rowCount!, `${rowCount} logged cuts (got ${cuts.length})`);
    } finally {
      await admin.end();
    }
    expect(new Set(cuts)).toEqual(new Set(['databaseforbindelse afbrudt; puljen erstatter den']));

    cut();
    expect(await failed).toBeInstanceOf(Error);
    const after = await ready();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });
});
