/**
 * A memorial's addresses outlive its changes (issue 26; PRODUCT.md "The stone outlives the
 * company"): a stone, a printed card or a shared link may carry an address for decades. One the
 * memorial had before leads to it for good, no other memorial may take it, and once the memorial
 * is deleted it says so, kindly, instead of "not found". What a reader learns still follows
 * visibleMemorial's rule (service.ts): an old address of a private memorial tells someone who may
 * not see it nothing, not even that it was moved.
 */
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { MemberRole } from '../../shared/memorials';
import { parseCode } from '../../shared/qr-code';
import type { Db, Tx } from '../db/connection';
import { memorialAddresses, memorialMembers, memorials } from '../db/schema';
import { conflict } from '../lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EDITORS: MemberRole[] = ['owner', 'coadmin'];

/** The address a memorial leaves, kept as leading to it (again, if it had it before). */
export async function retireAddress(tx: Tx, memorialId: string, slug: string, at: Date): Promise<void> {
  await tx
    .insert(memorialAddresses)
    .values({ slug, memorialId, retiredAt: at })
    .onConflictDoUpdate({ target: memorialAddresses.slug, set: { memorialId, retiredAt: at } });
}

/**
 * The address a memorial is about to take: one it had before is its own again; one another
 * memorial had, or a deleted memorial's, is refused, since a stone somewhere may carry it.
 */
export async function claimAddress(tx: Tx, memorialId: string, slug: string): Promise<void> {
  await tx.delete(memorialAddresses).where(and(eq(memorialAddresses.slug, slug), eq(memorialAddresses.memorialId, memorialId)));
  const [held] = await tx.select({ slug: memorialAddresses.slug }).from(memorialAddresses).where(eq(memorialAddresses.slug, slug));
  if (held) throw conflict('Adressen er allerede i brug. Vælg en anden.');
}

/** The retired addresses among `base` and `base-…` (slug.ts: letters, digits and hyphens only), which a new memorial's address must avoid too. */
export async function retiredLike(db: Db | Tx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: memorialAddresses.slug })
    .from(memorialAddresses)
    .where(or(eq(memorialAddresses.slug, base), like(memorialAddresses.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}

/** Where an address no memorial has now leads a reader. */
export type FormerAddress = { movedTo: string } | { deleted: true };

/**
 * Where `key` leads `userId` (null: a visitor) when no memorial they may see has it now: to the
 * memorial that had it, by its address today; to "deleted"; or nowhere (null), when it was never
 * a memorial's, or its memorial is private and they are not among its members.
 */
export async function whereFormerAddressLeads(db: Db | Tx, key: string, userId: string | null): Promise<FormerAddress | null> {
  const slug = key.toLowerCase();
  if (UUID.test(slug) || parseCode(slug)) return null;
  const [row] = await db
    .select({ memorialId: memorialAddresses.memorialId, slug: memorials.slug, privacy: memorials.privacy, deletedAt: memorials.deletedAt, role: memorialMembers.role })
    .from(memorialAddresses)
    .leftJoin(memorials, eq(memorials.id, memorialAddresses.memorialId))
    .leftJoin(memorialMembers, and(eq(memorialMembers.memorialId, memorials.id), eq(memorialMembers.userId, userId ?? sql`null`)))
    .where(eq(memorialAddresses.slug, slug))
    .limit(1);
  if (!row) return null;
  // Purged: the foreign key let go of the memorial and kept its address.
  if (!row.memorialId || !row.slug) return { deleted: true };
  if (row.privacy === 'private' && !row.role) return null;
  if (row.deletedAt && !(row.role && EDITORS.includes(row.role))) return { deleted: true };
  return { movedTo: row.slug };
}
