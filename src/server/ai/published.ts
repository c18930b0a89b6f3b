/** The greeting a memorial shows (Memorial.greeting): the newest the family published and has not taken off. */
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PublishedGreeting } from '../../shared/ai';
import type { Db, Tx } from '../db/connection';
import { aiGenerations } from '../db/schema';
import { mediaUrl } from '../media/present';

export const captionsUrl = (generationId: string) => `/api/ai/greetings/${generationId}/captions.vtt`;

/** Whether a try's file is shown to the memorial's readers; null when there is no such try of that memorial. */
export async function resultShown(db: Db | Tx, memorialId: string, generationId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ kind: aiGenerations.kind, publishedAt: aiGenerations.publishedAt, songId: aiGenerations.songId })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.memorialId, memorialId), isNull(aiGenerations.deletedAt)));
  if (!row) return null;
  return row.kind === 'song' ? row.songId !== null : row.publishedAt !== null;
}

export async function publishedGreeting(db: Db | Tx, memorialId: string): Promise<PublishedGreeting | null> {
  const [row] = await db
    .select()
    .from(aiGenerations)
    .where(
      and(
        eq(aiGenerations.memorialId, memorialId),
        eq(aiGenerations.kind, 'greeting'),
        isNotNull(aiGenerations.publishedAt),
        isNull(aiGenerations.deletedAt),
        isNotNull(aiGenerations.resultKey),
      ),
    )
    .orderBy(desc(aiGenerations.publishedAt))
    .limit(1);
  if (!row || row.input.kind !== 'greeting' || !row.resultKey || !row.resultMime) return null;
  return {
    id: row.id,
    videoUrl: mediaUrl(row.resultKey),
    mime: row.resultMime,
    captionsUrl: captionsUrl(row.id),
    message: row.input.message,
    posterUrl: mediaUrl(row.input.portraitKey),
  };
}

/**
 * The message as WebVTT captions over the whole video: the greeting is silent, and its words are
 * text. A cue's text is escaped as WebVTT asks (&, <, >), so nothing in it is read as markup.
 */
export function greetingCaptions(message: string, seconds: number | null): string {
  const end = Math.max(1, Math.ceil(seconds ?? 60));
  const stamp = (total: number) => `${String(Math.floor(total / 3600)).padStart(2, '0')}:${String(Math.floor((total % 3600) / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}.000`;
  const text = message
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // A blank line would end the cue, and "-->" would start a new one.
    .replace(/\n{2,}/g, '\n')
    .replace(/-->/g, '--&gt;');
  return `WEBVTT\n\n1\n${stamp(0)} --> ${stamp(end)}\n${text}\n`;
}
