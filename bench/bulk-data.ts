/**
 * Issue 27's budget for bulk data, on the production server and PostgreSQL (not a test; it prints
 * figures and exits 1 when a budget is missed): with 1,000,000 memorials, 10,000,000 codes and
 * 20,000,000 posts, the visitor's page, a QR scan, lighting a candle, the family's own page and
 * admin page, and the back office's searches answer within 1.2 × their p99 on small data.
 *
 *   npm run bench:bulk     (or: MEMORIALS=1000000 ACCOUNTS=1000000 CODES=10000000 POSTS_PER_MEMORIAL=20 ROUNDS=3 SECONDS=10 npx tsx bench/bulk-data.ts)
 *
 * Two worlds made by one recipe (bench/lib/bulk-world.ts), each in a fresh database on
 * BENCH_POSTGRES_URL's server with the production server on it: the large one at the sizes above,
 * the small one a thousandth of it (1,000 memorials, 10,000 codes, 20,000 posts). In each, a family
 * registers with a code and makes its memorial through the API (20 posts on it, 2 waiting), and an
 * admin's session is written as a login with the second factor writes it. KEEP=1 keeps the large
 * database and prints its name; BULK_DATABASE=<name> measures on such a database again instead of
 * seeding one (seeding the large world takes a quarter of an hour or more).
 *
 * The load: each operation in turn at a steady pace from a process of its own (open-loop.ts: each
 * request due at its time, its latency counted from then, to the microsecond; load-process.ts), on
 * the small world and the large one alternately, ROUNDS times, SECONDS each after a 3 s warm-up,
 * asking for rows spread over the whole world (200 memorials, 2,000 codes, 50 packages, people's
 * names drawn over every account), so the large world's indexes are read where they are cold too:
 *   - the visitor's page, GET /memorial/{slug} (a page is made once per version, decision 0009; its
 *     version is read at most once a second per memorial);
 *   - a QR scan, GET /api/qr-codes/{code}/scan, from 250 addresses (limits raised out of reach);
 *   - lighting a candle, POST /api/memorials/{id}/candles (the same);
 *   - the family's own page, GET /memorial/{slug} signed in (made on every request), and its admin
 *     page's calls in turn (the memorial, the posts waiting and those shown, the settings, the
 *     statistics);
 *   - the back office's searches: people by name, username, e-mail or code; a code looked up; a
 *     package by name.
 * The budget compares each operation's median p99 over the rounds: large ≤ 1.2 × small.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/shared/constants';
import { formatCode } from '../src/shared/qr-code';
import { number, timed } from './lib/back-office-data';
import { type WorldSample, type WorldSize, seedWorld, worldSample } from './lib/bulk-world';
import { type LoadProcess, startLoadProcess } from './lib/load-process';
import { BROWSER_HEADERS } from './lib/load';
import { createFullMemorial, registerFamily } from './lib/memorial';
import type { OpenLoopRequest } from './lib/open-loop';
import { DOMAINS, adminSession, ascii, first, last } from './lib/people';
import { POSTGRES_URL, type RunningServer, buildClient, createPostgresDatabase, median, runCli, serverLoop, startServer, verdict } from './lib/server';

const LARGE: WorldSize = {
  accounts: Number(process.env.ACCOUNTS ?? 1_000_000),
  memorials: Number(process.env.MEMORIALS ?? 1_000_000),
  codes: Number(process.env.CODES ?? 10_000_000),
  postsPerMemorial: Number(process.env.POSTS_PER_MEMORIAL ?? 20),
};
const SMALL: WorldSize = { ...LARGE, accounts: LARGE.accounts / 1000, memorials: LARGE.memorials / 1000, codes: LARGE.codes / 1000 };
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** Only the operations whose names contain one of these words (ONLY=page,searches), to look at one again. */
const ONLY = process.env.ONLY?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const BUDGET = { ratio: 1.2 };
const ADDRESSES = 250;
const OUT_OF_REACH = '100000000';

