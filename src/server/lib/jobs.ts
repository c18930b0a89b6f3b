/**
 * A durable job queue in the database. A job is written in the same transaction as the change that
 * needs it (the outbox), so a crash between the two cannot lose it. Workers claim due rows with
 * FOR UPDATE SKIP LOCKED: several instances share the queue and never run one job twice at once.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/connection';
import { jobs } from '../db/schema';

export type JobHandler = (payload: unknown) => Promise<void>;

const BATCH = 10;
const MAX_ATTEMPTS = 8;
/** A claimed job whose worker died is offered again after this long. */
const LEASE_MS = 5 * 60_000;

/**
 * What a finished job keeps of its payload: nothing. A payload is the job's input, and an e-mail's
 * holds working links (reset, set-up, invitation, approve, reject), which a backup of the database
 * must not keep once the mail is sent or given up on. The row itself stays a while (kind, attempts,
 * last error) for whoever looks into a problem, and is removed by pruneFinishedJobs.
 */
const FINISHED = {};

/** How long a finished job's row is kept. */
export const FINISHED_JOBS_KEPT_DAYS = 7;

/** Job kind, queued once a day (lib/daily.ts), that removes jobs finished long enough ago. */
export const PRUNE_JOBS = 'jobs.prune';

export function pruneJobsJob(db: Db, now: () => Date) {
  return async () => {
    const before = new Date(now().getTime() - FINISHED_JOBS_KEPT_DAYS * 24 * 60 * 60_000);
    await db.delete(jobs).where(or(lt(jobs.doneAt, before), lt(jobs.failedAt, before)));
  };
}

/** Queues a job due at `runAt` (pass deps.now() for "now": the database clock is not the app's). */
export async function enqueue(tx: Db | Tx, kind: string, payload: unknown, runAt: Date): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, runAt, createdAt: runAt });
}

/** Exponential back-off: 30 s, 1 min, 2 min … capped at an hour. */
function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1));
}

export interface JobRunner {
  /** Runs every job that is due now; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Runs due jobs until none are left (tests and the CLI use it). */
  drain(): Promise<void>;
  /** Polls in the background. */
  start(intervalMs: number): void;
  /** Asks the poller to look now instead of at its next tick. */
  wake(): void;
  stop(): Promise<void>;
}

export function createJobRunner(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Work done on every tick besides jobs, e.g. pruning old rows. */
  maintenance?: () => Promise<void>;
}): JobRunner {
  const { db, handlers, now, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function claim() {
    const at = now();
    const leaseEnd = new Date(at.getTime() + LEASE_MS);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            isNull(jobs.failedAt),
            sql`${jobs.runAt} <= ${at.toISOString()}::timestamptz`,
            or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, at)),
          ),
        )
        .orderBy(jobs.runAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({ lockedUntil: leaseEnd, attempts: sql`${jobs.attempts} + 1` })
        .where(sql`${jobs.id} in (${sql.join(due.map((row) => sql`${row.id}`), sql`, `)})`)
        .returning();
    });
  }

  async function runOne(job: typeof jobs.$inferSelect) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await db.update(jobs).set({ doneAt: now(), lockedUntil: null, lastError: null, payload: FINISHED }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, giveUp ? 'job failed for good' : 'job failed, will retry');
      await db
        .update(jobs)
        .set(
          giveUp
            ? { failedAt: now(), lockedUntil: null, lastError: message, payload: FINISHED }
            : { runAt: new Date(now().getTime() + backoffMs(job.attempts)), lockedUntil: null, lastError: message },
        )
        .where(eq(jobs.id, job.id));
    }
  }

  async function runDue(): Promise<number> {
    const claimed = await claim();
    for (const job of claimed) await runOne(job);
    return claimed.length;
  }

  // One pass at a time: a wake-up during a pass queues one more pass instead of a parallel one.
  function tick(): Promise<unknown> {
    running = running
      .then(async () => {
        if (stopped) return;
        while ((await runDue()) === BATCH && !stopped);
        await options.maintenance?.();
      })
      .catch((error: unknown) => log.error({ err: error }, 'job runner tick failed'));
    return running;
  }

  return {
    runDue,
    async drain() {
      while ((await runDue()) > 0);
    },
    start(intervalMs) {
      stopped = false;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      void tick();
    },
    wake() {
      if (timer && !stopped) void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
