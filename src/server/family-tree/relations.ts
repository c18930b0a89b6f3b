/**
 * Joining people in a tree: as parent, child or partner, into the families GEDCOM also knows (one
 * or two parents and their children). Half-siblings and step-families follow from it: a parent's
 * second partner is a second family, and its children share one parent with the first family's.
 * Nothing may make a person their own ancestor.
 */
import { and, eq, max } from 'drizzle-orm';
import { FAMILY_TREE_MESSAGES, type Partnership } from '../../shared/family-tree';
import type { RelationKind } from '../../shared/family-tree-api';
import type { Tx } from '../db/connection';
import { familyChildren, familyUnions } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { treeEditor } from './access';
import { type FamilyLinks, ancestorsOf, indexFamilies } from './graph';
import { loadTree } from './people-rows';

export interface Relation {
  kind: RelationKind;
  /** Who the new relation is to. */
  of: string;
  familyId?: string;
  partnership?: Partnership;
}

async function addChild(tx: Tx, familyId: string, childId: string) {
  const [last] = await tx.select({ position: max(familyChildren.position) }).from(familyChildren).where(eq(familyChildren.unionId, familyId));
  await tx.insert(familyChildren).values({ unionId: familyId, childId, position: (last?.position ?? -1) + 1 });
}

async function newFamily(tx: Tx, memorialId: string, partners: string[], partnership: Partnership = 'married'): Promise<string> {
  const [row] = await tx
    .insert(familyUnions)
    .values({ memorialId, partner1Id: partners[0] ?? null, partner2Id: partners[1] ?? null, partnership })
    .returning({ id: familyUnions.id });
  return row!.id;
}

/**
 * A family's empty partner place filled: the undo of a partner taken out, or a second parent added.
 * An empty place first; else one still held by a removed person (kept for their undo), since the
 * family's newer choice wins over restoring the old.
 */
async function fillPartnerPlace(tx: Tx, family: FamilyLinks, personId: string, partnership: Partnership | undefined) {
  const [union] = await tx.select().from(familyUnions).where(eq(familyUnions.id, family.id)).for('update');
  const free = (id: string | null) => id === null || !family.partners.includes(id);
  const place = union!.partner1Id === null ? 'partner1Id' : union!.partner2Id === null ? 'partner2Id' : free(union!.partner1Id) ? 'partner1Id' : 'partner2Id';
  await tx
    .update(familyUnions)
    .set({ [place]: personId, ...(partnership ? { partnership } : {}) })
    .where(eq(familyUnions.id, family.id));
}

/**
 * `personId` joined to `of` as `kind`, both already in the memorial's tree. Within the change's
 * transaction. Answers the family the two now share, which the undo takes them out of.
 */
export async function join(tx: Tx, memorialId: string, relation: Relation & { personId: string }): Promise<string> {
  const { kind, of, personId, familyId, partnership } = relation;
  const rows = await loadTree(tx, memorialId);
  if (!rows.people.has(of) || !rows.people.has(personId)) throw notFound(FAMILY_TREE_MESSAGES.notFound);
  if (of === personId) throw badRequest(FAMILY_TREE_MESSAGES.ownAncestor);
  const index = indexFamilies(rows.families);
  const family = familyId ? rows.families.find((candidate) => candidate.id === familyId) : undefined;
  if (familyId && !family) throw notFound(FAMILY_TREE_MESSAGES.familyNotFound);

  if (kind === 'partner') {
    if (rows.families.some((candidate) => candidate.partners.includes(of) && candidate.partners.includes(personId))) throw badRequest(FAMILY_TREE_MESSAGES.sameFamily);
    if (family) {
      if (!family.partners.includes(of) || family.partners.length > 1) throw badRequest(FAMILY_TREE_MESSAGES.tooManyParents);
      await fillPartnerPlace(tx, family, personId, partnership);
      return family.id;
    }
    return newFamily(tx, memorialId, [of, personId], partnership);
  }

  if (kind === 'child') {
    // The child may not already be above the parent.
    if (ancestorsOf(index, of).has(personId)) throw badRequest(FAMILY_TREE_MESSAGES.ownAncestor);
    let target = family;
    if (target && !target.partners.includes(of)) throw notFound(FAMILY_TREE_MESSAGES.familyNotFound);
    // Without a family named: the parent's family without a partner, made when there is none.
    target ??= rows.families.find((candidate) => candidate.partners.length === 1 && candidate.partners[0] === of);
    if (target?.children.includes(personId)) throw badRequest(FAMILY_TREE_MESSAGES.sameFamily);
    const familyOfChild = target?.id ?? (await newFamily(tx, memorialId, [of]));
    await addChild(tx, familyOfChild, personId);
    return familyOfChild;
  }

  // A parent: the new parent may not already be below the child.
  if (ancestorsOf(index, personId).has(of)) throw badRequest(FAMILY_TREE_MESSAGES.ownAncestor);
  const childFamilies = index.familiesAsChild.get(of) ?? [];
  if (family && !family.children.includes(of)) throw notFound(FAMILY_TREE_MESSAGES.familyNotFound);
  if (childFamilies.some((candidate) => candidate.partners.includes(personId))) throw badRequest(FAMILY_TREE_MESSAGES.sameFamily);
  const target = family ?? childFamilies.find((candidate) => candidate.partners.length < 2);
  if (target) {
    if (target.partners.length >= 2) throw badRequest(FAMILY_TREE_MESSAGES.tooManyParents);
    await fillPartnerPlace(tx, target, personId, partnership);
    return target.id;
  }
  if (childFamilies.length > 0) throw badRequest(FAMILY_TREE_MESSAGES.tooManyParents);
  const familyOfParent = await newFamily(tx, memorialId, [personId], partnership);
  await addChild(tx, familyOfParent, of);
  return familyOfParent;
}

export async function link(deps: Deps, key: string, userId: string, relation: Relation & { personId: string }): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    return join(tx, memorial.id, relation);
  });
}

/** A child taken out of a family, or a partner out of it; the people themselves stay. */
export async function unlink(deps: Deps, key: string, userId: string, change: { kind: 'child' | 'partner'; familyId: string; personId: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    const [union] = await tx.select().from(familyUnions).where(and(eq(familyUnions.id, change.familyId), eq(familyUnions.memorialId, memorial.id))).for('update');
    if (!union) throw notFound(FAMILY_TREE_MESSAGES.familyNotFound);
    if (change.kind === 'child') {
      const removed = await tx.delete(familyChildren).where(and(eq(familyChildren.unionId, union.id), eq(familyChildren.childId, change.personId))).returning();
      if (removed.length === 0) throw notFound(FAMILY_TREE_MESSAGES.notFound);
      return;
    }
    const place = union.partner1Id === change.personId ? 'partner1Id' : union.partner2Id === change.personId ? 'partner2Id' : null;
    if (!place) throw notFound(FAMILY_TREE_MESSAGES.notFound);
    await tx.update(familyUnions).set({ [place]: null }).where(eq(familyUnions.id, union.id));
  });
}

export async function changeFamily(deps: Deps, key: string, userId: string, familyId: string, partnership: Partnership): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { memorial } = await treeEditor(tx, deps, key, userId);
    const changed = await tx
      .update(familyUnions)
      .set({ partnership })
      .where(and(eq(familyUnions.id, familyId), eq(familyUnions.memorialId, memorial.id)))
      .returning({ id: familyUnions.id });
    if (changed.length === 0) throw notFound(FAMILY_TREE_MESSAGES.familyNotFound);
  });
}
