/**
 * qr_status_counts (migration 0014) is kept by triggers on qr_codes: whatever happens to the codes,
 * the counts are what counting the codes would say, so the dashboard may read them instead.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { QrStatus } from '../../shared/qr-lifecycle';
import { qrCodes, qrStatusCounts } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function kept(): Promise<Record<string, number>> {
  const rows = await t.database.db.select().from(qrStatusCounts);
  return Object.fromEntries(rows.filter((row) => row.n !== 0).map((row) => [row.status, row.n]));
}

async function counted(): Promise<Record<string, number>> {
  const rows = await t.database.db.select({ status: qrCodes.status, n: count() }).from(qrCodes).groupBy(qrCodes.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

describe('the codes counted by state', () => {
  it('follow inserts of one and of many, changes of state, changes that keep the state, deletes and a truncate', async () => {
    const db = t.database.db;
    expect(await kept()).toEqual(await counted());

    const made = await Promise.all(Array.from({ length: 5 }, () => createCode(db)));
    await db.insert(qrCodes).values(['produced', 'produced', 'in_stock'].map((status, i) => ({ code: `TESTCOUNT${i}`, status: status as QrStatus })));
    expect(await kept()).toEqual(await counted());

    // Three move on in one statement; one is claimed; an update that leaves the state alone.
    await db.update(qrCodes).set({ status: 'produced' }).where(inArray(qrCodes.code, made.slice(0, 3).map((c) => c.code)));
    const family = await createUser(db);
    await db.update(qrCodes).set({ status: 'claimed', claimedBy: family.id, claimedAt: t.clock.now() }).where(eq(qrCodes.code, made[3]!.code));
    await db.update(qrCodes).set({ claimedAt: t.clock.now() }).where(eq(qrCodes.code, made[3]!.code));
    expect(await kept()).toEqual(await counted());

    await db.delete(qrCodes).where(inArray(qrCodes.code, ['TESTCOUNT0', made[4]!.code]));
    expect(await kept()).toEqual(await counted());

    // A rolled-back change leaves the counts as they were.
    await db
      .transaction(async (tx) => {
        await tx.update(qrCodes).set({ status: 'void' }).where(eq(qrCodes.status, 'produced'));
        throw new Error('fortryd');
      })
      .catch(() => undefined);
    expect(await kept()).toEqual(await counted());

    await db.execute(sql`truncate qr_codes cascade`);
    expect(await kept()).toEqual({});
  });
});
