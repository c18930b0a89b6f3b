/**
 * A tree as its reader may see it. Visitors see a living person (shared/family-tree.ts isLiving)
 * by first name only, unless the family chose to show them: no surname, dates, places, note, photo
 * or link. The memorial's owner and co-admins see everyone in full.
 */
import { and, inArray, isNull, ne } from 'drizzle-orm';
import { isLiving } from '../../shared/family-tree';
import type { FamilyTree, TreeFamily, TreePerson } from '../../shared/family-tree-api';
import type { Db, Tx } from '../db/connection';
import { memorials } from '../db/schema';
import { mediaUrl } from '../media/present';
import type { TreeReader } from './access';
import type { FamilyRow, PersonRow, TreeRows } from './people-rows';

type LinkedMemorials = Map<string, { slug: string; name: string }>;

/** The memorials people link to that anyone may open: public or unlisted, not deleted. */
export async function linkedMemorials(db: Db | Tx, rows: Iterable<PersonRow>): Promise<LinkedMemorials> {
  const ids = [...new Set([...rows].flatMap((row) => (row.linkedMemorialId ? [row.linkedMemorialId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: memorials.id, slug: memorials.slug, name: memorials.name })
    .from(memorials)
    .where(and(inArray(memorials.id, ids), ne(memorials.privacy, 'private'), isNull(memorials.deletedAt)));
  return new Map(found.map(({ id, ...memorial }) => [id, memorial]));
}

export function presentPerson(row: PersonRow, reader: Pick<TreeReader, 'editor'>, linked: LinkedMemorials, now: Date): TreePerson {
  const living = isLiving(row, now);
  const restricted = living && !reader.editor && !row.showLivingToVisitors;
  if (restricted) {
    return {
      id: row.id,
      givenNames: row.givenNames.split(/\s+/)[0] ?? '',
      surname: '',
      sex: row.sex,
      birth: null,
      death: null,
      diedUndated: false,
      birthPlace: '',
      deathPlace: '',
      note: '',
      photo: null,
      linkedMemorial: null,
      living: true,
      restricted: true,
      showLivingToVisitors: false,
      isRoot: row.isRoot,
    };
  }
  return {
    id: row.id,
    givenNames: row.givenNames,
    surname: row.surname,
    sex: row.sex,
    birth: row.birth ?? null,
    death: row.death ?? null,
    diedUndated: row.diedUndated,
    birthPlace: row.birthPlace,
    deathPlace: row.deathPlace,
    note: row.note,
    photo: row.photoVariants ? { variants: row.photoVariants.map(({ key, ...variant }) => ({ ...variant, url: mediaUrl(key) })), placeholder: row.photoPlaceholder } : null,
    linkedMemorial: row.linkedMemorialId ? (linked.get(row.linkedMemorialId) ?? null) : null,
    living,
    restricted: false,
    showLivingToVisitors: row.showLivingToVisitors,
    isRoot: row.isRoot,
  };
}

export const presentFamily = ({ id, partners, partnership, children }: FamilyRow): TreeFamily => ({ id, partners, partnership, children });

/** What every answer about a tree says of it and of its reader. */
export const treeFacts = (reader: TreeReader, rows: TreeRows) => ({
  memorial: { id: reader.memorial.id, slug: reader.memorial.slug, name: reader.memorial.name },
  canEdit: reader.editor,
  premium: reader.premium,
  size: rows.people.size,
  rootId: reader.rootId,
});

export async function presentTree(db: Db | Tx, reader: TreeReader, rows: TreeRows, now: Date): Promise<FamilyTree> {
  const linked = await linkedMemorials(db, rows.people.values());
  return {
    ...treeFacts(reader, rows),
    people: [...rows.people.values()].map((row) => presentPerson(row, reader, linked, now)),
    families: rows.families.map(presentFamily),
  };
}
