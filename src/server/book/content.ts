/**
 * What goes into a memorial's book, gathered before a byte of it is sent, so every refusal is a
 * proper answer: only the owner and co-admins may have it (as with every administrator's call,
 * members.ts adminAccess), not for a deleted memorial, and only photos of this memorial's gallery.
 * Of what visitors left, only what the family approved is printed, with the name as it is shown.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { BOOK_MESSAGES, type BookSummary } from '../../shared/memorial-book';
import type { PostKind } from '../../shared/posts-api';
import type { Db } from '../db/connection';
import { memorialMedia, memorialPosts, memorials } from '../db/schema';
import type { MemorialRow } from '../memorials/types';
import { badRequest } from '../lib/errors';
import { adminAccess } from '../memorials/members';
import type { StoredPhoto } from './print-photo';

export interface BookPhoto extends StoredPhoto {
  caption: string;
}

export interface BookPost {
  kind: Extract<PostKind, 'guestbook' | 'tribute' | 'memory'>;
  name: string;
  message: string;
  createdAt: Date;
}

export interface BookContent {
  memorial: MemorialRow;
  portrait: BookPhoto | null;
  photos: BookPhoto[];
  /** Approved words, oldest first: a book is read from the beginning. */
  posts: BookPost[];
  candles: number;
}

const photoColumns = { id: memorialMedia.id, kind: memorialMedia.kind, originalKey: memorialMedia.originalKey, edit: memorialMedia.edit, caption: memorialMedia.caption };

async function bookAccess(db: Db, idOrSlug: string, userId: string): Promise<MemorialRow> {
  // forChange: a deleted memorial's book is refused as its other administrator calls are, until restored.
  const { memorialId } = await adminAccess(db, idOrSlug, userId, { forChange: true, refusal: BOOK_MESSAGES.adminsOnly });
  const [row] = await db.select().from(memorials).where(eq(memorials.id, memorialId));
  if (!row) throw new Error(`memorial ${memorialId} vanished while its book was asked for`);
  return row;
}

/** The chosen photos in the chosen order; any id that is not a photo of this gallery is refused. */
async function chosenPhotos(db: Db, memorialId: string, ids: string[]): Promise<BookPhoto[]> {
  if (!ids.length) return [];
  const rows = await db.select(photoColumns).from(memorialMedia).where(and(eq(memorialMedia.memorialId, memorialId), inArray(memorialMedia.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw badRequest(BOOK_MESSAGES.unknownPhoto);
    if (row.kind !== 'photo') throw badRequest(BOOK_MESSAGES.notAPhoto);
    return { id: row.id, originalKey: row.originalKey, edit: row.edit ?? null, caption: row.caption };
  });
}

async function portraitOf(db: Db, memorial: MemorialRow): Promise<BookPhoto | null> {
  if (!memorial.portraitMediaId) return null;
  const [row] = await db
    .select(photoColumns)
    .from(memorialMedia)
    .where(and(eq(memorialMedia.id, memorial.portraitMediaId), eq(memorialMedia.memorialId, memorial.id)));
  return row && row.kind === 'photo' ? { id: row.id, originalKey: row.originalKey, edit: row.edit ?? null, caption: row.caption } : null;
}

const WORDS: BookPost['kind'][] = ['tribute', 'memory', 'guestbook'];

async function approvedWords(db: Db, memorialId: string): Promise<BookPost[]> {
  const rows = await db
    .select({ kind: memorialPosts.kind, name: memorialPosts.name, message: memorialPosts.message, createdAt: memorialPosts.createdAt })
    .from(memorialPosts)
    .where(and(eq(memorialPosts.memorialId, memorialId), eq(memorialPosts.status, 'approved'), inArray(memorialPosts.kind, WORDS)))
    .orderBy(asc(memorialPosts.createdAt));
  return rows.flatMap((row) => (row.message?.trim() ? [{ kind: row.kind as BookPost['kind'], name: row.name, message: row.message.trim(), createdAt: row.createdAt }] : []));
}

async function approvedCount(db: Db, memorialId: string, kind: PostKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memorialPosts)
    .where(and(eq(memorialPosts.memorialId, memorialId), eq(memorialPosts.kind, kind), eq(memorialPosts.status, 'approved')));
  return row?.n ?? 0;
}

export async function bookContent(db: Db, idOrSlug: string, userId: string, photoIds: string[]): Promise<BookContent> {
  const memorial = await bookAccess(db, idOrSlug, userId);
  return {
    memorial,
    portrait: await portraitOf(db, memorial),
    photos: await chosenPhotos(db, memorial.id, photoIds),
    posts: await approvedWords(db, memorial.id),
    candles: await approvedCount(db, memorial.id, 'candle'),
  };
}

/** What the edit page says the book will hold of what visitors left. */
export async function bookSummary(db: Db, idOrSlug: string, userId: string): Promise<BookSummary> {
  const memorial = await bookAccess(db, idOrSlug, userId);
  const words = await approvedWords(db, memorial.id);
  const of = (kind: BookPost['kind']) => words.filter((post) => post.kind === kind).length;
  return { greetings: of('guestbook'), tributes: of('tribute'), memories: of('memory'), candles: await approvedCount(db, memorial.id, 'candle') };
}
