import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../db/connection';
import { jobs, scheduledRuns } from '../db/schema';
import { createDailySchedule, danishDay, danishHour } from './daily';
import { createJobRunner } from './jobs';

const silent = { error() {}, info() {}, warn() {} } as unknown as FastifyBaseLogger;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A clock the test moves by hand. */
function clockAt(iso: string) {
  let at = new Date(iso);
  return { now: () => at, set: (next: string) => void (at = new Date(next)) };
}

describe('the Danish calendar', () => {
  it('turns the day at midnight in Copenhagen, winter and summer', () => {
    expect(danishDay(new Date('2026-11-01T22:59:59Z'))).toBe('2026-11-01');
    expect(danishDay(new Date('2026-11-01T23:00:00Z'))).toBe('2026-11-02');
    expect(danishDay(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(danishDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
    expect(danishHour(new Date('2026-11-02T06:00:00Z'))).toBe(7);
    expect(danishHour(new Date('2026-07-02T06:00:00Z'))).toBe(8);
    expect(danishHour(new Date('2026-07-01T22:30:00Z'))).toBe(0);
  });
});

describe('daily schedule', () => {
  it('queues a run once per day across instances, and only from its hour', async () => {
    const clock = clockAt('2026-03-10T05:30:00Z'); // 06:30 in Denmark
    const run = { name: 'test-digest', kind: 'test-daily', hour: 7 };
    const first = createDailySchedule({ db: database.db, now: clock.now, runs: [run] });
    const second = createDailySchedule({ db: database.db, now: clock.now, runs: [run] });

    expect(await first.tick()).toEqual([]);
    clock.set('2026-03-10T06:00:00Z'); // 07:00
    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    expect([...a, ...b]).toEqual(['test-digest']);
    expect(await first.tick()).toEqual([]);
    expect(await second.tick()).toEqual([]);

    clock.set('2026-03-11T06:00:00Z');
    expect([...(await second.tick()), ...(await first.tick())]).toEqual(['test-digest']);

    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'test-daily')).orderBy(asc(jobs.id));
    expect(queued.map((job) => job.payload)).toEqual([{ day: '2026-03-10' }, { day: '2026-03-11' }]);
    const days = await database.db.select().from(scheduledRuns).where(eq(scheduledRuns.name, 'test-digest'));
    expect(days.map((row) => row.day).sort()).toEqual(['2026-03-10', '2026-03-11']);
  });

  it("hands the day's job to the durable queue, which runs it once", async () => {
    const clock = clockAt('2026-04-01T08:00:00Z');
    const seen: unknown[] = [];
    const schedule = createDailySchedule({ db: database.db, now: clock.now, runs: [{ name: 'test-once', kind: 'test-once', hour: 0 }] });
    const runner = createJobRunner({ db: database.db, now: clock.now, log: silent, handlers: { 'test-once': async (payload) => void seen.push(payload) } });
    await schedule.tick();
    await runner.drain();
    await schedule.tick();
    await runner.drain();
    expect(seen).toEqual([{ day: '2026-04-01' }]);
  });
});
