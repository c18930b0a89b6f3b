/**
 * Nothing half-stored stays in the bucket. An upload stores its files first and writes its row
 * after; a server killed in between (kill -9, the OOM killer, a power cut) would leave files that
 * no row knows of, in a bucket that several instances share. So the folder is written down before
 * the first file goes in (`storing`), crossed out in the transaction that writes the row
 * (`stored`) or when a failed upload has removed its files (`abandoned`), and what is still
 * written down an hour later is removed by whichever instance's maintenance tick comes first
 * (`sweepAbandonedUploads`): by then no request could still be storing it. Used by the gallery
 * (media/service.ts), the songs (music/service.ts), memories' photos (posts/photo.ts, crossed out
 * by the post's insert), family-tree photos (family-tree/people.ts) and AI tries' portraits and
 * results (ai/steps.ts). A note names a folder (ending in "/") or, where the files of one folder
 * are committed one by one (an AI try's), a single file.
 */
import { eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection';
import { uploadsInProgress } from '../db/schema';
import type { Storage } from './storage-types';

/** Longer than any upload's storing takes (a 500 MB video to a bucket on a slow day: minutes). */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/** Before the first file of `folder` (or the file `folder` names) is stored. */
export async function storing(db: Db, folder: string, now: Date): Promise<void> {
  await db.insert(uploadsInProgress).values({ folder, startedAt: now }).onConflictDoNothing();
}

/** In the transaction that writes the upload's row: its files are no longer in progress. */
export async function stored(tx: Tx | Db, folder: string): Promise<void> {
  await tx.delete(uploadsInProgress).where(eq(uploadsInProgress.folder, folder));
}

/** After a failed upload removed its files itself. */
export const abandoned = stored;

/** Removes the files of uploads begun over an hour before `at` and never finished; how many folders. */
export async function sweepAbandonedUploads(deps: { db: Db; storage: Storage }, at: Date): Promise<number> {
  const due = await deps.db
    .select({ folder: uploadsInProgress.folder })
    .from(uploadsInProgress)
    .where(lte(uploadsInProgress.startedAt, new Date(at.getTime() - ABANDONED_AFTER_MS)))
    .limit(100);
  for (const { folder } of due) {
    if (folder.endsWith('/')) await deps.storage.deletePrefix(folder);
    else await deps.storage.delete(folder);
    await stored(deps.db, folder);
  }
  return due.length;
}