interface World {
  name: 'small' | 'large';
  size: WorldSize;
  server: RunningServer;
  client: pg.Client;
  sample: WorldSample;
  /** The family's memorial, made through the API, and its owner's cookie. */
  family: { id: string; slug: string; cookie: string };
  adminCookie: string;
  /** Ids of the sample's memorials, for the candles. */
  memorialIds: string[];
  drop(): Promise<void>;
}

interface Operation {
  name: string;
  rate: number;
  requests(world: World): OpenLoopRequest[];
}

const address = (i: number) => `10.${(i >> 8) & 255}.${i & 255}.${(i * 7) % 250}`;

/** People as staff type them: a name, a surname, the start of a username or an e-mail, a code as printed. */
function peopleSearches(world: World): string[] {
  const out: string[] = [];
  for (let i = 0; i < 200; i += 1) {
    const n = 1 + Math.floor(((i + 0.5) * world.size.accounts) / 200);
    const kind = i % 4;
    const q =
      kind === 0
        ? [`${first(n)} ${last(n)}`, last(n), `${first(n).slice(0, 3)} ${last(n).slice(0, 4)}`][i % 3]!
        : kind === 1
          ? `${first(n).toLowerCase()}${String(n).slice(0, 1 + (i % String(n).length))}`
          : kind === 2
            ? `${ascii(`${first(n)}.${last(n)}`)}${n}@${DOMAINS[n % DOMAINS.length]!.slice(0, 3)}`
            : formatCode(world.sample.codes[i % world.sample.codes.length]!);
    out.push(`/api/admin/users?q=${encodeURIComponent(q)}`);
  }
  return out;
}

const ALL_OPERATIONS: Operation[] = [
  {
    name: "the visitor's page",
    rate: 200,
    requests: (w) => w.sample.memorials.map((n) => ({ method: 'GET', path: `/memorial/bulk-${n}`, headers: BROWSER_HEADERS })),
  },
  {
    name: 'a QR scan',
    rate: 200,
    requests: (w) => w.sample.codes.map((code, i) => ({ method: 'GET', path: `/api/qr-codes/${code}/scan`, headers: { accept: 'application/json', 'x-forwarded-for': address(i % ADDRESSES) } })),
  },
  {
    name: 'lighting a candle',
    rate: 100,
    requests: (w) =>
      w.memorialIds.map((id, i) => ({
        method: 'POST',
        path: `/api/memorials/${id}/candles`,
        headers: { accept: 'application/json', 'content-type': 'application/json', origin: w.server.baseUrl, 'x-forwarded-for': address(i % ADDRESSES) },
        body: JSON.stringify({ name: first(i), message: i % 3 === 0 ? null : 'Tænker på dig i aften.' }),
      })),
  },
  {
    name: "the family's own page",
    // Made on every request (about 10 ms of the server's time): a steady 20 a second leaves it room.
    rate: 20,
    requests: (w) => [{ method: 'GET', path: `/memorial/${w.family.slug}`, headers: { ...BROWSER_HEADERS, cookie: w.family.cookie } }],
  },
  {
    name: "the family's admin page",
    rate: 100,
    requests: (w) =>
      ['', '/posts/moderation?status=pending', '/posts/moderation?status=approved', '/post-settings', '/stats'].map((tail) => ({
        method: 'GET',
        path: `/api/memorials/${w.family.id}${tail}`,
        headers: { accept: 'application/json', cookie: w.family.cookie },
      })),
  },
  {
    name: "the back office's searches",
    rate: 50,
    requests: (w) => {
      const asAdmin = { accept: 'application/json', cookie: w.adminCookie };
      const people = peopleSearches(w).map((p) => ({ method: 'GET' as const, path: p, headers: asAdmin }));
      const codes = w.sample.codes.slice(0, 100).map((code) => ({ method: 'GET' as const, path: `/api/admin/qr-codes/${code}`, headers: asAdmin }));
      const packages = w.sample.packages.map((name) => ({ method: 'GET' as const, path: `/api/admin/qr-packages?q=${encodeURIComponent(name)}`, headers: asAdmin }));
      // Interleaved, so every window asks for each kind.
      const all: OpenLoopRequest[] = [];
      for (let i = 0; i < people.length; i += 1) all.push(people[i]!, codes[i % codes.length]!, ...(i % 4 === 0 ? [packages[(i / 4) % packages.length]!] : []));
      return all;
    },
  },
];

