/**
 * A tree's people changed by the family: added (at once joined to someone: a parent, a child, a
 * partner), corrected, removed and restored (the undo), given a photo. Every change is one
 * transaction, so a person is never left half-added.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { FAMILY_TREE_MESSAGES, TREE_MAX_PEOPLE } from '../../shared/family-tree';
import type { PersonChanges, PersonFields } from '../../shared/family-tree-api';
import type { Db, Tx } from '../db/connection';
import { familyPeople } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { abandoned, storing, stored as uploadStored } from '../lib/uploads-in-progress';
import { type IncomingFile, receiveUpload, storePhoto } from '../media/service';
import { treeEditor } from './access';
import { type Relation, join } from './relations';
import { checkDates, checkName, resolveLinkedMemorial } from './person-rules';

export async function peopleCount(db: Db | Tx, memorialId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(familyPeople).where(and(eq(familyPeople.memorialId, memorialId), isNull(familyPeople.deletedAt)));
  return row?.n ?? 0;
}

const stored = async (db: Db | Tx, memorialId: string, fields: PersonFields, now: Date) => {
  checkName(fields);
  checkDates(fields, now);
  const { linkedMemorial, ...rest } = fields;
  return { ...rest, linkedMemorialId: await resolveLinkedMemorial(db, linkedMemorial, memorialId) };
};

export async function addPerson(deps: Deps, key: string, userId: string, fields: PersonFields, relation: Relation | undefined): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    if ((await peopleCount(tx, memorial.id)) >= TREE_MAX_PEOPLE) throw badRequest(FAMILY_TREE_MESSAGES.tooMany);
    const id = randomUUID();
    const now = deps.now();
    await tx.insert(familyPeople).values({ id, memorialId: memorial.id, ...(await stored(tx, memorial.id, fields, now)), createdBy: userId, createdAt: now, updatedAt: now });
    if (relation) await join(tx, memorial.id, { ...relation, personId: id });
    return id;
  });
}

async function personOf(tx: Db | Tx, memorialId: string, personId: string, removed: boolean) {
  const [row] = await tx
    .select()
    .from(familyPeople)
    .where(and(eq(familyPeople.id, personId), eq(familyPeople.memorialId, memorialId), removed ? isNotNull(familyPeople.deletedAt) : isNull(familyPeople.deletedAt)))
    .for('update');
  if (!row) throw notFound(FAMILY_TREE_MESSAGES.notFound);
  return row;
}

export async function updatePerson(deps: Deps, key: string, userId: string, personId: string, changes: PersonChanges): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    const row = await personOf(tx, memorial.id, personId, false);
    const current: PersonFields = {
      givenNames: row.givenNames,
      surname: row.surname,
      sex: row.sex,
      birth: row.birth ?? null,
      death: row.death ?? null,
      diedUndated: row.diedUndated,
      birthPlace: row.birthPlace,
      deathPlace: row.deathPlace,
      note: row.note,
      showLivingToVisitors: row.showLivingToVisitors,
      linkedMemorial: null,
    };
    const merged = { ...current, ...changes };
    checkName(merged);
    checkDates(merged, deps.now());
    const { linkedMemorial, ...rest } = changes;
    await tx
      .update(familyPeople)
      .set({ ...rest, ...(linkedMemorial !== undefined ? { linkedMemorialId: await resolveLinkedMemorial(tx, linkedMemorial, memorial.id) } : {}), updatedAt: deps.now() })
      .where(eq(familyPeople.id, row.id));
  });
}

/** Removed, not deleted: its place in every family is kept, so restoring puts it back as it was. */
export async function removePerson(deps: Deps, key: string, userId: string, personId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    const row = await personOf(tx, memorial.id, personId, false);
    if (row.isRoot) throw badRequest(FAMILY_TREE_MESSAGES.rootCannotBeRemoved);
    await tx.update(familyPeople).set({ deletedAt: deps.now() }).where(eq(familyPeople.id, row.id));
  });
}

export async function restorePerson(deps: Deps, key: string, userId: string, personId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    const row = await personOf(tx, memorial.id, personId, true);
    if ((await peopleCount(tx, memorial.id)) >= TREE_MAX_PEOPLE) throw badRequest(FAMILY_TREE_MESSAGES.tooMany);
    await tx.update(familyPeople).set({ deletedAt: null, updatedAt: deps.now() }).where(eq(familyPeople.id, row.id));
  });
}

/** A photo's files live in a folder of their own, named anew for every photo: a browser may keep them for good. */
const photoFolder = (memorialId: string) => `memorials/${memorialId}/tree/${randomUUID()}/`;
const folderOfVariants = (variants: { key: string }[] | null) => (variants?.[0] ? variants[0].key.slice(0, variants[0].key.lastIndexOf('/') + 1) : null);

export async function setPhoto(deps: Deps, key: string, userId: string, personId: string, file: IncomingFile): Promise<void> {
  const { memorial } = await treeEditor(deps.db, deps, key, userId);
  await personOf(deps.db, memorial.id, personId, false);
  const folder = photoFolder(memorial.id);
  try {
    const old = await receiveUpload(
      file,
      async (received) => {
        // Written down before its files go in and crossed out with the row that points at them, so a
        // server killed in between leaves nothing the sweep does not find (lib/uploads-in-progress.ts).
        await storing(deps.db, folder, deps.now());
        const photo = await storePhoto(deps, folder, received.file);
        return deps.db.transaction(async (tx) => {
          const row = await personOf(tx, memorial.id, personId, false);
          await uploadStored(tx, folder);
          await tx.update(familyPeople).set({ photoVariants: photo.variants, photoPlaceholder: photo.placeholder, updatedAt: deps.now() }).where(eq(familyPeople.id, row.id));
          return folderOfVariants(row.photoVariants);
        });
      },
      { accept: ['photo'], limits: deps.uploadLimits },
    );
    if (old) await deps.storage.deletePrefix(old);
  } catch (error) {
    // Crossed out only once the files are gone: should the removal fail, the sweep tries again.
    await deps.storage
      .deletePrefix(folder)
      .then(() => abandoned(deps.db, folder))
      .catch((cleanup: unknown) => deps.log.error({ err: cleanup, folder }, 'could not remove the files of a failed tree photo'));
    throw error;
  }
}

export async function removePhoto(deps: Deps, key: string, userId: string, personId: string): Promise<void> {
  const old = await deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    const row = await personOf(tx, memorial.id, personId, false);
    await tx.update(familyPeople).set({ photoVariants: null, photoPlaceholder: null, updatedAt: deps.now() }).where(eq(familyPeople.id, row.id));
    return folderOfVariants(row.photoVariants);
  });
  if (old) await deps.storage.deletePrefix(old);
}
