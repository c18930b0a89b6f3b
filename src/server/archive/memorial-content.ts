/**
 * What goes into a memorial's archive (memorial-zip.ts), gathered before a byte is sent so every
 * refusal is a proper answer: only the owner and co-admins may have it, as the book (members.ts
 * adminAccess), and also while the memorial is deleted and can still be restored, for a family
 * that wants to keep it before it goes.
 *
 * The memorial as its administrators see it (everything the family keeps, Premium or not), the
 * family tree as they see it, and of what visitors left, only what the family approved.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FamilyTree } from '../../shared/family-tree-api';
import { ARCHIVE_MESSAGES } from '../../shared/memorial-archive';
import type { Memorial } from '../../shared/memorials';
import type { Post } from '../../shared/posts-api';
import type { Db } from '../db/connection';
import { memorialMedia, memorialPosts } from '../db/schema';
import type { Deps } from '../deps';
import { readTree } from '../family-tree/read';
import { adminAccess } from '../memorials/members';
import { readMemorial } from '../memorials/service';
import { presentPost } from '../posts/service';

export interface StoredItem {
  key: string;
  bytes: number;
}

export interface ArchiveContent {
  memorial: Memorial;
  /** Each gallery item's kept file (a photo's original, a film as it came) and its size, by media id. */
  stored: Map<string, StoredItem>;
  /** Null when the tree holds no one but the deceased. */
  tree: FamilyTree | null;
  /** Approved candles, greetings, tributes and memories, oldest first: the archive is read as a record. */
  posts: Post[];
}

/** The memorial's id for an owner or co-admin; others get the answers every administrator's call gives. */
export async function archiveAccess(db: Db, idOrSlug: string, userId: string): Promise<string> {
  const { memorialId } = await adminAccess(db, idOrSlug, userId, { forChange: false, refusal: ARCHIVE_MESSAGES.adminsOnly });
  return memorialId;
}

async function storedItems(db: Db, memorialId: string): Promise<Map<string, StoredItem>> {
  const rows = await db.select({ id: memorialMedia.id, key: memorialMedia.originalKey, bytes: memorialMedia.bytes }).from(memorialMedia).where(eq(memorialMedia.memorialId, memorialId));
  return new Map(rows.flatMap((row) => (row.key ? [[row.id, { key: row.key, bytes: row.bytes ?? 0 }] as const] : [])));
}

async function approvedPosts(db: Db, memorialId: string): Promise<Post[]> {
  const rows = await db
    .select()
    .from(memorialPosts)
    .where(and(eq(memorialPosts.memorialId, memorialId), eq(memorialPosts.status, 'approved'), inArray(memorialPosts.kind, ['candle', 'guestbook', 'tribute', 'memory'])))
    .orderBy(asc(memorialPosts.createdAt), asc(memorialPosts.id));
  return rows.map(presentPost);
}

/** Everything the archive holds, read as `userId` (who must be an owner or co-admin). */
export async function archiveContent(deps: Deps, idOrSlug: string, userId: string): Promise<ArchiveContent> {
  const memorialId = await archiveAccess(deps.db, idOrSlug, userId);
  const memorial = await readMemorial(deps, memorialId, userId);
  const [stored, tree, posts] = await Promise.all([storedItems(deps.db, memorialId), readTree(deps, memorialId, userId), approvedPosts(deps.db, memorialId)]);
  return { memorial, stored, tree: tree.people.length > 1 ? tree : null, posts };
}
