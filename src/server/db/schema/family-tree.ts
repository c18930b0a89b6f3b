import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PARTNERSHIPS, SEXES, type TreeDate } from '../../../shared/family-tree';
import type { StoredVariant } from './media';
import { memorials } from './memorials';
import { users } from './users';

/**
 * A person in a memorial's family tree (family-tree/). One tree per memorial; its root is the
 * person the memorial is for. A person may link to their own memorial, so a visitor can walk from
 * one memorial's tree to another's. Removing sets deleted_at, so the family can undo it.
 */
export const familyPeople = pgTable(
  'family_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    isRoot: boolean('is_root').notNull().default(false),
    givenNames: text('given_names').notNull().default(''),
    surname: text('surname').notNull().default(''),
    sex: text('sex', { enum: SEXES }).notNull().default('unknown'),
    birth: jsonb('birth').$type<TreeDate>(),
    death: jsonb('death').$type<TreeDate>(),
    /** Known to have died though no date is known (GEDCOM's "1 DEAT Y"). */
    diedUndated: boolean('died_undated').notNull().default(false),
    birthPlace: text('birth_place').notNull().default(''),
    deathPlace: text('death_place').notNull().default(''),
    note: text('note').notNull().default(''),
    /** The family chose to show a living person's dates and photo to visitors too. */
    showLivingToVisitors: boolean('show_living_to_visitors').notNull().default(false),
    linkedMemorialId: uuid('linked_memorial_id').references(() => memorials.id, { onDelete: 'set null' }),
    photoVariants: jsonb('photo_variants').$type<StoredVariant[]>(),
    photoPlaceholder: text('photo_placeholder'),
    /** The GEDCOM file's own id (@I12@), kept so a re-export reads back the same people. */
    gedcomId: text('gedcom_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('family_people_memorial_idx').on(t.memorialId),
    uniqueIndex('family_people_one_root_key').on(t.memorialId).where(sql`${t.isRoot}`),
  ],
);

/**
 * A family as GEDCOM has it: one or two parents and their children together. Half-siblings are
 * children of different families that share one parent; a step-family is a parent's second family.
 */
export const familyUnions = pgTable(
  'family_unions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    partner1Id: uuid('partner1_id').references(() => familyPeople.id, { onDelete: 'cascade' }),
    partner2Id: uuid('partner2_id').references(() => familyPeople.id, { onDelete: 'cascade' }),
    partnership: text('partnership', { enum: PARTNERSHIPS }).notNull().default('married'),
    gedcomId: text('gedcom_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_unions_memorial_idx').on(t.memorialId)],
);

export const familyChildren = pgTable(
  'family_children',
  {
    unionId: uuid('union_id')
      .notNull()
      .references(() => familyUnions.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => familyPeople.id, { onDelete: 'cascade' }),
    /** Order among the family's children (eldest first when the dates say so). */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unionId, t.childId] }), index('family_children_child_idx').on(t.childId)],
);
