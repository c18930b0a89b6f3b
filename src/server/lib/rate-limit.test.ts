import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection';
import { createTestDatabase } from '../../../tests/support/test-database';
import { createRateLimiter } from './rate-limit';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the rate-limit prune, run every second on every instance', () => {
  it('removes windows older than the cut-off and keeps the rest', async () => {
    const limiter = createRateLimiter(database.db, () => new Date('2026-11-01T10:00:00Z'));
    await limiter.consume({ key: 'prune-old', max: 5, windowMs: 60_000 });
    const later = createRateLimiter(database.db, () => new Date('2026-11-03T10:00:00Z'));
    await later.consume({ key: 'prune-new', max: 5, windowMs: 60_000 });
    await later.prune(new Date('2026-11-02T10:00:00Z'));
    const keys = (await database.db.execute(sql`select key from rate_limits where key like 'prune-%'`)) as unknown as { rows: { key: string }[] };
    expect(keys.rows.map((row) => row.key)).toEqual(['prune-new']);
  });

  it('finds what it deletes by the window_start index, not by reading the table (migration 0010)', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // The test table is tiny, where a scan is cheaper; forbid it to see that the index applies.
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain delete from rate_limits where window_start < now() - interval '1 day'`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('rate_limits_window_start_idx');
  });
});
