import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ARCHIVE_STATES } from '../../../shared/memorial-archive';
import { memorials } from './memorials';
import { users } from './users';

/**
 * A memorial's archive made in the background (archive/memorial-background.ts): a large memorial's
 * ZIP is written into the storage under memorials/<id>/archive/ and the person who asked is
 * e-mailed; it is kept ARCHIVE_KEPT_DAYS and then removed (the row stays, 'expired', as the record
 * that it was made). The files go with the memorial when it is purged (its storage folder).
 */
export const memorialArchives = pgTable(
  'memorial_archives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    /** Who asked, and is e-mailed; null once their account is deleted. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ARCHIVE_STATES }).notNull().default('waiting'),
    storageKey: text('storage_key').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Why it failed, for staff (never shown to the family as it is). */
    error: text('error'),
  },
  (t) => [index('memorial_archives_memorial_idx').on(t.memorialId, t.requestedAt), index('memorial_archives_expiry_idx').on(t.expiresAt).where(sql`state = 'ready'`)],
);
