import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_METHODS, CONSENT_PURPOSES } from '../../../shared/consent';
import { users } from './users';

/**
 * Every consent a visitor gave or refused, one row per purpose and choice (GDPR art. 7(1): we must
 * be able to show that consent was given). Append-only: a new choice is a new row.
 *
 * It belongs to the account when someone is signed in, and always to the browser: the hash of a
 * random visitor id kept in an HttpOnly cookie, so an anonymous visitor's choices can be found and
 * proven without knowing who they are.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    consentGiven: boolean('consent_given').notNull(),
    consentMethod: text('consent_method', { enum: CONSENT_METHODS }).notNull(),
    legalBasis: text('legal_basis').notNull(),
    dataRetentionPeriod: text('data_retention_period').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorHash: text('visitor_hash').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('consent_records_user_idx').on(t.userId),
    index('consent_records_visitor_idx').on(t.visitorHash),
    // The daily purge of records past their period (privacy/purges.ts).
    index('consent_records_recorded_idx').on(t.recordedAt),
  ],
);