const OPERATIONS = ONLY ? ALL_OPERATIONS.filter((operation) => ONLY.some((word) => operation.name.toLowerCase().includes(word))) : ALL_OPERATIONS;

/** A database of the world: a fresh one, or (the large world with BULK_DATABASE) one kept from an earlier run. */
async function database(name: World['name']): Promise<{ url: string; reused: boolean; drop(): Promise<void> }> {
  const kept = name === 'large' ? process.env.BULK_DATABASE : undefined;
  if (kept) {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${kept}`;
    return { url: url.toString(), reused: true, drop: async () => {} };
  }
  const made = await createPostgresDatabase(`bench_bulk_${name}`);
  const keep = name === 'large' && process.env.KEEP === '1';
  return { ...made, reused: false, drop: keep ? async () => void process.stdout.write(`The large world is kept: BULK_DATABASE=${new URL(made.url).pathname.slice(1)}\n`) : made.drop };
}

async function makeWorld(name: World['name'], size: WorldSize, clientDir: string, work: string): Promise<World> {
  process.stdout.write(`\nThe ${name} world: ${number(size.memorials)} memorials, ${number(size.accounts)} accounts, ${number(size.codes)} codes, ${number(size.memorials * size.postsPerMemorial)} posts\n`);
  const db = await database(name);
  const client = new pg.Client({ connectionString: db.url });
  let server: RunningServer | undefined;
  // Whatever goes wrong on the way, the world goes: a failed seeding leaves no database behind.
  const drop = async () => {
    await server?.stop();
    await client.end().catch(() => {});
    await db.drop();
  };
  try {
    const target = { engine: 'postgres' as const, dataDir: path.join(work, name), url: db.url };
    // Migrates the database, and gives the family the code it registers with.
    const [code] = runCli(clientDir, target, ['qr:generate', '--count', '1']).trim().split('\n');
    server = await startServer(clientDir, target, undefined, {
      TRUST_PROXY: '1',
      ...Object.fromEntries(['QR_LOOKUP_PER_IP', 'QR_VALIDATE_PER_IP', 'POSTS_PER_IP', 'POSTS_PER_MEMORIAL'].map((limit) => [`RATE_LIMIT_${limit}`, OUT_OF_REACH])),
    });
    await client.connect();
    if (db.reused) process.stdout.write(`  measured on the kept database ${process.env.BULK_DATABASE}\n`);
    else await seedWorld(client, size);
    const sample = await worldSample(client, size);

    const session = await registerFamily(server.baseUrl, code!, `bulk${name}${randomBytes(2).toString('hex')}`);
    const memorial = await createFullMemorial(server.baseUrl, session);
    await client.query(
      `insert into memorial_posts (memorial_id, kind, status, name, message, created_at, decided_at)
       select $1, (array['candle','candle','candle','guestbook','memory'])[1 + p % 5], case when p <= 2 then 'pending' else 'approved' end,
              'Besøgende ' || p, case when p % 5 > 2 then 'Tak for alt. Vi savner dig.' end, now() - p * interval '1 day', case when p > 2 then now() - p * interval '1 day' end
       from generate_series(1, 20) as p`,
      [memorial.id],
    );
    const { rows } = await client.query<{ id: string }>(`select id from memorials where slug = any($1::text[])`, [sample.memorials.map((n) => `bulk-${n}`)]);
    return {
      name,
      size,
      server,
      client,
      sample,
      family: { id: memorial.id, slug: memorial.slug, cookie: `${SESSION_COOKIE}=${session}` },
      adminCookie: await adminSession(client, randomBytes(4).toString('hex')),
      memorialIds: rows.map((r) => r.id),
      drop,
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

interface Reading {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failed: number;
  /** The server's event loop, late at most this much in the window: a stall of the server's own, not the database's. */
  lagMaxMs: number;
  /** The load's own event loop, late at most this much: a stall of the measuring side, not the server's. */
  loadLagMs: number;
}

async function measure(load: LoadProcess, world: World, operation: Operation): Promise<Reading> {
  const requests = operation.requests(world);
  const base = { url: world.server.baseUrl, headers: {}, requests, rate: operation.rate, connections: 20 };
  await load.run({ ...base, seconds: WARMUP_SECONDS });
  await serverLoop(world.server.baseUrl);
  const run = await load.run({ ...base, seconds: SECONDS });
  const { lagMaxMs } = await serverLoop(world.server.baseUrl);
  return { p50: run.figures.p50, p99: run.figures.p99, max: run.figures.max, requests: run.figures.requests, failed: run.figures.non2xx + run.figures.errors, lagMaxMs, loadLagMs: run.ownLagMaxMs };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  const worlds: World[] = [];
  const load = startLoadProcess();
  try {
    process.stdout.write('Bygger klienten (vite build) ...\n');
    const clientDir = buildClient(work);
    worlds.push(await makeWorld('small', SMALL, clientDir, work));
    await timed('the large world, made and ready', async () => void worlds.push(await makeWorld('large', LARGE, clientDir, work)));

    const readings = new Map<string, Record<World['name'], Reading[]>>(OPERATIONS.map((op) => [op.name, { small: [], large: [] }]));
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stdout.write(`\nRound ${round + 1} of ${ROUNDS} (${SECONDS} s each, after ${WARMUP_SECONDS} s of warm-up):\n`);
      for (const operation of OPERATIONS) {
        // Which world goes first alternates, so neither always follows the other's work.
        for (const world of round % 2 === 0 ? worlds : [...worlds].reverse()) {
          const reading = await measure(load, world, operation);
          readings.get(operation.name)![world.name].push(reading);
          process.stdout.write(
            `  ${operation.name}, ${world.name}: ${operation.rate}/s, p50 ${ms(reading.p50)}, p99 ${ms(reading.p99)}, max ${ms(reading.max)}, the server late at most ${ms(reading.lagMaxMs)}, the load ${ms(reading.loadLagMs)} (${number(reading.requests)} answers${reading.failed ? `, ${reading.failed} FAILED` : ''})\n`,
          );
        }
      }
    }

    const { rows } = await worlds[1]!.client.query<{ memorials: string; codes: string; posts: string; accounts: string }>(
      `select (select count(*) from memorials) as memorials, (select count(*) from qr_codes) as codes, (select count(*) from memorial_posts) as posts, (select count(*) from users) as accounts`,
    );
    process.stdout.write(`\nThe large world at the end: ${number(Number(rows[0]!.memorials))} memorials, ${number(Number(rows[0]!.codes))} codes, ${number(Number(rows[0]!.posts))} posts, ${number(Number(rows[0]!.accounts))} accounts\n`);
    // KEEP=1 ROUNDS=0 only seeds a world to measure on later: there is nothing to judge.
    if (ROUNDS === 0) return;
    process.stdout.write(`\nEach operation's p99, the median of ${ROUNDS} rounds, small → large:\n`);
    const lines: [string, boolean][] = [];
    for (const operation of OPERATIONS) {
      const { small, large } = readings.get(operation.name)!;
      const [a, b] = [median(small.map((r) => r.p99)), median(large.map((r) => r.p99))];
      const failed = [...small, ...large].reduce((sum, r) => sum + r.failed, 0);
      process.stdout.write(`  ${operation.name}: ${ms(a)} → ${ms(b)} (× ${(b / a).toFixed(2)}); rounds ${small.map((r, i) => `${r.p99.toFixed(1)} → ${large[i]!.p99.toFixed(1)}`).join(', ')}\n`);
      lines.push([`${operation.name}: p99 ${ms(b)} on the large world, ≤ ${BUDGET.ratio} × ${ms(a)} on the small one (× ${(b / a).toFixed(2)})`, b <= BUDGET.ratio * a]);
      lines.push([`${operation.name}: every request answered 2xx (${failed} not)`, failed === 0]);
    }
    verdict(lines);
  } finally {
    load.stop();
    for (const world of worlds) await world.drop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
