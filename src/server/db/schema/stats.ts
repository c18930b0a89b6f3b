import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { memorials } from './memorials';

/**
 * A memorial's visits and QR scans per Danish calendar day, for its administrators' statistics.
 * Counted in memory and added here in batches, so a visit costs no write of its own.
 */
export const memorialDailyStats = pgTable(
  'memorial_daily_stats',
  {
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
    scans: integer('scans').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memorialId, t.day] })],
);
