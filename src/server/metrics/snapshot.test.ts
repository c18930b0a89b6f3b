import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { performanceResponse } from '../../shared/performance';
import type { Database } from '../db/connection';
import { jobs } from '../db/schema';
import { type InstanceMetrics, NO_ROUTE, instrumentApp } from './instance';
import { performanceSnapshot } from './snapshot';

const clock = createClock(new Date('2026-11-01T10:00:00Z'));
const minutes = (n: number) => n * 60_000;
let database: Database;
let app: FastifyInstance;
let metrics: InstanceMetrics;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify({ logger: false });
  metrics = instrumentApp(app, { db: database.db, now: clock.now, log: app.log });
  app.get('/api/memorials/:id', async () => ({ ok: true }));
  app.get('/api/fejl', async (_request, reply) => reply.code(503).send({ message: 'nej' }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const snapshot = async () => performanceResponse.parse(await performanceSnapshot({ db: database.db, now: clock.now, metrics }));

describe('performanceSnapshot', () => {
  it('counts the requests the app answered, by route pattern and with 5xx as errors', async () => {
    await app.inject({ method: 'GET', url: '/api/memorials/4b1d6a0e-1111-4222-8333-944455556666' });
    await app.inject({ method: 'GET', url: '/api/memorials/HJK7M2' });
    await app.inject({ method: 'GET', url: '/api/fejl' });
    await app.inject({ method: 'GET', url: '/ingen/her/17' });
    const result = await snapshot();
    expect(result.routes.map((r) => [r.method, r.route, r.requests, r.errorRate])).toEqual([
      ['GET', '/api/memorials/:id', 2, 0],
      ['GET', NO_ROUTE, 1, 0],
      ['GET', '/api/fejl', 1, 1],
    ]);
    expect(result.totals).toMatchObject({ requests: 4, errors: 1, errorRate: 0.25 });
    // The app started this minute: the rate is over the one minute it has run.
    expect(result.windowMinutes).toBe(1);
    expect(result.totals.requestsPerMinute).toBe(4);
    expect(result.minutes).toHaveLength(60);
    expect(result.minutes.at(-1)).toMatchObject({ at: '2026-11-01T10:00:00.000Z', requests: 4, errors: 1 });
  });

  it('reads p50, p95 and p99 per route from known latencies, and drops what is older than an hour', async () => {
    clock.advance(minutes(10));
    for (let i = 1; i <= 200; i++) metrics.lastHour.recordRequest(clock.now(), 'POST', '/api/memorials/:id/posts', i === 200 ? 500 : 201, i);
    clock.advance(minutes(30));
    const result = await snapshot();
    const posts = result.routes.find((r) => r.route === '/api/memorials/:id/posts')!;
    expect(posts.requests).toBe(200);
    expect(posts.errorRate).toBe(0.005);
    expect(posts.requestsPerMinute).toBe(Math.round((200 / 41) * 100) / 100);
    for (const [read, exact] of [
      [posts.p50Ms, 100],
      [posts.p95Ms, 190],
      [posts.p99Ms, 198],
    ] as const) {
      expect(Math.abs(read! - exact) / exact).toBeLessThan(0.1);
    }
    expect(result.windowMinutes).toBe(41);

    // 10:00 falls out at 11:00, 10:10 at 11:10.
    clock.advance(minutes(20));
    const later = await snapshot();
    expect(later.routes.map((r) => r.route)).toEqual(['/api/memorials/:id/posts']);
    expect(later.windowMinutes).toBe(60);
    clock.advance(minutes(10));
    const empty = await snapshot();
    expect(empty.routes).toEqual([]);
    expect(empty.totals).toMatchObject({ requests: 0, errorRate: 0, p50Ms: null, p95Ms: null, p99Ms: null });
  });

  it('times the database queries and tells the engine and its pool', async () => {
    await database.db.select().from(jobs).limit(1);
    const result = await snapshot();
    expect(result.database.engine).toBe(database.engine);
    expect(result.database.queries).toBeGreaterThan(0);
    expect(result.database.queryP95Ms).toBeGreaterThan(0);
    if (database.engine === 'postgres') expect(result.database.pool).toMatchObject({ max: 10 });
    else expect(result.database.pool).toBeNull();
    expect(result.memory.rssBytes).toBeGreaterThan(result.memory.heapUsedBytes);
  });

  it('counts the job queue: due and not done or failed, failed in the last day, failed in all', async () => {
    const at = clock.now();
    const ago = (ms: number) => new Date(at.getTime() - ms);
    await database.db.insert(jobs).values([
      { kind: 'mail.send', payload: {}, runAt: ago(minutes(5)) },
      { kind: 'mail.send', payload: {}, runAt: at },
      { kind: 'mail.send', payload: {}, runAt: new Date(at.getTime() + minutes(5)) },
      { kind: 'mail.send', payload: {}, runAt: ago(minutes(50)), doneAt: ago(minutes(49)) },
      { kind: 'mail.send', payload: {}, runAt: ago(minutes(50)), failedAt: ago(minutes(40)) },
      { kind: 'mail.send', payload: {}, runAt: ago(minutes(50 * 60)), failedAt: ago(minutes(48 * 60)) },
    ]);
    expect((await snapshot()).jobs).toEqual({ due: 2, failedLast24h: 1, failedTotal: 2 });
  });

  it('samples the event loop’s delay', async () => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    const { eventLoop } = await snapshot();
    expect(eventLoop.delayP50Ms).not.toBeNull();
    expect(eventLoop.delayP99Ms!).toBeGreaterThanOrEqual(eventLoop.delayP50Ms!);
  });
});
