import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memorialPosts } from './posts';
import { users } from './users';

/**
 * In-app notifications (the header's bell). Issue 6 writes them when visitors leave candles,
 * greetings and memories; the unread count is the rows without read_at.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('message'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where the notification leads in the app, e.g. the post on a memorial's admin page. */
    link: text('link'),
    /** The post the notification is about, for the e-mail's approve and reject links. */
    postId: uuid('post_id').references(() => memorialPosts.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * When the notification went out by e-mail (at once or in the digest), or was settled as not to
     * be mailed. The rows without it are the e-mail outbox.
     */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The bell asks "how many unread for me" every 30 s from every open tab: a partial index answers it.
  (t) => [
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    index('notifications_unmailed_idx').on(t.createdAt).where(sql`mailed_at is null and post_id is not null`),
    // A decided post's notifications are marked read (posts/service.ts moderate), and a purged
    // post's go with it (the foreign key): both find them by post.
    index('notifications_post_idx').on(t.postId).where(sql`post_id is not null`),
  ],
);
