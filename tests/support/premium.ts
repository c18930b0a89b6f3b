/**
 * Premium for a test's memorial, for good: for tests of things Premium holds (a Premium theme,
 * films, more than the free plan's photos) that are not about buying it. Premium bought and lapsing
 * is tested through the API in src/server/money/premium-gates.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/connection';
import { premiumPeriods } from '../../src/server/db/schema';

export async function givePremium(db: Db, memorialId: string): Promise<void> {
  await db.insert(premiumPeriods).values({ memorialId, startsAt: new Date(0), endsAt: null, source: `test:${randomUUID()}` });
}
