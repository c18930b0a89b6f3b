/**
 * Who may read and who may change a memorial's family tree. Reading follows the memorial (public,
 * unlisted, private: memorials/service.ts) and Premium: without it, visitors find no tree, while
 * the family keeps theirs (nothing is deleted when Premium lapses, decision 0025). Changing is for
 * the owner and co-admins of a memorial with Premium now.
 */
import { FAMILY_TREE_MESSAGES } from '../../shared/family-tree';
import type { Db, Tx } from '../db/connection';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../lib/errors';
import { requireEditor, visibleMemorial } from '../memorials/service';
import { isPremium } from '../money/premium';
import { type MemorialRow, ensureRoot } from './people-rows';

export interface TreeReader {
  memorial: MemorialRow;
  /** The owner or a co-admin: sees living people in full, and may change the tree (with Premium). */
  editor: boolean;
  premium: boolean;
  rootId: string;
}

export async function treeReader(deps: Deps, key: string, userId: string | null): Promise<TreeReader> {
  const { row, role } = await visibleMemorial(deps, key, userId);
  const editor = role === 'owner' || role === 'coadmin';
  const premium = await isPremium(deps.db, row.id, deps.now());
  if (!premium && !editor) throw notFound(FAMILY_TREE_MESSAGES.hidden);
  return { memorial: row, editor, premium, rootId: await ensureRoot(deps.db, row) };
}

/** Within the change's transaction: the memorial, checked for its editor and for Premium. */
export async function treeEditor(tx: Db | Tx, deps: Deps, key: string, userId: string): Promise<{ memorial: MemorialRow; rootId: string }> {
  const { row } = await requireEditor(tx, key, userId);
  if (!(await isPremium(tx, row.id, deps.now()))) throw forbidden(FAMILY_TREE_MESSAGES.premium);
  return { memorial: row, rootId: await ensureRoot(tx, row) };
}
