import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { QR_PACKAGE_STATUSES, QR_STATUSES } from '../../../shared/qr-lifecycle';
import { memorials } from './memorials';
import { resellers } from './resellers';
import { users } from './users';

/** PRODUCT.md's lifecycle of a code, from the package it is made in to the memorial it opens. */
export const qrStatuses = QR_STATUSES;
export type { QrStatus } from '../../../shared/qr-lifecycle';

/**
 * A package (QR-pakke): a batch of codes made in one go for one reseller, or for direct sale when
 * reseller_id is empty. It moves through the warehouse steps with its codes (qr/lifecycle.ts).
 */
export const qrPackages = pgTable(
  'qr_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    resellerId: uuid('reseller_id').references(() => resellers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: QR_PACKAGE_STATUSES }).notNull().default('created'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the package last moved a step (produced, in stock, shipped): the list's "since". */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (t) => [
    index('qr_packages_reseller_idx').on(t.resellerId),
    // The back office's package search (production/package-pages.ts) reads the names that hold
    // what was typed from this trigram index (pg_trgm) instead of matching every package's name.
    index('qr_packages_name_trigrams_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('qr_packages_size_positive', sql`${t.size} > 0`),
  ],
);

export const qrCodes = pgTable(
  'qr_codes',
  {
    code: text('code').primaryKey(),
    status: text('status', { enum: QR_STATUSES }).notNull().default('created'),
    /** Empty for codes made one by one (the CLI's qr:generate for demos and tests). */
    packageId: uuid('package_id').references(() => qrPackages.id, { onDelete: 'restrict' }),
    /**
     * The reseller the code is made for or sent to (its package's, for now): the reseller's
     * dashboard lists and counts its codes through this column's indexes, not through packages.
     */
    resellerId: uuid('reseller_id').references(() => resellers.id, { onDelete: 'restrict' }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * The memorial the stone opens, and a second one for a shared stone (the dual page). No cascade:
     * a memorial is never removed from under a code; it must be unlinked first.
     */
    memorialId: uuid('memorial_id').references(() => memorials.id, { onDelete: 'restrict' }),
    secondMemorialId: uuid('second_memorial_id').references(() => memorials.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qr_codes_claimed_by_idx').on(t.claimedBy),
    // A package's codes, and a page of packages' codes counted by state as an index-only scan
    // (a package search over 10,000 packages of 1,000 codes read 11,000 rows of the table).
    index('qr_codes_package_status_idx').on(t.packageId, t.status),
    // A reseller's codes in order (its dashboard's pages and CSV), and by state (its counts and filter).
    index('qr_codes_reseller_code_idx').on(t.resellerId, t.code).where(sql`reseller_id is not null`),
    index('qr_codes_reseller_status_idx').on(t.resellerId, t.status, t.code).where(sql`reseller_id is not null`),
    index('qr_codes_memorial_idx').on(t.memorialId),
    index('qr_codes_second_memorial_idx').on(t.secondMemorialId),
    // The dashboard counts codes by state over a million rows: an index-only scan, not the table.
    index('qr_codes_status_idx').on(t.status),
    // A linked code opens a memorial, and only a linked one does.
    check('qr_codes_linked_has_memorial', sql`(${t.status} = 'linked') = (${t.memorialId} IS NOT NULL)`),
    check('qr_codes_second_needs_first', sql`${t.secondMemorialId} IS NULL OR (${t.memorialId} IS NOT NULL AND ${t.secondMemorialId} <> ${t.memorialId})`),
  ],
);

/**
 * A code a reseller has given to a family: their name and, when they have one, their e-mail (the
 * setup or login link goes there). One live hand-over per code; withdrawing keeps the row, so the
 * reseller's history and statistics stay true.
 */
export const codeHandovers = pgTable(
  'code_handovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code')
      .notNull()
      .references(() => qrCodes.code, { onDelete: 'restrict' }),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    familyName: text('family_name').notNull(),
    /** Lower-cased; empty for a family without e-mail (they get the printed letter). */
    email: text('email'),
    givenBy: uuid('given_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('code_handovers_live_code_key').on(t.code).where(sql`withdrawn_at is null`),
    index('code_handovers_reseller_idx').on(t.resellerId, t.createdAt),
  ],
);

/**
 * Every step of a code's life: from which state to which, who, when. Append-only: a trigger in the
 * migration refuses to change or delete a row (only the actor is cleared when an account is erased).
 * `event` is the state the code moved to; `from_status` is empty for the code's creation.
 */
export const qrCodeEvents = pgTable(
  'qr_code_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code')
      .notNull()
      .references(() => qrCodes.code, { onDelete: 'restrict' }),
    fromStatus: text('from_status', { enum: QR_STATUSES }),
    event: text('event', { enum: QR_STATUSES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('qr_code_events_code_idx').on(t.code, t.id),
    // The dashboard's activations (claimed, linked) per day.
    index('qr_code_events_event_at_idx').on(t.event, t.at),
    // The codes one warehouse scan moved, found again to undo it (production/warehouse.ts).
    index('qr_code_events_scan_idx').on(sql`(${t.detail}->>'scanId')`).where(sql`detail ? 'scanId'`),
  ],
);

/**
 * How many codes are in each state, kept by statement-level triggers on qr_codes (migration 0014):
 * the dashboard reads a handful of rows instead of counting a million codes. A package of 10,000
 * codes updates it once, not 10,000 times.
 */
export const qrStatusCounts = pgTable('qr_status_counts', {
  status: text('status', { enum: QR_STATUSES }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
