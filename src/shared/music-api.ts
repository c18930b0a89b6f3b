/**
 * Schemas of the music calls (/api/memorials/{id}/music): the playlist, a song added (a file as
 * multipart/form-data with the fields `title`, `note` and then `file`; a YouTube link as JSON),
 * its title and note changed, the family's order, and removal. Titles and notes are plain text:
 * stored as written and always shown as text, never as HTML.
 */
import './zod-locale';
import { z } from 'zod';
import { MEMORIAL_THEMES } from './memorials';
import { MUSIC_MESSAGES, SONG_NOTE_MAX, SONG_SOURCES, SONG_TITLE_MAX, SONGS_MAX, type Song } from './music';

export const songResponse = z.object({
  id: z.string(),
  source: z.enum(SONG_SOURCES),
  title: z.string(),
  note: z.string(),
  position: z.number(),
  url: z.string().nullable(),
  mime: z.string().nullable(),
  bytes: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  youtubeId: z.string().nullable(),
  lyrics: z.string().nullable(),
  createdAt: z.string(),
  hiddenWithoutPremium: z.boolean().optional(),
}) satisfies z.ZodType<Song>;

/** A title as a person types it: one line, spaces tidied. Empty is allowed where a default exists (an upload). */
export const songTitleInput = z
  .string()
  .transform((title) => title.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(SONG_TITLE_MAX, MUSIC_MESSAGES.titleTooLong));
export const songTitle = songTitleInput.pipe(z.string().min(1, MUSIC_MESSAGES.titleMissing));
export const songNote = z
  .string()
  .transform((note) => note.replace(/[ \t]+/g, ' ').trim())
  .pipe(z.string().max(SONG_NOTE_MAX, MUSIC_MESSAGES.noteTooLong));

/** A YouTube link as a song (JSON). Its title cannot be read from YouTube without asking it, so the family writes it. */
export const youtubeSongBody = z.strictObject({
  youtubeUrl: z.string().trim().min(1, MUSIC_MESSAGES.youtubeMissing).max(500),
  title: songTitle,
  note: songNote.default(''),
});
export type YoutubeSongBody = z.input<typeof youtubeSongBody>;

export const updateSongBody = z.strictObject({ title: songTitle.optional(), note: songNote.optional() });
export type UpdateSongBody = z.input<typeof updateSongBody>;

/** The family's order: every song of the memorial, once each, first to last. */
export const songOrderBody = z.strictObject({ songIds: z.array(z.uuid(MUSIC_MESSAGES.notFound)).max(SONGS_MAX) });
export type SongOrderBody = z.input<typeof songOrderBody>;

export const songParams = z.object({ id: z.string().min(1).max(120), songId: z.uuid(MUSIC_MESSAGES.notFound) });

export const playlistResponse = z.object({
  memorial: z.object({ id: z.string(), slug: z.string(), name: z.string(), theme: z.enum(MEMORIAL_THEMES), premium: z.boolean() }),
  /** Whether the reader is the memorial's owner or a co-admin (the server checks every change anyway). */
  canEdit: z.boolean(),
  /** Visitors: what they may hear (nothing while the memorial has no Premium). Administrators: every song, flagged. */
  songs: z.array(songResponse),
});
export type Playlist = z.infer<typeof playlistResponse>;
