/**
 * Issue 6's budget for All Saints' evening, on the production server and PostgreSQL (not a test; it
 * prints figures and exits 1 when the budget is missed): VISITORS (default 200) concurrent visitors
 * lighting candles on MEMORIALS (default 1,000) memorials for SECONDS (default 60), each visitor
 * lighting a candle every PAUSE_MS (default 500) on average (decision 0019 says why visitors pause):
 *
 *   - no answer but 201 and the rate limit's 429 (no error, no 5xx, no dropped connection);
 *   - p99 under 100 ms over all answers;
 *   - every acknowledged candle (201) is in the database afterwards: the script counts them.
 *
 * Then the same visitors flat out, with no pause, for FLAT_OUT_SECONDS (default 20): the most
 * candles a second the server takes, and its latency when 200 requests always wait at once (printed
 * only); no error and no lost candle are judged there too.
 *
 *   npm run bench:candles       (or: VISITORS=200 MEMORIALS=1000 SECONDS=60 PAUSE_MS=500 npx tsx bench/candles.ts)
 *
 * The visitors come from ADDRESSES (default 20,000) addresses in turn (X-Forwarded-For,
 * TRUST_PROXY=1), phones at graves all over the country, with the production limits per address
 * and per memorial left as they are: a refusal is an answer the budget allows, and is counted.
 * Each candle goes to a memorial drawn at random, with a name and a short greeting. The memorials
 * are written straight into the database (an owner each, so every candle also notifies someone);
 * candles wait for approval, as by default.
 */
import { randomInt } from 'node:crypto';
import type autocannon from 'autocannon';
import { runAutocannon } from './lib/load';
import { verdict, withPostgresServer } from './lib/server';
import { registerFamily } from './lib/memorial';
import { runVisitors } from './lib/visitors';

const VISITORS = Number(process.env.VISITORS ?? 200);
const MEMORIALS = Number(process.env.MEMORIALS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const ADDRESSES = Number(process.env.ADDRESSES ?? 20_000);
/** A visitor's mean pause between candles on the evening: far shorter than a person at a grave takes (decision 0019). */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 500);
const FLAT_OUT_SECONDS = Number(process.env.FLAT_OUT_SECONDS ?? 20);
const BUDGET = { p99Ms: 100 };
const NAMES = ['Ida', 'Ole', 'Karen', 'Jens', 'Mette', 'Søren', 'Birgit', 'Anders', 'Lone', 'Henrik'];

async function main() {
  await withPostgresServer('bench_candles', { codes: 1, env: { TRUST_PROXY: '1' } }, async ({ server, client, codes }) => {
    const [code] = codes;

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

    // Each candle is made as it is sent: the next address, a memorial drawn at random.
    let sent = 0;
    const nextCandle = () => {
      const i = sent++ % ADDRESSES;
      return {
        method: 'POST' as const,
        path: `/api/memorials/${memorials[randomInt(memorials.length)]!.id}/candles`,
        headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ name: NAMES[i % NAMES.length], message: i % 3 === 0 ? null : 'Tænker på dig i aften.' }),
      };
    };
    // Which candles the server said it had kept, to look each of them up afterwards.
    const acknowledgedIds: string[] = [];
    const onResponse = (status: number, body: string) => {
      if (status === 201) acknowledgedIds.push((JSON.parse(body) as { id: string }).id);
    };

    /** Prints a run's figures and judges its answers and whether every candle it was told of is in the database. */
    async function report(figures: { perSecond: number; latency: { p50: number; p90: number; p99: number; max: number }; byStatus: Record<string, number | undefined>; errors: number; timeouts: number }) {
      const acknowledged = figures.byStatus['201'] ?? 0;
      const refused = figures.byStatus['429'] ?? 0;
      const other = Object.entries(figures.byStatus).filter(([status]) => status !== '201' && status !== '429');
      const { rows: stored } = await client.query<{ n: string }>(`select count(*) as n from memorial_posts where kind = 'candle' and id = any($1::uuid[])`, [acknowledgedIds]);
      const kept = Number(stored[0]!.n);
      const { p50, p90, p99, max } = figures.latency;
      process.stdout.write(
        `  ${figures.perSecond.toFixed(0)} answers/s; latency p50 ${p50} ms, p90 ${p90} ms, p99 ${p99} ms, max ${max} ms\n` +
          `  ${acknowledged.toLocaleString('da-DK')} candles acknowledged (201), ${refused.toLocaleString('da-DK')} refused by the rate limit (429)` +
          `${other.length ? `, other answers: ${other.map(([s, n]) => `${n} × ${s}`).join(', ')}` : ''}, ${figures.errors} errors, ${figures.timeouts} timeouts\n` +
          `  ${kept.toLocaleString('da-DK')} of the ${acknowledgedIds.length.toLocaleString('da-DK')} acknowledged candles found in the database by their ids\n`,
      );
      const clean = other.length === 0 && figures.errors === 0 && figures.timeouts === 0;
      const durable = acknowledgedIds.length > 0 && acknowledgedIds.length === acknowledged && kept === acknowledgedIds.length;
      acknowledgedIds.length = 0;
      return {
        p99,
        clean: [`only 201 and 429 answers (${other.length} other kinds, ${figures.errors} errors, ${figures.timeouts} timeouts)`, clean] as [string, boolean],
        durable: [`every acknowledged candle is stored (${acknowledged} acknowledged, ${kept} of them found)`, durable] as [string, boolean],
      };
    }

    process.stdout.write(`\nAll Saints' evening: ${VISITORS} visitors, each lighting a candle every ${PAUSE_MS} ms on average, for ${SECONDS} s (decision 0019) ...\n`);
    const evening = await report({
      ...(await runVisitors({ baseUrl: server.baseUrl, visitors: VISITORS, seconds: SECONDS, meanPauseMs: PAUSE_MS, next: nextCandle, onResponse })),
      timeouts: 0,
    });

    // Beyond the evening: the same 200 with no pause at all, to show the headroom. Its latency is
    // the wait of 200 requests always queued at once: printed, not judged; errors and lost candles are.
    process.stdout.write(`\nFlat out: ${VISITORS} connections with no pause, for ${FLAT_OUT_SECONDS} s ...\n`);
    const result = await runAutocannon({
      url: server.baseUrl,
      connections: VISITORS,
      duration: FLAT_OUT_SECONDS,
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...nextCandle() }), onResponse }],
    });
    const flatOut = await report({
      perSecond: result.requests.average,
      latency: result.latency,
      byStatus: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count])),
      errors: result.errors,
      timeouts: result.timeouts,
    });
    verdict([
      evening.clean,
      [`p99 ${evening.p99} ms < ${BUDGET.p99Ms} ms on the evening`, evening.p99 < BUDGET.p99Ms],
      evening.durable,
      [`flat out: ${flatOut.clean[0]}`, flatOut.clean[1]],
      [`flat out: ${flatOut.durable[0]}`, flatOut.durable[1]],
    ]);
  });
}

await main();
