/**
 * The family tree as a graph: families (one or two parents, their children) over people. Pure
 * functions, shared by the tree's reading, its changes and the GEDCOM import, so the rules (who
 * is whose sibling, what would make someone their own ancestor) are written once and tested alone.
 */

export interface FamilyLinks {
  id: string;
  partners: string[];
  children: string[];
}

export interface TreeIndex {
  /** The families a person is a parent (partner) in. */
  familiesAsPartner: Map<string, FamilyLinks[]>;
  /** The families a person is a child of (usually one; adoption and the like can give more). */
  familiesAsChild: Map<string, FamilyLinks[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function indexFamilies(families: readonly FamilyLinks[]): TreeIndex {
  const familiesAsPartner = new Map<string, FamilyLinks[]>();
  const familiesAsChild = new Map<string, FamilyLinks[]>();
  for (const family of families) {
    for (const partner of family.partners) push(familiesAsPartner, partner, family);
    for (const child of family.children) push(familiesAsChild, child, family);
  }
  return { familiesAsPartner, familiesAsChild };
}

export const parentsOf = (index: TreeIndex, personId: string) => [...new Set((index.familiesAsChild.get(personId) ?? []).flatMap((family) => family.partners))];

/**
 * A person's siblings: every other child of a family that shares a parent with them. Full siblings
 * share all their parents; half-siblings only one (a parent's other marriage).
 */
export function siblingsOf(index: TreeIndex, personId: string): { id: string; half: boolean }[] {
  const own = new Set(parentsOf(index, personId));
  const ownFamilies = new Set((index.familiesAsChild.get(personId) ?? []).map((family) => family.id));
  const found = new Map<string, boolean>();
  const consider = (family: FamilyLinks) => {
    for (const child of family.children) {
      if (child === personId || found.get(child) === false) continue;
      const theirs = parentsOf(index, child);
      const full = ownFamilies.has(family.id) || (theirs.length === own.size && theirs.every((parent) => own.has(parent)));
      found.set(child, !full);
    }
  };
  for (const family of index.familiesAsChild.get(personId) ?? []) consider(family);
  // A parent's other families: the half-siblings.
  for (const parent of own) for (const family of index.familiesAsPartner.get(parent) ?? []) consider(family);
  return [...found].map(([id, half]) => ({ id, half }));
}

/** Everyone above a person: parents, their parents and so on. */
export function ancestorsOf(index: TreeIndex, personId: string): Set<string> {
  const seen = new Set<string>();
  const stack = [personId];
  while (stack.length > 0) {
    for (const parent of parentsOf(index, stack.pop()!)) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      stack.push(parent);
    }
  }
  return seen;
}

/**
 * A person who is their own ancestor, if the families hold one (a file that says so, or a mistake
 * typed twice). Found by a depth-first walk up the parents that meets a person still on its path.
 */
export function findOwnAncestor(index: TreeIndex, people: Iterable<string>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of people) {
    if (state.has(start)) continue;
    // An explicit stack: a chain of 10,000 generations must not overflow the call stack.
    const stack: { id: string; parents: string[]; next: number }[] = [{ id: start, parents: parentsOf(index, start), next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next === top.parents.length) {
        state.set(top.id, 'done');
        stack.pop();
        continue;
      }
      const parent = top.parents[top.next++]!;
      const seen = state.get(parent);
      if (seen === 'open') return parent;
      if (seen === 'done') continue;
      state.set(parent, 'open');
      stack.push({ id: parent, parents: parentsOf(index, parent), next: 0 });
    }
  }
  return null;
}
