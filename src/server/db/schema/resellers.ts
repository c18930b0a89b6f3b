import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RESELLER_KINDS, RESELLER_STATUSES } from '../../../shared/resellers';
import { users } from './users';

/**
 * A funeral home or stone dealer ("Forhandler", PRODUCT.md "Resellers"): its application, the
 * back office's decision, and what it needs to run. A signed-in user applies for their own account;
 * a visitor's application has no account until it is approved and the applicant follows the setup
 * link (/setup/{token}) it is e-mailed. Only an approved record wears the header's "Aktiv" badge.
 */
export const resellers = pgTable(
  'resellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Empty while a visitor's application waits for approval and the account's setup. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    /** Danish CVR number, 8 digits, modulus-11 checked (shared/cvr.ts). */
    cvr: text('cvr').notNull(),
    kind: text('kind', { enum: RESELLER_KINDS }).notNull().default('other'),
    contactName: text('contact_name').notNull().default(''),
    /** Where the back office writes to: the account's address for a signed-in applicant. Lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    town: text('town').notNull().default(''),
    status: text('status', { enum: RESELLER_STATUSES }).notNull().default('pending'),
    /** Why it was rejected or suspended, in the back office's words; the reseller sees it. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Commission on its partners' purchases, in hundredths of a percent (1000 = 10 %). */
    commissionBasisPoints: integer('commission_basis_points').notNull().default(0),
    /** The code in its referral link (/reseller-register?partner=…). */
    referralCode: text('referral_code').notNull(),
    /** The reseller whose referral link this one applied through: it becomes that one's partner. */
    referredBy: uuid('referred_by').references((): AnyPgColumn => resellers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resellers_user_key').on(t.userId),
    uniqueIndex('resellers_cvr_key').on(t.cvr),
    uniqueIndex('resellers_email_key').on(t.email),
    uniqueIndex('resellers_referral_code_key').on(t.referralCode),
    index('resellers_referred_by_idx').on(t.referredBy),
    // The back office's list: applications first, then the newest.
    index('resellers_status_created_idx').on(t.status, t.createdAt),
    check('resellers_commission_range', sql`${t.commissionBasisPoints} between 0 and 10000`),
  ],
);

/**
 * A reseller's codes month by month (received, activated, linked), kept by a statement trigger on
 * qr_code_events (migration 0015): the dashboard's chart reads twelve rows, not 300,000 events.
 * Months are Danish calendar months.
 */
export const resellerMonthlyStats = pgTable(
  'reseller_monthly_stats',
  {
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    received: integer('received').notNull().default(0),
    activated: integer('activated').notNull().default(0),
    linked: integer('linked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.resellerId, t.month] })],
);

/**
 * Commission a reseller earns on a partner's purchase, one row per purchase, in øre. Written by
 * the money side when a partner's order is paid; the partner network sums these rows.
 */
export const resellerCommissions = pgTable(
  'reseller_commissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    amountOre: integer('amount_ore').notNull(),
    /** What was bought, e.g. 'order:<id>'. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reseller_commissions_reseller_idx').on(t.resellerId, t.partnerId)],
);
