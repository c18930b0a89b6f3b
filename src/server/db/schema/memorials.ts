import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMBER_ROLES, MEMORIAL_LAYOUTS, MEMORIAL_PRIVACIES, MEMORIAL_THEMES, type TimelineEvent } from '../../../shared/memorials';
import { WHO_MAY_POST } from '../../../shared/posts-api';
import { users } from './users';

/** A memorial page (PRODUCT.md "Memorials"). Deleting sets deleted_at; the owner can restore it for 30 days. */
export const memorials = pgTable(
  'memorials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The readable address, unique for good: a deleted memorial keeps its slug until it is purged. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    deathDate: date('death_date', { mode: 'string' }),
    birthPlace: text('birth_place').notNull().default(''),
    deathPlace: text('death_place').notNull().default(''),
    cemetery: text('cemetery').notNull().default(''),
    graveSection: text('grave_section').notNull().default(''),
    graveNumber: text('grave_number').notNull().default(''),
    graveLatitude: doublePrecision('grave_latitude'),
    graveLongitude: doublePrecision('grave_longitude'),
    epitaph: text('epitaph').notNull().default(''),
    /** Sanitised HTML: only what memorials/life-story.ts allows is ever stored. */
    lifeStory: text('life_story').notNull().default(''),
    timeline: jsonb('timeline').$type<TimelineEvent[]>().notNull().default([]),
    theme: text('theme', { enum: MEMORIAL_THEMES }).notNull().default('lys'),
    layout: text('layout', { enum: MEMORIAL_LAYOUTS }).notNull().default('classic'),
    privacy: text('privacy', { enum: MEMORIAL_PRIVACIES }).notNull().default('public'),
    /** Gallery photos chosen as the portrait and the cover (memorial_media; no foreign key, to avoid a cycle). */
    portraitMediaId: uuid('portrait_media_id'),
    coverMediaId: uuid('cover_media_id'),
    /** What visitors may leave (posts/): candles shown at once or after approval, and who may post. */
    candlesAutoApprove: boolean('candles_auto_approve').notNull().default(false),
    whoMayPost: text('who_may_post', { enum: WHO_MAY_POST }).notNull().default('everyone'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('memorials_slug_key').on(t.slug),
    // The daily purge of memorials deleted over 30 days ago (privacy/purges.ts): few rows, found at once.
    index('memorials_deleted_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
    // The dashboard's new memorials per day and this week.
    index('memorials_created_idx').on(t.createdAt),
  ],
);

/** Who may do what on a memorial: exactly one owner, any number of co-admins and invited viewers. */
export const memorialMembers = pgTable(
  'memorial_members',
  {
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memorialId, t.userId] }),
    index('memorial_members_user_idx').on(t.userId),
    uniqueIndex('memorial_members_one_owner_key').on(t.memorialId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * Addresses a memorial had before (issue 26): a stone, a printed card or a shared link may carry
 * one for decades, so each leads to the memorial for good, and no other memorial may take it.
 * Purged, a memorial's addresses stay here with no memorial (the foreign key sets it null), so a
 * visitor is told it was deleted rather than that it never was (memorials/addresses.ts).
 */
export const memorialAddresses = pgTable(
  'memorial_addresses',
  {
    slug: text('slug').primaryKey(),
    memorialId: uuid('memorial_id').references(() => memorials.id, { onDelete: 'set null' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('memorial_addresses_memorial_idx').on(t.memorialId)],
);
