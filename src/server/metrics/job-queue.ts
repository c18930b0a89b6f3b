/**
 * The job queue's health, read from the jobs table when asked (a scrape, the performance page):
 * three counts in one round trip, each on a partial index (jobs_due_idx; jobs_failed_idx from
 * migration 0012), so asking every few seconds stays cheap however many finished jobs are kept.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobs } from '../db/schema';

export interface JobQueueFigures {
  /** Due by now and neither done nor given up on. */
  due: number;
  failedLast24h: number;
  /** Every failed job still kept (lib/jobs.ts removes finished ones after FINISHED_JOBS_KEPT_DAYS). */
  failedTotal: number;
}

const DAY_MS = 24 * 60 * 60_000;

export async function jobQueueFigures(db: Db, at: Date): Promise<JobQueueFigures> {
  // The app's clock, not the database's (lib/jobs.ts queues and claims by it too).
  const now = at.toISOString();
  const dayAgo = new Date(at.getTime() - DAY_MS).toISOString();
  const result = (await db.execute(sql`
    select
      (select count(*) from ${jobs} where done_at is null and failed_at is null and run_at <= ${now}::timestamptz)::int as due,
      (select count(*) from ${jobs} where failed_at is not null and failed_at > ${dayAgo}::timestamptz)::int as failed_last_24h,
      (select count(*) from ${jobs} where failed_at is not null)::int as failed_total`)) as unknown as {
    rows: { due: number; failed_last_24h: number; failed_total: number }[];
  };
  const row = result.rows[0]!;
  return { due: Number(row.due), failedLast24h: Number(row.failed_last_24h), failedTotal: Number(row.failed_total) };
}
