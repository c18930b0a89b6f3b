import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PLAN_INTERVALS } from '../../../shared/pricing';

/**
 * What we sell and for how much (/pricing). Prices are in øre incl. 25 % moms and are edited in
 * the database, not in code (PRODUCT.md "Money"); the first set is inserted by a migration.
 */
export const plans = pgTable('plans', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceOre: integer('price_ore').notNull(),
  interval: text('interval', { enum: PLAN_INTERVALS }).notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  highlighted: boolean('highlighted').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
