import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A staff member's second factor (TOTP, RFC 6238; staff/two-factor.ts). The secret is sealed with
 * TWO_FACTOR_KEY before it is stored, so a copy of the database alone cannot mint codes.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM: iv, tag and ciphertext (staff/secret-box.ts). */
  secretSealed: text('secret_sealed').notNull(),
  /** Set when a first code confirmed the set-up; until then the set-up is in progress and signs no one in. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The 30-second step of the last code taken: that code, and any older one, is never taken again. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Ten single-use codes for a lost phone, shown once; only their hashes are kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Every staff action: who, what, when and from where (PRODUCT.md "People and roles"). Append-only:
 * a trigger in the migration refuses to change or delete a row. No foreign keys, so erasing an
 * account never rewrites history; the actor's name is kept as it was when they acted.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** What was done, in the product's words: 'user.role', 'user.disable', 'support.reply', … */
    action: text('action').notNull(),
    /** The account acted on, when there is one: /admin/users/{id} lists what was done to it. */
    targetUserId: uuid('target_user_id'),
    /** Anything else acted on: 'contact-message:<id>', 'qr-package:<id>'. */
    subject: text('subject'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_actions_at_idx').on(t.at),
    index('staff_actions_target_idx').on(t.targetUserId, t.at).where(sql`target_user_id is not null`),
    index('staff_actions_actor_idx').on(t.actorId, t.at),
    // What was done to one thing (a reseller's history on /admin/resellers/{id}), newest first.
    index('staff_actions_subject_idx').on(t.subject, t.at).where(sql`subject is not null`),
  ],
);
