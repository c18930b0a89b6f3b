import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/connection';
import { jobs } from '../db/schema';
import { FINISHED_JOBS_KEPT_DAYS, createJobRunner, enqueue, pruneJobsJob } from './jobs';

const silent = { error() {}, info() {}, warn() {} } as unknown as FastifyBaseLogger;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('job queue', () => {
  it('runs a due job once and marks it done', async () => {
    const clock = createClock();
    const seen: unknown[] = [];
    const runner = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { hello: async (p) => void seen.push(p) } });
    await enqueue(database.db, 'hello', { n: 1 }, clock.now());
    await runner.drain();
    await runner.drain();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('leaves a job that is not yet due', async () => {
    const clock = createClock();
    const seen: unknown[] = [];
    const runner = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { later: async (p) => void seen.push(p) } });
    await enqueue(database.db, 'later', { n: 2 }, new Date(clock.now().getTime() + 60_000));
    await runner.drain();
    expect(seen).toEqual([]);
    clock.advance(60_000);
    await runner.drain();
    expect(seen).toEqual([{ n: 2 }]);
  });

  it('retries a failing job with back-off, then gives up and keeps the error', async () => {
    const clock = createClock(new Date('2026-12-01T00:00:00Z'));
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      now: clock.now,
      log: silent,
      handlers: {
        flaky: async () => {
          calls += 1;
          throw new Error('SMTP nede');
        },
      },
    });
    await enqueue(database.db, 'flaky', {}, clock.now());
    await runner.drain();
    expect(calls).toBe(1);
    await runner.drain();
    expect(calls).toBe(1); // not again before its back-off
    for (let i = 0; i < 10; i++) {
      clock.advance(2 * 60 * 60_000);
      await runner.drain();
    }
    expect(calls).toBe(8);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'flaky'));
    expect(row!.failedAt).not.toBeNull();
    expect(row!.lastError).toBe('SMTP nede');
  });

  it('keeps no payload once a job is done or given up (a sent mail held working links), and prunes finished jobs after a week', async () => {
    const clock = createClock(new Date('2026-12-10T00:00:00Z'));
    const runner = createJobRunner({
      db: database.db,
      now: clock.now,
      log: silent,
      handlers: {
        'mail-like': async () => {},
        'never-works': async () => {
          throw new Error('SMTP nede');
        },
      },
    });
    const link = { text: 'https://mindested.dk/reset-password/hemmeligt-token' };
    await enqueue(database.db, 'mail-like', link, clock.now());
    await enqueue(database.db, 'never-works', link, clock.now());
    await enqueue(database.db, 'mail-like', link, new Date(clock.now().getTime() + 30 * 24 * 60 * 60_000));
    for (let i = 0; i < 10; i++) {
      await runner.drain();
      clock.advance(2 * 60 * 60_000);
    }
    const finished = await database.db.select().from(jobs).where(inArray(jobs.kind, ['mail-like', 'never-works']));
    const byState = (done: boolean) => finished.filter((row) => (row.doneAt !== null || row.failedAt !== null) === done);
    expect(byState(true).map((row) => row.payload)).toEqual([{}, {}]);
    expect(byState(true).find((row) => row.kind === 'never-works')!.lastError).toBe('SMTP nede');
    // The job still waiting keeps its payload: it is needed to do the work.
    expect(byState(false).map((row) => row.payload)).toEqual([link]);
    expect(JSON.stringify(finished.filter((row) => row.doneAt ?? row.failedAt))).not.toContain('hemmeligt-token');

    const prune = pruneJobsJob(database.db, clock.now);
    await prune();
    expect(await database.db.select().from(jobs).where(inArray(jobs.kind, ['mail-like', 'never-works']))).toHaveLength(3);
    clock.advance(FINISHED_JOBS_KEPT_DAYS * 24 * 60 * 60_000);
    await prune();
    const left = await database.db.select().from(jobs).where(inArray(jobs.kind, ['mail-like', 'never-works']));
    expect(left.map((row) => row.payload)).toEqual([link]);
  });

  it('offers again a job whose worker died mid-way, after its lease', async () => {
    const clock = createClock(new Date('2027-01-01T00:00:00Z'));
    const seen: string[] = [];
    // The first runner claims the job and "dies": its handler never finishes.
    const dying = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { mail: () => new Promise(() => {}) } });
    await enqueue(database.db, 'mail', { to: 'a' }, clock.now());
    void dying.runDue();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const survivor = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { mail: async () => void seen.push('sent') } });
    await survivor.drain();
    expect(seen).toEqual([]); // still leased to the first worker
    clock.advance(5 * 60_000 + 1);
    await survivor.drain();
    expect(seen).toEqual(['sent']);
  });

  it('never gives one job to two runners at once', async () => {
    const clock = createClock(new Date('2027-02-01T00:00:00Z'));
    const runs = new Map<number, number>();
    const handler = async (payload: unknown) => {
      const n = (payload as { n: number }).n;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    for (let n = 0; n < 30; n++) await enqueue(database.db, 'count', { n }, clock.now());
    const a = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { count: handler } });
    const b = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { count: handler } });
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
