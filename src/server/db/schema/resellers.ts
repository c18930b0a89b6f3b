import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RESELLER_STATUSES } from '../../../shared/resellers';
import { users } from './users';

/**
 * A funeral home or stone dealer ("Forhandler"). A user has at most one reseller record; its
 * presence drives the header's "Aktiv" badge (SPEC.md §6). Applications and approval arrive with
 * /reseller-register.
 */
export const resellers = pgTable(
  'resellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    /** Danish CVR number, 8 digits. */
    cvr: text('cvr').notNull(),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    status: text('status', { enum: RESELLER_STATUSES }).notNull().default('pending'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('resellers_user_key').on(t.userId), uniqueIndex('resellers_cvr_key').on(t.cvr)],
);
