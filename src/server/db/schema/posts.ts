import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { POST_KINDS, POST_STATUSES } from '../../../shared/posts-api';
import type { StoredVariant } from './media';
import { memorials } from './memorials';
import { users } from './users';

/** A shared memory's photo, through the media pipeline: upright, metadata-free variants and the kept original. */
export interface StoredPostPhoto {
  width: number;
  height: number;
  originalKey: string;
  variants: StoredVariant[];
  placeholder: string | null;
}

/**
 * What visitors leave on a memorial (PRODUCT.md "What visitors leave, and moderation"): candles,
 * guestbook greetings, shared memories and the family's tributes, each pending until one of the
 * memorial's administrators decides. Text is stored as written and only ever shown as text.
 */
export const memorialPosts = pgTable(
  'memorial_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POST_KINDS }).notNull(),
    status: text('status', { enum: POST_STATUSES }).notNull().default('pending'),
    name: text('name').notNull(),
    message: text('message'),
    /** A shared memory's optional photo. */
    photo: jsonb('photo').$type<StoredPostPhoto>(),
    /** The account that posted, when signed in. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The posting browser's visitor id, hashed, so a visitor without an account sees their own
     * post while it waits. Cleared when the post is decided: nothing else needs it.
     */
    visitorHash: text('visitor_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The page: a memorial's approved posts, newest first; the queue: its pending ones.
    index('memorial_posts_memorial_status_idx').on(t.memorialId, t.status, t.createdAt),
    index('memorial_posts_author_idx').on(t.authorId),
    index('memorial_posts_visitor_idx').on(t.visitorHash).where(sql`visitor_hash is not null`),
    // The daily purge of rejected posts (privacy/purges.ts).
    // The dashboard's count of what waits for moderation, over every memorial.
    index('memorial_posts_pending_idx').on(t.memorialId).where(sql`status = 'pending'`),
    index('memorial_posts_rejected_idx').on(t.decidedAt).where(sql`status = 'rejected'`),
  ],
);

/**
 * The approve and reject links in an administrator's e-mail: one random token per post, recipient
 * and action, stored only as its SHA-256, single-use and expiring. The browser confirms before the
 * decision is made, so a mail scanner that follows links decides nothing.
 */
export const postDecisionTokens = pgTable(
  'post_decision_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => memorialPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['approve', 'reject'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('post_decision_tokens_post_idx').on(t.postId)],
);
