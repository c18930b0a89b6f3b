import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from '../../../shared/auth';
import { POST_MAIL_CHOICES } from '../../../shared/posts-api';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    username: text('username').notNull(),
    /** Stored lower-cased; the unique index keeps one account per address. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('user'),
    /** How a memorial administrator hears of new posts by e-mail: at once, in a daily digest, or not at all. */
    postMails: text('post_mails', { enum: POST_MAIL_CHOICES }).notNull().default('immediate'),
    /** Opted in to a gentle reminder on the birthdays and death days of the memorials they look after. */
    anniversaryReminders: boolean('anniversary_reminders').notNull().default(false),
    /** Set by an admin: the account cannot sign in and its sessions are gone (/admin/users/{id}). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Karen" and "karen" are one username: people do not remember the case they chose.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    // The back office's search (/admin/users): prefixes of an e-mail or username, words of a name.
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    // INCLUDE (username) too, in migration 0030: the search counts usernames from the index alone.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    // Every beginning of every word of the name (name_word_prefixes, migration 0029): a typed word is
    // then one key of the index, where a prefix search of a full-text index reads every matching key.
    index('users_name_prefixes_idx').using('gin', sql`name_word_prefixes(${t.fullName})`),
    // The dashboard's sign-ups per day.
    index('users_created_idx').on(t.createdAt),
    // The people page's filters with nothing typed: closed accounts and staff are few among many.
    index('users_disabled_idx').on(t.disabledAt).where(sql`disabled_at is not null`),
    index('users_staff_role_idx').on(t.role).where(sql`role <> 'user'`),
  ],
);

/** Server-side sessions; the cookie holds a random token and only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When a staff member passed the second factor in this session (staff/guard.ts). */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // The daily purge of expired sessions (privacy/purges.ts).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Single-use password reset links; the token is stored only as a hash. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * An account that someone is about to set up through a link (/setup/{token}): asked for by e-mail
 * registration with a QR code, a reseller giving a family a code, or the approval of a visitor's
 * reseller application. Only the token's SHA-256 is stored; the account itself is made when
 * the person chooses a username and password, so nothing half-made exists before.
 */
export const accountSetups = pgTable(
  'account_setups',
  {
    tokenHash: text('token_hash').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** The code locked to the new account: an e-mail registration's, or one a reseller gave the family. */
    qrCode: text('qr_code'),
    /**
     * The approved reseller application the new account is to run (a visitor's application). Its
     * foreign key to resellers is written in migration 0015: declaring it here would make this
     * file and resellers.ts import each other.
     */
    resellerId: uuid('reseller_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_setups_email_idx').on(t.email),
    index('account_setups_reseller_idx').on(t.resellerId),
    index('account_setups_code_idx').on(t.qrCode),
    check('account_setups_code_or_reseller', sql`${t.qrCode} is not null or ${t.resellerId} is not null`),
  ],
);

/**
 * One-time login links (/login/{token}, PRODUCT.md "Links sent by e-mail"): asked for on the login
 * page, sent by staff, carried by notification e-mails. Only the token's SHA-256 is stored.
 */
export const loginLinks = pgTable(
  'login_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member who sent it, when it was not asked for by the person. */
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_links_user_idx').on(t.userId)],
);
