/**
 * PostgreSQL restarted under load (issue 27, item 3), on a PostgreSQL server of this test's own so
 * that the machine's shared one, which other tests use, is not touched. While it is away the
 * cluster answers 503 in Danish (the instances, or HAProxy itself once it has taken them all out);
 * when it is back the instances reconnect by themselves, without a restart, and every candle that
 * was acknowledged before, during or after is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setupCluster } from '../support/cluster-world';
import { type PrivatePostgres, startPrivatePostgres } from '../support/private-postgres';
import { PHONE, clusterCalls, generateCodes, query, registerFamily, sleep } from './cluster-calls';

let postgres: PrivatePostgres;
beforeAll(async () => {
  postgres = await startPrivatePostgres();
});
afterAll(async () => {
  await postgres?.close();
});

const world = setupCluster({ postgres: () => postgres.url, env: { RATE_LIMIT_POSTS_PER_IP: '1000000', RATE_LIMIT_POSTS_PER_MEMORIAL: '1000000' } });
const api = clusterCalls(world);

interface Outcome {
  kind: 'page' | 'candle';
  status: number;
  at: number;
  id?: string;
  message?: string;
}

describe('PostgreSQL restarted under load', () => {
  test('503 in Danish only while it is away, back by itself, and no acknowledged candle lost', async () => {
    const { cluster } = world;
    const [code] = await generateCodes(world.databaseUrl, 1);
    const family = await registerFamily(api, cluster.url, code!);
    const created = await api.call<{ id: string; slug: string }>(cluster.url, 'POST', '/api/memorials', { session: family.session, body: { name: 'Poul Hansen' } });
    expect(created.status).toBe(201);
    const memorial = created.body;
    // What each instance logs while the database is away: its failed queries, the job runner's
    // ticks, the statistics' writes, the pool's lost connections.
    world.expectError(/./);

    const outcomes: Outcome[] = [];
    const started = performance.now();
    const at = () => performance.now() - started;
    let running = true;
    const record = async (kind: Outcome['kind'], request: () => Promise<Response>) => {
      try {
        const response = await request();
        const text = await response.text();
        let body: { id?: string; message?: string } = {};
        if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text) as typeof body;
        outcomes.push({ kind, status: response.status, at: at(), id: body.id, message: body.message ?? (response.status >= 500 && text.includes('<html') ? 'html' : undefined) });
      } catch (error) {
        outcomes.push({ kind, status: 0, at: at(), message: String((error as Error).cause ?? error) });
      }
      await sleep(20);
    };
    const readers = Array.from({ length: 3 }, async () => {
      while (running) await record('page', () => api.raw(cluster.url, 'GET', `/memorial/${memorial.slug}`, { headers: { 'user-agent': PHONE } }));
    });
    const lighters = Array.from({ length: 3 }, async (_, i) => {
      while (running)
        await record('candle', () =>
          api.raw(cluster.url, 'POST', `/api/memorials/${memorial.id}/candles`, {
            headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': PHONE },
            body: JSON.stringify({ name: `Gæst ${i}`, message: null, website: '' }),
          }),
        );
    });

    await sleep(2000);
    const stoppedAt = at();
    await postgres.stop();
    await sleep(3000);
    await postgres.start();
    const backAt = at();
    // Back when every kind of request has been answered well again for a second.
    let recoveredAt = Number.POSITIVE_INFINITY;
    for (const deadline = backAt + 20_000; at() < deadline; ) {
      await sleep(250);
      const recent = outcomes.filter((o) => o.at > at() - 1000);
      if (recent.length > 5 && recent.every((o) => o.status === 200 || o.status === 201)) {
        recoveredAt = Math.min(...recent.map((o) => o.at));
        break;
      }
    }
    await sleep(2000);
    running = false;
    await Promise.all([...readers, ...lighters]);

    const before = outcomes.filter((o) => o.at < stoppedAt);
    const during = outcomes.filter((o) => o.at >= stoppedAt && o.at < recoveredAt);
    const after = outcomes.filter((o) => o.at >= recoveredAt);
    const statuses = (list: Outcome[]) => Object.entries(list.reduce<Record<string, number>>((n, o) => ({ ...n, [o.status]: (n[o.status] ?? 0) + 1 }), {}));
    console.log(
      `PostgreSQL away ${((backAt - stoppedAt) / 1000).toFixed(1)} s; answers before ${JSON.stringify(statuses(before))}, during ${JSON.stringify(statuses(during))}, ` +
        `after ${JSON.stringify(statuses(after))}; back ${((recoveredAt - backAt) / 1000).toFixed(1)} s after it started, without restarting an instance; ` +
        `during, the 503s said ${JSON.stringify([...new Set(during.filter((o) => o.status === 503).map((o) => o.message))])}`,
    );
    expect(recoveredAt - backAt).toBeLessThan(10_000);
    expect(before.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    expect(after.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    // During the outage: answers, never a broken connection or our own 500; each refusal in Danish.
    expect(during.filter((o) => ![200, 201, 503].includes(o.status))).toEqual([]);
    expect(during.some((o) => o.status === 503)).toBe(true);
    for (const refusal of during.filter((o) => o.status === 503)) expect(refusal.message).toMatch(/^(html|.*Prøv igen om lidt\.)$/);
    // The instances are the same processes as before.
    expect(cluster.instances.every((instance) => instance.running)).toBe(true);

    const stored = new Set((await query<{ id: string }>(world.databaseUrl, `select id from memorial_posts where memorial_id = $1 and kind = 'candle'`, [memorial.id])).map((row) => row.id));
    const acknowledged = outcomes.filter((o) => o.kind === 'candle' && o.status === 201);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(acknowledged.filter((o) => !stored.has(o.id!))).toEqual([]);
  });
});
