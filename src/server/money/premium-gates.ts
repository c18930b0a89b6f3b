/**
 * Premium's gates where something is stored (decision 0025): a memorial without Premium now may not
 * choose a Premium theme, add a film (uploaded or from YouTube) or a song, or hold more photos than
 * the free plan's. Refused with 403 and the Danish sentence of shared/premium.ts, before anything is kept.
 * What a lapsed memorial already has stays; only visitors stop seeing it (asVisitorsSeeIt).
 */
import { and, count, eq } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT, PREMIUM_MESSAGES, isPremiumTheme } from '../../shared/premium';
import type { MediaKind } from '../../shared/media';
import type { MemorialTheme } from '../../shared/memorials';
import type { Db, Tx } from '../db/connection';
import { memorialMedia } from '../db/schema';
import { forbidden } from '../lib/errors';
import { isPremium } from './premium';

/** A theme being chosen (not one kept from before): Premium's needs Premium now. */
export async function checkThemeChoice(db: Db | Tx, memorialId: string | null, theme: MemorialTheme, now: Date): Promise<void> {
  if (!isPremiumTheme(theme)) return;
  // A memorial being created has no Premium yet.
  if (memorialId === null || !(await isPremium(db, memorialId, now))) throw forbidden(PREMIUM_MESSAGES.theme(theme));
}

/**
 * Room for one more item of `kind` in the gallery: a film needs Premium, a photo needs Premium or
 * fewer than FREE_PHOTO_LIMIT photos stored now (a deleted one frees its place). Within the
 * transaction that adds the item, after the memorial's row is locked (touchMemorial), so two
 * uploads at once cannot both take the last place.
 */
export async function checkGalleryRoom(db: Db | Tx, memorialId: string, kind: MediaKind, now: Date): Promise<void> {
  if (await isPremium(db, memorialId, now)) return;
  if (kind !== 'photo') throw forbidden(PREMIUM_MESSAGES.video);
  const [row] = await db
    .select({ photos: count() })
    .from(memorialMedia)
    .where(and(eq(memorialMedia.memorialId, memorialId), eq(memorialMedia.kind, 'photo')));
  if ((row?.photos ?? 0) >= FREE_PHOTO_LIMIT) throw forbidden(PREMIUM_MESSAGES.photoLimit);
}

/**
 * A song being added (music/): the memorial's music is Premium's, all of it. Asked before a file
 * is received, and again in the transaction that adds the song. Songs a lapsed memorial already
 * has stay; the family may still rename, reorder and remove them.
 */
export async function checkMusicAllowed(db: Db | Tx, memorialId: string, now: Date): Promise<void> {
  if (!(await isPremium(db, memorialId, now))) throw forbidden(PREMIUM_MESSAGES.music);
}
