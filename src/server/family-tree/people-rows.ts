/**
 * A tree's rows as stored, loaded whole: a family's tree is small, and even a 10,000-person import
 * is read in one query each for people, families and children. Removed people (deleted_at, kept
 * for the undo) are left out, and so are they in the families they were part of.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Partnership, TreeDate } from '../../shared/family-tree';
import type { Db, Tx } from '../db/connection';
import { inTurn } from '../db/in-turn';
import { familyChildren, familyPeople, familyUnions } from '../db/schema';
import type { MemorialRow } from '../memorials/types';
import type { FamilyLinks } from './graph';

export type { MemorialRow };
export type PersonRow = typeof familyPeople.$inferSelect;
export interface FamilyRow extends FamilyLinks {
  partnership: Partnership;
  gedcomId: string | null;
}

/** "2023-04-11" (a memorial's date) as a tree's date. */
export function fromIsoDate(value: string | null): TreeDate | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? { qualifier: 'exact', year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/** "Karen Marie Jensen" → given names "Karen Marie", surname "Jensen": the Danish order. */
export function splitName(name: string): { givenNames: string; surname: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { givenNames: words[0] ?? '', surname: '' };
  return { givenNames: words.slice(0, -1).join(' '), surname: words.at(-1)! };
}

/**
 * The tree's root, the person the memorial is for, made from the memorial the first time the tree
 * is opened. Two first openings at once make one root: the partial unique index keeps the second out.
 */
export async function ensureRoot(db: Db | Tx, memorial: MemorialRow): Promise<string> {
  const existing = async () => (await db.select({ id: familyPeople.id }).from(familyPeople).where(and(eq(familyPeople.memorialId, memorial.id), eq(familyPeople.isRoot, true))))[0]?.id;
  const found = await existing();
  if (found) return found;
  await db
    .insert(familyPeople)
    .values({
      memorialId: memorial.id,
      isRoot: true,
      ...splitName(memorial.name),
      birth: fromIsoDate(memorial.birthDate),
      death: fromIsoDate(memorial.deathDate),
      birthPlace: memorial.birthPlace,
      deathPlace: memorial.deathPlace,
      // The memorial is for someone who has died, even when the family has not given the date.
      diedUndated: !memorial.deathDate,
    })
    .onConflictDoNothing();
  return (await existing())!;
}

export interface TreeRows {
  people: Map<string, PersonRow>;
  families: FamilyRow[];
}

export async function loadTree(db: Db | Tx, memorialId: string): Promise<TreeRows> {
  const [peopleRows, unionRows, childRows] = await inTurn(
    () => db.select().from(familyPeople).where(and(eq(familyPeople.memorialId, memorialId), isNull(familyPeople.deletedAt))).orderBy(asc(familyPeople.createdAt)),
    () => db.select().from(familyUnions).where(eq(familyUnions.memorialId, memorialId)).orderBy(asc(familyUnions.createdAt)),
    () => db
      .select({ unionId: familyChildren.unionId, childId: familyChildren.childId })
      .from(familyChildren)
      .innerJoin(familyUnions, eq(familyUnions.id, familyChildren.unionId))
      .where(eq(familyUnions.memorialId, memorialId))
      .orderBy(asc(familyChildren.position)),
  );
  const people = new Map(peopleRows.map((row) => [row.id, row]));
  const children = new Map<string, string[]>();
  for (const { unionId, childId } of childRows) {
    if (!people.has(childId)) continue;
    const list = children.get(unionId);
    if (list) list.push(childId);
    else children.set(unionId, [childId]);
  }
  const families: FamilyRow[] = [];
  for (const union of unionRows) {
    const partners = [union.partner1Id, union.partner2Id].filter((id): id is string => id !== null && people.has(id));
    const kids = children.get(union.id) ?? [];
    // A family with no one left in it is nothing to show (its people were removed).
    if (partners.length === 0 && kids.length === 0) continue;
    if (partners.length === 0 && kids.length === 1) continue;
    families.push({ id: union.id, partners, children: kids, partnership: union.partnership, gedcomId: union.gedcomId });
  }
  return { people, families };
}

/** The people of a memorial's tree who are among `ids` (removed ones too, when asked). */
export async function peopleIn(db: Db | Tx, memorialId: string, ids: string[], withRemoved = false): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  const where = and(eq(familyPeople.memorialId, memorialId), inArray(familyPeople.id, ids));
  return db.select().from(familyPeople).where(withRemoved ? where : and(where, isNull(familyPeople.deletedAt)));
}
