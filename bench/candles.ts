/**
 * Issue 6's budget for All Saints' evening, on the production server and PostgreSQL (not a test; it
 * prints figures and exits 1 when the budget is missed): VISITORS (default 200) concurrent visitors
 * lighting candles on MEMORIALS (default 1,000) memorials for SECONDS (default 60):
 *
 *   - no answer but 201 and the rate limit's 429 (no error, no 5xx, no dropped connection);
 *   - p99 under 100 ms over all answers;
 *   - every acknowledged candle (201) is in the database afterwards: the script counts them.
 *
 *   npm run bench:candles       (or: VISITORS=200 MEMORIALS=1000 SECONDS=60 npx tsx bench/candles.ts)
 *
 * The visitors come from ADDRESSES (default 20,000) addresses in turn (X-Forwarded-For,
 * TRUST_PROXY=1), phones at graves all over the country, with the production limits per address
 * and per memorial left as they are: a refusal is an answer the budget allows, and is counted.
 * Each candle goes to a memorial drawn at random, with a name and a short greeting. The memorials
 * are written straight into the database (an owner each, so every candle also notifies someone);
 * candles wait for approval, as by default.
 */
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { runAutocannon } from './lib/load';
import { buildClient, createPostgresDatabase, runCli, startServer, verdict } from './lib/server';
import { registerFamily } from './lib/memorial';

const VISITORS = Number(process.env.VISITORS ?? 200);
const MEMORIALS = Number(process.env.MEMORIALS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const ADDRESSES = Number(process.env.ADDRESSES ?? 20_000);
const BUDGET = { p99Ms: 100 };
const NAMES = ['Ida', 'Ole', 'Karen', 'Jens', 'Mette', 'Søren', 'Birgit', 'Anders', 'Lone', 'Henrik'];

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  const database = await createPostgresDatabase('bench_candles');
  const client = new pg.Client({ connectionString: database.url });
  let stop: (() => Promise<void>) | undefined;
  try {
    process.stdout.write('Bygger klienten (vite build) ...\n');
    const clientDir = buildClient(work);
    const target = { engine: 'postgres' as const, dataDir: path.join(work, 'data'), url: database.url };
    const [code] = runCli(clientDir, target, ['qr:generate', '--count', '1']).trim().split('\n');
    const server = await startServer(clientDir, target, undefined, { TRUST_PROXY: '1' });
    stop = server.stop;
    await client.connect();

    await registerFamily(server.baseUrl, code!, 'candles');
    const { rows: owner } = await client.query<{ id: string }>(`select id from users where username = 'hannecandles'`);
    if (!owner.length) throw new Error('the family account was not found');
    const { rows: memorials } = await client.query<{ id: string }>(
      `with made as (
         insert into memorials (slug, name, created_by) select 'mindeside-' || n, 'Mindeside ' || n, $1 from generate_series(1, $2) as n returning id
       ), owned as (insert into memorial_members (memorial_id, user_id, role) select id, $1, 'owner' from made)
       select id from made`,
      [owner[0]!.id, MEMORIALS],
    );
    process.stdout.write(`  ${memorials.length.toLocaleString('da-DK')} memorials, each with its owner\n`);

    // Every connection would walk a fixed list from its start, so the first addresses would be
    // shared by all 200; instead each request is made as it is sent: the next address, a memorial
    // drawn at random.
    let sent = 0;
    const acknowledgedIds: string[] = [];
    const requests = [
      {
        method: 'POST' as const,
        setupRequest: (request: autocannon.Request) => {
          const i = sent++ % ADDRESSES;
          return {
            ...request,
            path: `/api/memorials/${memorials[randomInt(memorials.length)]!.id}/candles`,
            headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
            body: JSON.stringify({ name: NAMES[i % NAMES.length], message: i % 3 === 0 ? null : 'Tænker på dig i aften.' }),
          };
        },
        // Which candles the server said it had kept, to look each of them up afterwards.
        onResponse: (status: number, body: string) => {
          if (status === 201) acknowledgedIds.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ];
    process.stdout.write(`\nautocannon, ${VISITORS} visitors for ${SECONDS} s ...\n`);
    const result = await runAutocannon({ url: server.baseUrl, connections: VISITORS, duration: SECONDS, requests });
    const byStatus = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]));
    const acknowledged = byStatus['201'] ?? 0;
    const refused = byStatus['429'] ?? 0;
    const other = Object.entries(byStatus).filter(([status]) => status !== '201' && status !== '429');
    const { rows: stored } = await client.query<{ n: string }>(`select count(*) as n from memorial_posts where kind = 'candle' and id = any($1::uuid[])`, [acknowledgedIds]);
    const kept = Number(stored[0]!.n);

    process.stdout.write(
      `  ${result.requests.average.toFixed(0)} answers/s; latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms\n` +
        `  ${acknowledged.toLocaleString('da-DK')} candles acknowledged (201), ${refused.toLocaleString('da-DK')} refused by the rate limit (429)` +
        `${other.length ? `, other answers: ${other.map(([s, n]) => `${n} × ${s}`).join(', ')}` : ''}, ${result.errors} errors, ${result.timeouts} timeouts\n` +
        `  ${kept.toLocaleString('da-DK')} of the ${acknowledgedIds.length.toLocaleString('da-DK')} acknowledged candles found in the database by their ids\n`,
    );
    verdict([
      [`only 201 and 429 answers (${other.length} other kinds, ${result.errors} errors, ${result.timeouts} timeouts)`, other.length === 0 && result.errors === 0 && result.timeouts === 0],
      [`p99 ${result.latency.p99} ms < ${BUDGET.p99Ms} ms`, result.latency.p99 < BUDGET.p99Ms],
      [`every acknowledged candle is stored (${acknowledgedIds.length} acknowledged, ${kept} of them found)`, acknowledgedIds.length > 0 && acknowledgedIds.length === acknowledged && kept === acknowledgedIds.length],
    ]);
  } finally {
    await stop?.();
    await client.end().catch(() => {});
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
