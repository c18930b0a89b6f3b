import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memorials } from './memorials';
import { users } from './users';

export const SONG_SOURCES = ['upload', 'youtube', 'ai'] as const;

/**
 * A memorial's playlist (music/): uploaded audio, a song made with AI (its file under `ai/`), stored as it came under
 * `memorials/<memorialId>/music/<songId>/`, or a YouTube link. The family's order by position.
 */
export const memorialSongs = pgTable(
  'memorial_songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    source: text('source', { enum: SONG_SOURCES }).notNull(),
    title: text('title').notNull(),
    /** The family's words about it ("Hans yndlingssalme"). */
    note: text('note').notNull().default(''),
    position: integer('position').notNull().default(0),
    fileKey: text('file_key'),
    mime: text('mime'),
    bytes: integer('bytes'),
    /** Read from the file's content when it was uploaded. */
    durationSeconds: integer('duration_seconds'),
    youtubeId: text('youtube_id'),
    /** A song made with AI (ai/): the lyrics it was sung from, shown beside the player. */
    lyrics: text('lyrics'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memorial_songs_memorial_idx').on(t.memorialId, t.position)],
);
