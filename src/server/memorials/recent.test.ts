import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/connection';
import { memorials } from '../db/schema';
import { createRecentMemorials } from './recent';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('memorials as visitors find them, read at most once a second', () => {
  it('answers from the last second’s reading, reads again after it, and forgets a changed memorial at once', async () => {
    const clock = createClock();
    const recent = createRecentMemorials({ db: database.db, now: clock.now });
    const [made] = await database.db.insert(memorials).values({ slug: 'karen-recent', name: 'Karen' }).returning();
    expect(await recent.find('Karen-Recent')).toMatchObject({ row: { id: made!.id, whoMayPost: 'everyone' }, role: null });

    await database.db.update(memorials).set({ whoMayPost: 'nobody' }).where(eq(memorials.id, made!.id));
    // Within the second: the reading stands (another server's change arrives within it).
    expect((await recent.find('karen-recent'))?.row.whoMayPost).toBe('everyone');
    clock.advance(1000);
    expect((await recent.find('karen-recent'))?.row.whoMayPost).toBe('nobody');

    await database.db.update(memorials).set({ whoMayPost: 'users' }).where(eq(memorials.id, made!.id));
    recent.forget(made!.id);
    expect((await recent.find('karen-recent'))?.row.whoMayPost).toBe('users');
    expect(await recent.find('findes-ikke')).toBeNull();
  });
});
