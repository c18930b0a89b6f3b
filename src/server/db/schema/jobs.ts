import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (ARCHITECTURE.md "background work"): a row is written in the same
 * transaction as the change that needs it, and workers claim rows with FOR UPDATE SKIP LOCKED, so
 * a crash loses no e-mail and two instances never send one twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`done_at is null and failed_at is null`),
    // The back office counts failed jobs (dashboard, /admin/performance): few rows, found at once.
    index('jobs_failed_idx').on(t.failedAt).where(sql`failed_at is not null`),
  ],
);


/**
 * Daily work (the digest, anniversary reminders) done exactly once per day however many instances
 * run: the instance whose insert of (name, day) succeeds queues the day's job in the same
 * transaction, and the job queue then carries it through crashes and retries.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    name: text('name').notNull(),
    /** The Danish calendar day (Europe/Copenhagen) the run is for. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.day] })],
);
