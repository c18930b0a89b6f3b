/**
 * A memorial's music: uploaded songs checked by their content (media/inspect.ts, then audio.ts)
 * and stored as they came under memorials/<memorialId>/music/<songId>/, YouTube links, titles and
 * notes, the family's order, and removal that leaves no file behind. Who may change it is the
 * memorial's rule (owner and co-admins, memorials/service.ts); adding needs Premium (decision 0025).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { MUSIC_MESSAGES, SONGS_MAX, type Song, titleFromFileName } from '../../shared/music';
import type { Playlist, SongOrderBody } from '../../shared/music-api';
import { flagHiddenSongs, shownTheme } from '../../shared/premium';
import { youtubeVideoId } from '../../shared/youtube';
import type { Db, Tx } from '../db/connection';
import { memorialSongs } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { abandoned, storing, stored as uploadStored } from '../lib/uploads-in-progress';
import { type IncomingFile, receiveUpload } from '../media/service';
import { requireEditor, touchMemorial, visibleMemorial } from '../memorials/service';
import { checkMusicAllowed } from '../money/premium-gates';
import { isPremium } from '../money/premium';
import { readSong } from './audio';
import { type SongRow, listSongs, presentSong } from './present';

/** A stored song never changes (a new upload is a new song with a new folder). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const folderOfSong = (memorialId: string, songId: string) => `memorials/${memorialId}/music/${songId}/`;

/**
 * The playlist as the reader may hear it: visitors (anyone who may see the memorial) get its songs
 * while it has Premium and none without; the owner and co-admins get every song, flagged when
 * visitors do not hear it.
 */
export async function readPlaylist(deps: Deps, idOrSlug: string, userId: string | null): Promise<Playlist> {
  const { row, role } = await visibleMemorial(deps, idOrSlug, userId);
  const premium = await isPremium(deps.db, row.id, deps.now());
  const editor = role === 'owner' || role === 'coadmin';
  const songs = await listSongs(deps.db, row.id);
  return {
    memorial: { id: row.id, slug: row.slug, name: row.name, theme: shownTheme(row.theme, premium), premium },
    canEdit: editor && !row.deletedAt,
    songs: editor ? flagHiddenSongs(songs, premium) : premium ? songs : [],
  };
}

async function nextPosition(tx: Tx, memorialId: string): Promise<number> {
  const [row] = await tx.select({ last: sql<number | null>`max(${memorialSongs.position})` }).from(memorialSongs).where(eq(memorialSongs.memorialId, memorialId));
  return (row?.last ?? -1) + 1;
}

/** Room for one more song: Premium now, and fewer than SONGS_MAX. */
async function checkRoom(db: Db | Tx, memorialId: string, now: Date): Promise<void> {
  await checkMusicAllowed(db, memorialId, now);
  const [row] = await db.select({ songs: count() }).from(memorialSongs).where(eq(memorialSongs.memorialId, memorialId));
  if ((row?.songs ?? 0) >= SONGS_MAX) throw badRequest(MUSIC_MESSAGES.tooMany);
}

/**
 * A song made with AI joins the playlist (ai/results.ts), after the family has heard it. Its file
 * stays where the try keeps it (memorials/<id>/ai/<try>/), so taking it off the playlist here
 * leaves the try able to add it again. No Premium needed to add it: the family paid for the song;
 * visitors hear it on the same terms as every other song.
 */
export async function addMadeSong(
  tx: Tx,
  memorialId: string,
  now: Date,
  song: { title: string; fileKey: string; mime: string; bytes: number; durationSeconds: number | null; lyrics: string; createdBy: string },
): Promise<SongRow> {
  await touchMemorial(tx, memorialId, now);
  const [row] = await tx.select({ songs: count() }).from(memorialSongs).where(eq(memorialSongs.memorialId, memorialId));
  if ((row?.songs ?? 0) >= SONGS_MAX) throw badRequest(MUSIC_MESSAGES.tooMany);
  const [inserted] = await tx
    .insert(memorialSongs)
    .values({ memorialId, source: 'ai', note: '', position: await nextPosition(tx, memorialId), createdAt: now, ...song, lyrics: song.lyrics || null })
    .returning();
  return inserted!;
}

/**
 * Adds an uploaded song. Refused before a byte is read when the reader may not add one; then the
 * file is received, its content decides what it is and how long it plays, it is stored, and the
 * row added. Whatever fails, nothing is left behind: no row, no stored file, no temporary file.
 * `title` empty: the file's own title tag, or else its name.
 */
