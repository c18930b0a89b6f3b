/**
 * The family tree's calls (src/shared/family-tree-api.ts) as the pages use them: the close family
 * of one person (the first view, the memorial page's section), the whole tree (the full-screen
 * chart), and the writes. Every answer of a tree lives under one key per memorial, so a change
 * asks all of them again at once.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import { type CloseFamily, FAMILY_TREE_DATA_ELEMENT_ID, type FamilyTree, type InlineFamilyTree, type PersonChanges, type PersonFields, type RelationKind } from '@/shared/family-tree-api';
import type { Partnership } from '@/shared/family-tree';

export const treePath = (memorial: string) => `/api/memorials/${encodeURIComponent(memorial)}/family-tree`;

const treeKey = (memorial: string) => ['family-tree', memorial.toLowerCase()] as const;

/** A missing tree (no Premium, for a visitor) or person will not appear by asking again. */
const retry = (failures: number, error: Error) => !(error instanceof ApiError) && failures < 1;

/** The close family's place in the cache: also where a page the server drew puts the family it carries. */
export const closeFamilyKey = (memorial: string, person: string | null) => [...treeKey(memorial), 'close', person ?? 'root'] as const;

/**
 * The close family the server wrote into a visitor's page (src/server/family-tree/page-route.ts),
 * when it is the one asked for: the page comes alive without asking again. Read once; later
 * visits in the app fetch. (Not on the server, which puts it in the cache itself: prerender.tsx.)
 */
let inline: InlineFamilyTree | null | undefined;
function inlineCloseFamily(memorial: string, person: string | null): CloseFamily | undefined {
  if (typeof document === 'undefined') return undefined;
  if (inline === undefined) {
    try {
      inline = JSON.parse(document.getElementById(FAMILY_TREE_DATA_ELEMENT_ID)?.textContent ?? 'null') as InlineFamilyTree | null;
    } catch {
      inline = null;
    }
  }
  return inline && inline.memorial.toLowerCase() === memorial.toLowerCase() && inline.person === person ? inline.close : undefined;
}

/** `person` null: the memorial's own person. `enabled` false: not asked (a visitor of a page without Premium). */
export function useCloseFamily(memorial: string, person: string | null, enabled = true) {
  return useQuery({
    queryKey: closeFamilyKey(memorial, person),
    queryFn: ({ signal }) => apiRequest<CloseFamily>('GET', `${treePath(memorial)}/close`, { params: { person }, signal }),
    initialData: () => inlineCloseFamily(memorial, person),
    // Written by the server a moment ago: fresh enough not to fetch again at once.
    initialDataUpdatedAt: () => (inlineCloseFamily(memorial, person) ? Date.now() : undefined),
    enabled: enabled && memorial !== '',
    // Going from one person to the next keeps the last one on screen until the next has come.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry,
  });
}

export const wholeTreeKey = (memorial: string) => [...treeKey(memorial), 'whole'] as const;

export function useWholeTree(memorial: string) {
  return useQuery({
    queryKey: wholeTreeKey(memorial),
    queryFn: ({ signal }) => apiRequest<FamilyTree>('GET', treePath(memorial), { signal }),
    staleTime: 30_000,
    retry,
  });
}

export const refreshTree = (queryClient: QueryClient, memorial: string) => queryClient.invalidateQueries({ queryKey: treeKey(memorial) });

type Changed = { personId: string };

/** Every write of the tree, by what it does. Each returns what its undo needs. */
export function treeCalls(memorial: string) {
  const base = treePath(memorial);
  const person = (id: string) => `${base}/people/${encodeURIComponent(id)}`;
  return {
    addPerson: (fields: PersonFields, relation?: { kind: RelationKind; of: string; familyId?: string; partnership?: Partnership }) =>
      apiRequest<Changed>('POST', `${base}/people`, { body: relation ? { person: fields, relation } : { person: fields } }),
    changePerson: (id: string, changes: PersonChanges) => apiRequest<Changed>('PUT', person(id), { body: changes }),
    removePerson: (id: string) => apiRequest<null>('DELETE', person(id)),
    restorePerson: (id: string) => apiRequest<Changed>('POST', `${person(id)}/restore`),
    removePhoto: (id: string) => apiRequest<null>('DELETE', `${person(id)}/photo`),
    link: (body: { kind: RelationKind; of: string; personId: string; familyId?: string; partnership?: Partnership }) => apiRequest<Changed & { familyId: string }>('POST', `${base}/relations`, { body }),
    unlink: (body: { kind: 'child' | 'partner'; familyId: string; personId: string }) => apiRequest<null>('DELETE', `${base}/relations`, { body }),
    changeFamily: (familyId: string, partnership: Partnership) => apiRequest<null>('PUT', `${base}/families/${encodeURIComponent(familyId)}`, { body: { partnership } }),
    photoPath: (id: string) => `${person(id)}/photo`,
    gedcomPath: `${base}/gedcom`,
  };
}
