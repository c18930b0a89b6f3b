/**
 * People removed from a family tree are kept RESTORE_DAYS for the undo (and for a family that
 * regrets it), then deleted for ever with their photos, as /privacy says: their families lose them
 * with the row (the foreign keys), and a family left with no one in it is removed too.
 */
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { RESTORE_DAYS } from '../../shared/memorials';
import { familyPeople, familyUnions } from '../db/schema';
import type { Deps } from '../deps';

const DAY_MS = 24 * 60 * 60_000;

export async function purgeRemovedTreePeople(deps: Pick<Deps, 'db' | 'storage'>, at: Date): Promise<number> {
  const cutoff = new Date(at.getTime() - RESTORE_DAYS * DAY_MS);
  const due = and(isNotNull(familyPeople.deletedAt), sql`${familyPeople.deletedAt} < ${cutoff.toISOString()}::timestamptz`);
  // Files first: a failure leaves the row, and tomorrow's run tries again.
  const withPhotos = await deps.db.select({ variants: familyPeople.photoVariants }).from(familyPeople).where(and(due, isNotNull(familyPeople.photoVariants)));
  for (const { variants } of withPhotos) {
    const key = variants?.[0]?.key;
    if (key) await deps.storage.deletePrefix(key.slice(0, key.lastIndexOf('/') + 1));
  }
  const removed = await deps.db.delete(familyPeople).where(due).returning({ id: familyPeople.id });
  // The foreign keys emptied their places; a family with neither partner nor child is nothing now.
  await deps.db
    .delete(familyUnions)
    .where(and(isNull(familyUnions.partner1Id), isNull(familyUnions.partner2Id), sql`not exists (select 1 from family_children c where c.union_id = ${familyUnions.id})`));
  return removed.length;
}
