import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_KINDS } from '../../../shared/contact';
import { users } from './users';

export const contactMessageStatuses = ['new', 'answered', 'closed'] as const;

/**
 * Messages from /contact: the support inbox's threads (/admin/support). No IP address is kept; the
 * sender is known by the name and e-mail they gave, and by their account when they were signed in.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    /** A question, or a request about personal data with a month's deadline (shared/contact.ts). */
    kind: text('kind', { enum: CONTACT_KINDS }).notNull().default('message'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: contactMessageStatuses }).notNull().default('new'),
    /** The support person who has the thread. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The thread's newest message (the sender's or ours): the inbox is sorted by it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  // The inbox lists a status's threads newest activity first.
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.lastActivityAt),
    index('contact_messages_assigned_idx').on(t.assignedTo).where(sql`assigned_to is not null`),
    // The dashboard's open data requests and the nearest deadline: few among many messages.
    index('contact_messages_open_requests_idx').on(t.createdAt).where(sql`kind = 'data_request' and status = 'new'`),
  ],
);

export const supportReplyAuthors = ['staff', 'sender'] as const;

/** The rest of a thread after the first message: our replies by e-mail and the sender's answers. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    author: text('author', { enum: supportReplyAuthors }).notNull(),
    /** Who of us wrote it (empty for the sender's answers, or when the staff account is gone). */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_replies_message_idx').on(t.messageId, t.createdAt)],
);

/**
 * The link in our reply (/support/reply/{token}) where the sender answers without an account.
 * Single-use and expiring; only the token's SHA-256 is stored.
 */
export const supportReplyTokens = pgTable(
  'support_reply_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('support_reply_tokens_message_idx').on(t.messageId)],
);
