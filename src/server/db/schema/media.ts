import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEDIA_KINDS, type MediaVariant, type PhotoEdit } from '../../../shared/media';
import { memorials } from './memorials';
import { users } from './users';

/** A variant as stored: its storage key instead of the address it is served at. */
export type StoredVariant = Omit<MediaVariant, 'url'> & { key: string };

/**
 * A memorial's gallery: photos (stored as responsive variants; the upright, metadata-free
 * original is kept for later edits), uploaded videos as they came, and YouTube links.
 * Files live in the object storage under `memorials/<memorialId>/<mediaId>/`.
 */
export const memorialMedia = pgTable(
  'memorial_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    caption: text('caption').notNull().default(''),
    /** The gallery's order: smallest first. */
    position: integer('position').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    mime: text('mime'),
    bytes: integer('bytes'),
    /** Storage key of the kept original (a photo's is upright and stripped of metadata). */
    originalKey: text('original_key'),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull().default([]),
    placeholder: text('placeholder'),
    /** A photo's crop and rotation, always applied to the kept original (so an edit can be undone). */
    edit: jsonb('edit').$type<PhotoEdit>(),
    /** Counts the edits: part of the variants' names, so a browser never shows an old version. */
    version: integer('version').notNull().default(0),
    youtubeId: text('youtube_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memorial_media_memorial_idx').on(t.memorialId, t.position)],
);

/**
 * Files being stored for an upload whose row is not written yet: a folder is added before the
 * first file goes into the storage and removed in the transaction that writes the upload's row (or
 * when the upload fails and its files are removed). A server killed in between leaves the folder
 * here, and lib/uploads-in-progress.ts removes its files once no request could still be writing
 * them: nothing half-stored stays in the bucket.
 */
export const uploadsInProgress = pgTable(
  'uploads_in_progress',
  {
    folder: text('folder').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_in_progress_started_idx').on(t.startedAt)],
);
