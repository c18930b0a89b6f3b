/** Reading a tree: the whole of it (the full-screen chart, the family's editing) or one person's close family. */
import type { CloseFamily, FamilyTree } from '../../shared/family-tree-api';
import { FAMILY_TREE_MESSAGES } from '../../shared/family-tree';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { treeReader } from './access';
import { indexFamilies, siblingsOf } from './graph';
import { loadTree } from './people-rows';
import { linkedMemorials, presentFamily, presentPerson, presentTree, treeFacts } from './present';

export async function readTree(deps: Deps, key: string, userId: string | null): Promise<FamilyTree> {
  const reader = await treeReader(deps, key, userId);
  return presentTree(deps.db, reader, await loadTree(deps.db, reader.memorial.id), deps.now());
}

/** Born first first; people without a birth date last, in the order they were added. */
const byBirth = <T extends { birth: { year: number } | null }>(a: T, b: T) => (a.birth?.year ?? Infinity) - (b.birth?.year ?? Infinity);

export async function readCloseFamily(deps: Deps, key: string, userId: string | null, personId: string | undefined): Promise<CloseFamily> {
  const reader = await treeReader(deps, key, userId);
  const rows = await loadTree(deps.db, reader.memorial.id);
  const focus = rows.people.get(personId ?? reader.rootId);
  if (!focus) throw notFound(FAMILY_TREE_MESSAGES.notFound);
  const index = indexFamilies(rows.families);
  const linked = await linkedMemorials(deps.db, rows.people.values());
  const now = deps.now();
  const present = (id: string) => presentPerson(rows.people.get(id)!, reader, linked, now);

  const childFamilies = index.familiesAsChild.get(focus.id) ?? [];
  const ownFamilies = rows.families.filter((family) => family.partners.includes(focus.id));
  const parents = childFamilies.flatMap((family) => family.partners.map((id) => ({ ...present(id), familyId: family.id })));
  const partners = ownFamilies.flatMap((family) =>
    family.partners.filter((id) => id !== focus.id).map((id) => ({ ...present(id), familyId: family.id, partnership: family.partnership })),
  );
  const children = ownFamilies.flatMap((family) => family.children.map((id) => ({ ...present(id), familyId: family.id })));
  const siblings = siblingsOf(index, focus.id).map(({ id, half }) => ({ ...present(id), half }));
  // A new parent joins the family the person is a child of when it has room (fewer than two parents).
  const parentFamily = childFamilies.find((family) => family.partners.length < 2) ?? childFamilies[0] ?? null;
  return {
    ...treeFacts(reader, rows),
    person: present(focus.id),
    parents,
    partners,
    siblings: siblings.sort(byBirth),
    children: children.sort(byBirth),
    families: ownFamilies.map(presentFamily),
    parentFamilyId: parentFamily?.id ?? null,
  };
}