export async function addUploadedSong(deps: Deps, memorialKey: string, userId: string, file: IncomingFile, fields: { title: string; note: string }): Promise<Song> {
  const { row: memorial } = await requireEditor(deps.db, memorialKey, userId);
  await checkRoom(deps.db, memorial.id, deps.now());
  const songId = randomUUID();
  const folder = folderOfSong(memorial.id, songId);
  try {
    const row = await receiveUpload(
      file,
      async (received) => {
        const read = await readSong(received.file, received.detected);
        const fileKey = `${folder}audio.${received.detected.extension}`;
        await storing(deps.db, folder, deps.now());
        await deps.storage.put(fileKey, createReadStream(received.file), { contentType: received.detected.mime, cacheControl: IMMUTABLE });
        const title = fields.title || read.tagTitle || titleFromFileName(file.filename) || 'Sang uden titel';
        const [inserted] = await deps.db.transaction(async (tx) => {
          // The memorial's row is locked from here (touchMemorial), so two uploads cannot both take the last place.
          await touchMemorial(tx, memorial.id, deps.now());
          await checkRoom(tx, memorial.id, deps.now());
          await uploadStored(tx, folder);
          return tx
            .insert(memorialSongs)
            .values({
              id: songId,
              memorialId: memorial.id,
              source: 'upload',
              title,
              note: fields.note,
              position: await nextPosition(tx, memorial.id),
              fileKey,
              mime: received.detected.mime,
              bytes: received.bytes,
              durationSeconds: read.durationSeconds,
              createdBy: userId,
              createdAt: deps.now(),
            })
            .returning();
        });
        return inserted!;
      },
      { accept: ['audio'], limits: deps.uploadLimits },
    );
    deps.memorialChanged(memorial.id);
    return presentSong(row);
  } catch (error) {
    // Crossed out only once the file is gone: should the removal fail, the sweep tries again.
    await deps.storage
      .deletePrefix(folder)
      .then(() => abandoned(deps.db, folder))
      .catch((cleanup: unknown) => deps.log.error({ err: cleanup, folder }, 'could not remove the file of a failed song upload'));
    throw error;
  }
}

export async function addYoutubeSong(deps: Deps, memorialKey: string, userId: string, body: { youtubeUrl: string; title: string; note: string }): Promise<Song> {
  const youtubeId = youtubeVideoId(body.youtubeUrl);
  if (!youtubeId) throw badRequest(MUSIC_MESSAGES.youtubeInvalid, 'youtubeUrl');
  const row = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    await touchMemorial(tx, memorial.id, deps.now());
    await checkRoom(tx, memorial.id, deps.now());
    const [added] = await tx
      .insert(memorialSongs)
      .values({ memorialId: memorial.id, source: 'youtube', youtubeId, title: body.title, note: body.note, position: await nextPosition(tx, memorial.id), createdBy: userId, createdAt: deps.now() })
      .returning();
    return added!;
  });
  deps.memorialChanged(row.memorialId);
  return presentSong(row);
}

/** A new title or note. Allowed without Premium too: a lapsed memorial's family still tends what it has. */
export async function updateSong(deps: Deps, memorialKey: string, songId: string, userId: string, changes: { title?: string; note?: string }): Promise<Song> {
  const row = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    const [changed] = await tx
      .update(memorialSongs)
      .set(changes)
      .where(and(eq(memorialSongs.id, songId), eq(memorialSongs.memorialId, memorial.id)))
      .returning();
    if (!changed) throw notFound(MUSIC_MESSAGES.notFound);
    await touchMemorial(tx, memorial.id, deps.now());
    return changed;
  });
  deps.memorialChanged(row.memorialId);
  return presentSong(row);
}

/**
 * The family's order: every song of the memorial, each once. A list that is not exactly the
 * memorial's songs (one added or removed in another window meanwhile) is refused whole, so a
 * song is never lost from the order or given two places.
 */
export async function reorderSongs(deps: Deps, memorialKey: string, userId: string, { songIds }: SongOrderBody): Promise<Song[]> {
  const { memorialId, songs } = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    await touchMemorial(tx, memorial.id, deps.now());
    const stored = await tx.select({ id: memorialSongs.id }).from(memorialSongs).where(eq(memorialSongs.memorialId, memorial.id));
    const known = new Set(stored.map((song) => song.id));
    if (songIds.length !== known.size || new Set(songIds).size !== songIds.length || !songIds.every((id) => known.has(id))) {
      throw conflict(MUSIC_MESSAGES.orderMismatch);
    }
    for (const [position, id] of songIds.entries()) await tx.update(memorialSongs).set({ position }).where(eq(memorialSongs.id, id));
    const premium = await isPremium(tx, memorial.id, deps.now());
    return { memorialId: memorial.id, songs: flagHiddenSongs(await listSongs(tx, memorial.id), premium) };
  });
  deps.memorialChanged(memorialId);
  return songs;
}

/** Removes a song, and its file once the removal is committed. */
export async function deleteSong(deps: Deps, memorialKey: string, songId: string, userId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    const [row] = await tx.delete(memorialSongs).where(and(eq(memorialSongs.id, songId), eq(memorialSongs.memorialId, memorial.id))).returning();
    if (!row) throw notFound(MUSIC_MESSAGES.notFound);
    await touchMemorial(tx, memorial.id, deps.now());
    return row;
  });
  deps.memorialChanged(removed.memorialId);
  // After the commit: a file without a row is only wasted space, a row without its file a silent player.
  if (removed.fileKey) await deps.storage.deletePrefix(folderOfSong(removed.memorialId, removed.id));
}
