import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memorials } from './memorials';
import { users } from './users';

/**
 * An owner's invitation by e-mail to become co-admin of a memorial (/invitation/{token}). Only the
 * token's SHA-256 is stored; it is single-use and expires after days. Accepting makes the invitee a
 * member; an invitation can also be withdrawn before it is used.
 */
export const memorialInvitations = pgTable(
  'memorial_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('memorial_invitations_token_key').on(t.tokenHash), index('memorial_invitations_memorial_idx').on(t.memorialId)],
);
