import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const contactMessageStatuses = ['new', 'answered', 'closed'] as const;

/**
 * Messages from /contact: the support inbox (/admin/support reads them in a later issue). No IP
 * address is kept; the sender is known by the name and e-mail they gave, and by their account
 * when they were signed in.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: contactMessageStatuses }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
);
