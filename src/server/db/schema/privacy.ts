import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DeletionReceipt, DeletionRequestBody } from '../../../shared/account-deletion';
import { users } from './users';

/**
 * A person's request to delete their own account (privacy/account-deletion.ts), confirmed through an
 * e-mailed link whose token is stored only as its SHA-256. Done, the row stays as the deletion's
 * log without personal data: the account's reference goes null with the account, the choices are
 * emptied, and what remains is when it happened and how much it touched. The token stays too, so
 * the link used again says "already used" rather than "unknown".
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the person chose, until the deletion is done. */
    choices: jsonb('choices').$type<DeletionRequestBody>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A newer link was asked for: only the latest e-mail's link works. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** What the deletion did, in counts: the receipt's facts and the log's. */
    receipt: jsonb('receipt').$type<DeletionReceipt>(),
  },
  (t) => [index('account_deletions_user_idx').on(t.userId)],
);
