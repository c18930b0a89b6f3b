import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters for rate limits. They live in the database so that several server
 * instances share one count; a key holds at most an IP address or an account name, for one window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    // Every instance prunes old windows on its job runner's tick, once a second (app.ts). With this
    // index the prune reads only the rows it deletes, a handful, instead of scanning the table per
    // instance per second. Chosen over a once-a-day prune: pruning often keeps the table at a day's
    // keys, which keeps every limited request's upsert small too, and the index costs little on that
    // upsert, which leaves window_start unchanged within a window (so PostgreSQL can update in place).
    index('rate_limits_window_start_idx').on(table.windowStart),
  ],
);
