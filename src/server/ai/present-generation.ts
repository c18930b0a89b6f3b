/** A try as the family sees it: never the provider's words (staff's view has those). */
import { AI_FAILED_FOR_FAMILY } from '../../shared/ai';
import type { Generation } from '../../shared/ai-api';
import { mediaUrl } from '../media/present';
import { captionsUrl } from './published';
import type { GenerationRow } from '../db/schema';

export function presentGeneration(row: GenerationRow): Generation {
  const input = row.input;
  // A song taken out of the playlist on the music page is no longer shown, whatever publishedAt says.
  const shown = row.kind === 'song' ? (row.songId ? row.publishedAt : null) : row.publishedAt;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failure: row.status === 'failed' ? AI_FAILED_FOR_FAMILY : null,
    message: input.kind === 'greeting' ? input.message : null,
    portraitMediaId: input.kind === 'greeting' ? input.portraitMediaId : null,
    portraitUrl: input.kind === 'greeting' ? mediaUrl(input.portraitKey) : null,
    facts: input.kind === 'lyrics' ? input.facts : null,
    style: input.kind === 'greeting' ? null : input.style,
    lengthSeconds: input.kind === 'greeting' ? null : input.lengthSeconds,
    title: input.kind === 'song' ? input.title : null,
    lyrics: input.kind === 'lyrics' ? row.lyrics : input.kind === 'song' ? input.lyrics : null,
    result:
      row.resultKey && row.resultMime && !row.deletedAt
        ? {
            url: mediaUrl(row.resultKey),
            mime: row.resultMime,
            durationSeconds: row.resultSeconds === null ? null : Math.round(row.resultSeconds),
            captionsUrl: row.kind === 'greeting' ? captionsUrl(row.id) : null,
          }
        : null,
    publishedAt: shown?.toISOString() ?? null,
  };
}
