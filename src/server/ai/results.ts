/**
 * What the family does with a made try: show it (a greeting on the memorial page, a song in the
 * playlist), take it off again, or delete it with its file. Owner and co-admins only; a try of
 * another memorial answers 404 like an unknown one.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { AI_MESSAGES } from '../../shared/ai';
import type { Generation } from '../../shared/ai-api';
import type { Tx } from '../db/connection';
import { type GenerationRow, aiGenerations, memorialSongs } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { requireEditor, touchMemorial } from '../memorials/service';
import { addMadeSong } from '../music/service';
import { presentGeneration } from './present-generation';

async function lockTry(tx: Tx, memorialId: string, generationId: string): Promise<GenerationRow> {
  const [row] = await tx
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.memorialId, memorialId)))
    .for('update');
  if (!row || row.deletedAt) throw notFound(AI_MESSAGES.notFound);
  return row;
}

async function change(deps: Deps, memorialKey: string, userId: string, generationId: string, work: (tx: Tx, row: GenerationRow, memorialId: string) => Promise<GenerationRow>) {
  const { row: memorial } = await requireEditor(deps.db, memorialKey, userId);
  const changed = await deps.db.transaction(async (tx) => work(tx, await lockTry(tx, memorial.id, generationId), memorial.id));
  deps.memorialChanged(memorial.id);
  return changed;
}

export async function publishTry(deps: Deps, memorialKey: string, userId: string, generationId: string): Promise<Generation> {
  const row = await change(deps, memorialKey, userId, generationId, async (tx, row, memorialId) => {
    if (row.kind === 'lyrics' || row.status !== 'succeeded' || !row.resultKey || !row.resultMime) throw new HttpError(409, AI_MESSAGES.notPublishable);
    const now = deps.now();
    if (row.kind === 'greeting') {
      // The page shows one greeting: the one chosen now.
      await tx
        .update(aiGenerations)
        .set({ publishedAt: null })
        .where(and(eq(aiGenerations.memorialId, memorialId), eq(aiGenerations.kind, 'greeting'), ne(aiGenerations.id, row.id), isNotNull(aiGenerations.publishedAt)));
      await touchMemorial(tx, memorialId, now);
      const [shown] = await tx.update(aiGenerations).set({ publishedAt: row.publishedAt ?? now }).where(eq(aiGenerations.id, row.id)).returning();
      return shown!;
    }
    if (row.songId || row.input.kind !== 'song') return row;
    const song = await addMadeSong(tx, memorialId, now, {
      title: row.input.title,
      fileKey: row.resultKey,
      mime: row.resultMime,
      bytes: row.resultBytes ?? 0,
      durationSeconds: row.resultSeconds === null ? null : Math.max(1, Math.round(row.resultSeconds)),
      lyrics: row.input.lyrics,
      createdBy: userId,
    });
    const [shown] = await tx.update(aiGenerations).set({ publishedAt: now, songId: song.id }).where(eq(aiGenerations.id, row.id)).returning();
    return shown!;
  });
  return presentGeneration(row);
}

async function takeOff(tx: Tx, row: GenerationRow, memorialId: string, now: Date): Promise<GenerationRow> {
  if (row.songId) await tx.delete(memorialSongs).where(eq(memorialSongs.id, row.songId));
  if (row.publishedAt || row.songId) await touchMemorial(tx, memorialId, now);
  const [off] = await tx.update(aiGenerations).set({ publishedAt: null, songId: null }).where(eq(aiGenerations.id, row.id)).returning();
  return off!;
}

export async function unpublishTry(deps: Deps, memorialKey: string, userId: string, generationId: string): Promise<Generation> {
  return presentGeneration(await change(deps, memorialKey, userId, generationId, (tx, row, memorialId) => takeOff(tx, row, memorialId, deps.now())));
}

/** Deleted: off the page, its file gone. The row stays (it used a try, and staff may ask about it). */
export async function deleteTry(deps: Deps, memorialKey: string, userId: string, generationId: string): Promise<void> {
  const row = await change(deps, memorialKey, userId, generationId, async (tx, row, memorialId) => {
    if (row.status === 'queued' || row.status === 'running') throw new HttpError(409, AI_MESSAGES.busy);
    await takeOff(tx, row, memorialId, deps.now());
    const [gone] = await tx.update(aiGenerations).set({ deletedAt: deps.now(), resultKey: null }).where(eq(aiGenerations.id, row.id)).returning({ id: aiGenerations.id });
    return { ...row, ...gone };
  });
  // After the commit: a file without a row is only wasted space, a row without its file a broken player.
  await deps.storage.deletePrefix(`memorials/${row.memorialId}/ai/${row.id}/`);
}
