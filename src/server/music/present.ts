/** How a song is shown to the browser: its stored key becomes the address it is served at (/media/*). */
import { asc, eq } from 'drizzle-orm';
import type { Song } from '../../shared/music';
import type { Db, Tx } from '../db/connection';
import { memorialSongs } from '../db/schema';
import { mediaUrl } from '../media/present';

export type SongRow = typeof memorialSongs.$inferSelect;

export function presentSong(row: SongRow): Song {
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    note: row.note,
    position: row.position,
    url: row.fileKey ? mediaUrl(row.fileKey) : null,
    mime: row.mime,
    bytes: row.bytes,
    durationSeconds: row.durationSeconds,
    youtubeId: row.youtubeId,
    lyrics: row.lyrics,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A memorial's songs in the family's order. */
export async function listSongs(db: Db | Tx, memorialId: string): Promise<Song[]> {
  const rows = await db.select().from(memorialSongs).where(eq(memorialSongs.memorialId, memorialId)).orderBy(asc(memorialSongs.position), asc(memorialSongs.createdAt));
  return rows.map(presentSong);
}
