/**
 * Issue 25's budget for the AI extras' job queue, on the production build and PostgreSQL (not a
 * test; it prints figures and exits 1 when a budget is missed): TRIES (default 100) animated
 * greetings against a fake prediction API that takes 1–30 s each (FAKE_MIN_MS, FAKE_MAX_MS), made
 * by two server instances on one database, both running their job workers (each in a child
 * process at a lower priority: JOBS_PROCESS=1, the default here). None is lost (every
 * try ends made), none runs twice (one prediction per try, none for the same portrait twice, every
 * step's job run once), and the web server's p99 is unaffected: within 10 % of the same load with
 * no jobs running.
 *
 *   npm run bench:ai-jobs      (or: TRIES=100 SECONDS=30 CONNECTIONS=50 PHOTOS=20 [RATE=2000] npx tsx bench/ai-jobs.ts)
 *
 * The set-up: the client built into a temporary directory; a fresh database bench_ai_jobs_<pid>_…
 * on BENCH_POSTGRES_URL's server, dropped afterwards; the fake providers
 * (tests/support/fake-ai-main.ts) as a process of their own; two production servers (A, then B,
 * so only one migrates) with AI_VIDEO_* (and AI_LYRICS_*, AI_MUSIC_*) pointing at the fake and one
 * DATA_DIR between them, as two instances share one bucket (the portrait is read by whichever
 * instance takes the try's first step). The visited memorial: a family registered with a QR code,
 * a memorial with every field and PHOTOS photos uploaded through A's API (as bench:memorial-load).
 * The families who make greetings: TRIES accounts, sessions and memorials written in SQL, each
 * memorial's portrait uploaded through the API (every one its own colour, so no two predictions
 * have the same input), and a paid animated_greeting order each, inserted as a paid order stands
 * (tests/support/ai-app.ts).
 *
 * Then, with autocannon on GET /memorial/{slug} at A (CONNECTIONS connections, browser headers):
 * first with no jobs, 5 s warm-up and SECONDS measured; then 5 s warm-up, in whose last seconds
 * every family presses "Lav hilsenen" (POST /api/memorials/{id}/ai/greetings), half at A and half
 * at B, and SECONDS measured as the tries run: the burst of 100 requests that starts them is not
 * the jobs' cost, their submissions, polls, files and e-mails are. Afterwards the database is read every second until every try has ended, and
 * the fake is asked what it made; then the load with no jobs once more, not judged, to show how
 * far two runs alike differ on this machine. The load is flat out, as bench:memorial-load's, unless
 * RATE sets the requests a second in all (autocannon's overallRate): two cores shared by two
 * servers, PostgreSQL, the fake and autocannon are all busy flat out, so there the page's latency
 * also counts the CPU the other instance and the fake take, not only what the jobs cost A.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../src/shared/constants';
import { MEMORIAL_DATA_ELEMENT_ID } from '../src/shared/memorials';
import { AI_STEP } from '../src/server/ai/steps';
import { SEND_MAIL } from '../src/server/lib/mail';
import { hashToken } from '../src/server/lib/tokens';
import { startFakeAiProcess } from './lib/fake-ai';
import { type LoadFigures, formatLoad, runAutocannon } from './lib/load';
import { cpuSeconds, cpuWindow, formatCpuWindow } from './lib/machine-cpu';
import { createFullMemorial, registerFamily, uploadPhotos } from './lib/memorial';
import { type RunningServer, buildClient, createPostgresDatabase, runCli, startServer, verdict } from './lib/server';

const TRIES = Number(process.env.TRIES ?? 100);
const SECONDS = Number(process.env.SECONDS ?? 30);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
/** Requests a second in all, paced (autocannon's overallRate); flat out, as bench:memorial-load, when unset. */
const RATE = process.env.RATE ? Number(process.env.RATE) : undefined;
const PHOTOS = Number(process.env.PHOTOS ?? 20);
const FAKE_MIN_MS = Number(process.env.FAKE_MIN_MS ?? 1000);
const FAKE_MAX_MS = Number(process.env.FAKE_MAX_MS ?? 30_000);
const WARMUP_SECONDS = 5;
/** How long every try may take to end before the bench gives up waiting (and counts the rest lost). */
const WAIT_LIMIT_MS = 10 * 60_000;
const BUDGET = { p99Ratio: 1.1 };
const VIDEO_MODEL = 'fake/animate';
const MUSIC_MODEL = 'fake/music';

/** What a phone's browser sends for the page (as bench/lib/load.ts). */
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'da-DK,da;q=0.9',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

const ENDED = ['succeeded', 'failed', 'cancelled'];

interface Family {
  index: number;
  cookie: string;
  memorialId: string;
  photoId: string;
  orderId: string;
  /** The instance the family's browser reaches. */
  server: RunningServer;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const machine = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')}`;

function loadFigures(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

const SLICE_SECONDS = 5;

/**
 * autocannon for `seconds`, with each answer's latency also kept by when it came, so the p99 of
 * every SLICE_SECONDS shows whether the tail comes from one moment (the presses, the submissions)
 * or from all the while.
 */
async function measure(options: autocannon.Options & { duration: number }): Promise<{ figures: LoadFigures; slices: number[] }> {
  const byTime: number[][] = [];
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      const slice = Math.floor((Date.now() - started) / 1000 / SLICE_SECONDS);
      (byTime[slice] ??= []).push(responseTime);
    });
  });
  return { figures: loadFigures(result), slices: byTime.filter((values) => values.length > 0).map((values) => percentile(values, 99)) };
}

const formatSlices = (slices: number[]) => `  p99 of each ${SLICE_SECONDS} s in turn: ${slices.map((ms) => ms.toFixed(0)).join(', ')} ms\n`;

/** A portrait of its own colour: no two families' pictures, and so no two predictions' inputs, alike. */
async function portrait(index: number): Promise<Buffer> {
  const background = { r: 40 + (index % 10) * 20, g: 40 + (Math.floor(index / 10) % 10) * 20, b: 60 + (Math.floor(index / 100) % 10) * 20 };
  const face = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><ellipse cx="240" cy="260" rx="120" ry="160" fill="#e8c4a0"/></svg>`);
  return sharp({ create: { width: 480, height: 600, channels: 3, background } })
    .composite([{ input: face }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploadPortrait(server: RunningServer, cookie: string, memorialId: string, jpeg: Buffer): Promise<string> {
  const form = new FormData();
  form.append('caption', 'Portræt');
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'portraet.jpg');
  const response = await fetch(`${server.baseUrl}/api/memorials/${memorialId}/media`, { method: 'POST', headers: { origin: server.baseUrl, accept: 'application/json', cookie }, body: form });
  const body = (await response.json()) as { id: string; message?: string };
  if (response.status !== 201) throw new Error(`uploading a portrait: ${response.status} ${body.message}`);
  return body.id;
}

/** The families, their memorials and portraits, and a paid order for a greeting each. */
async function makeFamilies(client: pg.Client, servers: [RunningServer, RunningServer]): Promise<Family[]> {
  const families: Omit<Family, 'photoId' | 'orderId'>[] = [];
  for (let i = 0; i < TRIES; i += 1) {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await client.query<{ memorial_id: string }>(
      `with u as (
         insert into users (username, email, full_name, password_hash) values ($1, $2, $3, 'x') returning id
       ), s as (
         insert into sessions (token_hash, user_id, expires_at) select $4, id, now() + interval '1 day' from u
       ), m as (
         insert into memorials (slug, name, created_by) select $5, $6, id from u returning id
       ), o as (
         insert into memorial_members (memorial_id, user_id, role) select m.id, u.id, 'owner' from m, u
       )
       select m.id as memorial_id from u, m`,
      [`bench-hilsen-${i}`, `hilsen-${i}@bench.invalid`, `Familien Hilsen ${i}`, hashToken(token), `bench-hilsen-mindeside-${i}`, `Karen Hilsen ${i}`],
    );
    families.push({ index: i, cookie: `${SESSION_COOKIE}=${token}`, memorialId: rows[0]!.memorial_id, server: servers[i % 2]! });
  }
  // Uploaded through the API (the server makes the variants the greeting's step reads), two at a
  // time, each at the instance its family reaches.
  const started = Date.now();
  const photoIds: string[] = new Array<string>(TRIES);
  let next = 0;
  const worker = async () => {
    while (next < families.length) {
      const family = families[next++]!;
      photoIds[family.index] = await uploadPortrait(family.server, family.cookie, family.memorialId, await portrait(family.index));
      if ((family.index + 1) % 10 === 0) process.stdout.write(`\r  ${family.index + 1}/${TRIES} portraits uploaded (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  };
  await Promise.all([worker(), worker()]);
  process.stdout.write('\n');
  const complete: Family[] = [];
  for (const family of families) {
    const { rows } = await client.query<{ id: string }>(
      `insert into orders (kind, status, user_id, memorial_id, payment_method, idempotency_key, total_ore, buyer_name, buyer_email, details, paid_at)
       select 'animated_greeting', 'paid', m.user_id, m.memorial_id, 'bank_transfer', $2, 14900, u.full_name, u.email, $3::jsonb, now()
       from memorial_members m join users u on u.id = m.user_id where m.memorial_id = $1
       returning id`,
      [family.memorialId, randomBytes(16).toString('hex'), JSON.stringify({ kind: 'animated_greeting', productSlug: 'animeret-hilsen' })],
    );
    complete.push({ ...family, photoId: photoIds[family.index]!, orderId: rows[0]!.id });
  }
  return complete;
}

/** The family presses "Lav hilsenen". */
async function startGreeting(family: Family): Promise<{ status: number; id: string | null; message?: string }> {
  const response = await fetch(`${family.server.baseUrl}/api/memorials/${family.memorialId}/ai/greetings`, {
    method: 'POST',
    headers: { origin: family.server.baseUrl, accept: 'application/json', 'content-type': 'application/json', cookie: family.cookie },
    body: JSON.stringify({ orderId: family.orderId, portraitMediaId: family.photoId, message: 'Vi savner dig hver dag. Tak for alt, mor.', likenessConsent: true }),
  });
  const body = (await response.json()) as { id?: string; message?: string };
  return { status: response.status, id: body.id ?? null, message: body.message };
}

interface TryRow {
  id: string;
  status: string;
  attempts: number;
  polls: number;
  turn: number;
  prediction_id: string | null;
  last_error: string | null;
  seconds: number | null;
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  const database = await createPostgresDatabase('bench_ai_jobs');
  const client = new pg.Client({ connectionString: database.url });
  const servers: RunningServer[] = [];
  let fake: Awaited<ReturnType<typeof startFakeAiProcess>> | undefined;
  try {
    process.stdout.write(`${cpus().length} cores, ${machine()} at the start\n`);
    process.stdout.write('Bygger klienten (vite build) ...\n');
    const clientDir = buildClient(work);
    fake = await startFakeAiProcess({ minMs: FAKE_MIN_MS, maxMs: FAKE_MAX_MS });
    process.stdout.write(`The fake providers (pid ${fake.pid}): predictions at ${fake.predictionsUrl}, each taking ${FAKE_MIN_MS / 1000}–${FAKE_MAX_MS / 1000} s at random\n`);
    const env = {
      AI_VIDEO_URL: fake.predictionsUrl,
      AI_VIDEO_KEY: fake.key,
      AI_VIDEO_MODEL: VIDEO_MODEL,
      AI_LYRICS_URL: fake.chatUrl,
      AI_LYRICS_KEY: fake.key,
      AI_LYRICS_MODEL: 'fake-chat-1',
      AI_MUSIC_URL: fake.predictionsUrl,
      AI_MUSIC_KEY: fake.key,
      AI_MUSIC_MODEL: MUSIC_MODEL,
      // Each instance runs its jobs in a child at a lower priority (jobs-process.ts), as production
      // on PostgreSQL should; JOBS_PROCESS=0 runs them in the web process, to compare.
      JOBS_PROCESS: process.env.JOBS_PROCESS ?? '1',
    };
    // One DATA_DIR for both: the media on disk is what a shared bucket is to two real instances.
    const target = { engine: 'postgres' as const, dataDir: path.join(work, 'data'), url: database.url };
    const [qrCode] = runCli(clientDir, target, ['qr:generate', '--count', '1']).trim().split('\n');
    // One after the other, so only the first brings the schema up to date.
    servers.push(await startServer(clientDir, target, undefined, env));
    servers.push(await startServer(clientDir, target, undefined, env));
    const [a, b] = servers as [RunningServer, RunningServer];
    process.stdout.write(`Two production servers on one database: A ${a.baseUrl} (pid ${a.pid}), B ${b.baseUrl} (pid ${b.pid}), both running the job queue\n`);
    await client.connect();

    process.stdout.write(`\nThe visited memorial, ${PHOTOS} photos through A's API:\n`);
    const session = await registerFamily(a.baseUrl, qrCode!, 'aijobs');
    const memorial = await uploadPhotos(a.baseUrl, session, await createFullMemorial(a.baseUrl, session), PHOTOS);
    const url = `${a.baseUrl}/memorial/${memorial.slug}`;
    const page = await fetch(url);
    const html = await page.text();
    if (page.status !== 200 || !html.includes(`id="${MEMORIAL_DATA_ELEMENT_ID}"`)) throw new Error(`GET /memorial/${memorial.slug} answered ${page.status} without the memorial`);
    process.stdout.write(`  /memorial/${memorial.slug}: ${(html.length / 1024).toFixed(1)} KB of HTML\n`);

    process.stdout.write(`\n${TRIES} families, each with a memorial, its own portrait and a paid greeting order:\n`);
    const families = await makeFamilies(client, [a, b]);
    const overview = await fetch(`${a.baseUrl}/api/memorials/${families[0]!.memorialId}/ai`, { headers: { cookie: families[0]!.cookie, accept: 'application/json' } });
    if (!overview.ok) throw new Error(`GET /api/memorials/…/ai answered ${overview.status}`);

    const waiting = async () =>
      Number((await client.query<{ n: string }>(`select count(*) as n from jobs where done_at is null and failed_at is null`)).rows[0]!.n);
    const base = { url, connections: CONNECTIONS, headers: BROWSER_HEADERS, ...(RATE ? { overallRate: RATE } : {}) };
    const pace = RATE ? `${RATE} requests/s in all` : 'flat out';

    process.stdout.write(`\nNo jobs running (${await waiting()} jobs waiting): autocannon at A, ${CONNECTIONS} connections ${pace}, ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured ...\n`);
    const ours = [a.pid, b.pid, fake.pid];
    const cores = cpus().length;
    await runAutocannon({ ...base, duration: WARMUP_SECONDS });
    let window = cpuWindow(ours);
    const { figures: baseline, slices: baselineSlices } = await measure({ ...base, duration: SECONDS });
    const baselineCpu = window();
    process.stdout.write(formatLoad('no jobs', baseline));
    process.stdout.write(formatSlices(baselineSlices));
    process.stdout.write(`  ${formatCpuWindow(baselineCpu, SECONDS, cores)}\n`);

    const fakeBefore = await fake.stats();
    if (fakeBefore.creates !== 0) throw new Error(`the fake made ${fakeBefore.creates} predictions before the tries started`);
    process.stdout.write(`\n${TRIES} tries started at the end of a ${WARMUP_SECONDS} s warm-up (half at A, half at B), then the same load at A measured while they run ...\n`);
    // The presses are requests, not jobs: they come in the warm-up's last seconds, so the measured
    // window holds the tries' own work (submissions, polls, files, e-mails) from its first second.
    const warmUp = runAutocannon({ ...base, duration: WARMUP_SECONDS });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, WARMUP_SECONDS - 2) * 1000));
    const cpuBefore = [cpuSeconds(a.pid), cpuSeconds(b.pid), cpuSeconds(fake.pid)];
    const t0 = Date.now();
    const answers = await Promise.all(families.map((family) => startGreeting(family)));
    const startMs = Date.now() - t0;
    await warmUp;
    window = cpuWindow(ours);
    const tWindow = Date.now();
    const { figures: loaded, slices: loadedSlices } = await measure({ ...base, duration: SECONDS });
    const loadedCpu = window();
    const windowMs = Date.now() - tWindow;
    const accepted = answers.filter((answer) => answer.status === 202 && answer.id);
    process.stdout.write(`  ${accepted.length} of ${TRIES} tries answered 202 in ${startMs} ms (A ${answers.filter((x, i) => i % 2 === 0 && x.status === 202).length}, B ${answers.filter((x, i) => i % 2 === 1 && x.status === 202).length})\n`);
    for (const other of answers.filter((answer) => answer.status !== 202).slice(0, 3)) process.stdout.write(`  answered ${other.status}: ${other.message}\n`);
    const endedInWindow = Number(
      (await client.query<{ n: string }>(`select count(*) as n from ai_generations where status = any($1) and finished_at <= $2`, [ENDED, new Date(tWindow + windowMs)])).rows[0]!.n,
    );
    const statsInWindow = await fake.stats();
    process.stdout.write(formatLoad(`with ${TRIES} tries running`, loaded));
    process.stdout.write(formatSlices(loadedSlices));
    process.stdout.write(`  ${formatCpuWindow(loadedCpu, windowMs / 1000, cores)}\n`);
    process.stdout.write(`  in the measured ${(windowMs / 1000).toFixed(1)} s: ${statsInWindow.creates} predictions created at the fake, ${endedInWindow} tries ended\n`);

    process.stdout.write(`\nWaiting for every try to end (the database read every second) ...\n`);
    let rows: TryRow[] = [];
    for (;;) {
      ({ rows } = await client.query<TryRow>(
        `select id, status, attempts, polls, turn, prediction_id, last_error,
                extract(epoch from finished_at - created_at)::float8 as seconds
         from ai_generations`,
      ));
      const ended = rows.filter((row) => ENDED.includes(row.status)).length;
      process.stdout.write(`\r  ${ended}/${rows.length} ended after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      if (ended === rows.length || Date.now() - t0 > WAIT_LIMIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const wallMs = Date.now() - t0;
    process.stdout.write('\n');
    const cpuUsed = [cpuSeconds(a.pid), cpuSeconds(b.pid), cpuSeconds(fake.pid)].map((after, i) => after - cpuBefore[i]!);

    const byStatus = (status: string) => rows.filter((row) => row.status === status).length;
    const succeeded = byStatus('succeeded');
    const failed = byStatus('failed');
    const unfinished = rows.filter((row) => !ENDED.includes(row.status)).length;
    const attempts = rows.map((row) => row.attempts);
    const polls = rows.map((row) => row.polls);
    const seconds = rows.filter((row) => row.seconds !== null).map((row) => row.seconds!);
    const stats = await fake.stats();
    const images = Object.values(stats.byImage);
    const imagesTwice = images.filter((n) => n > 1).length;
    const predictionIds = new Set(rows.map((row) => row.prediction_id).filter(Boolean));
    const jobs = (
      await client.query<{ kind: string; n: string; done: string; failed: string; open: string; claimed_again: string; max_attempts: number }>(
        `select kind, count(*) as n, count(done_at) as done, count(failed_at) as failed,
                count(*) filter (where done_at is null and failed_at is null) as open,
                count(*) filter (where attempts > 1) as claimed_again, max(attempts) as max_attempts
         from jobs where kind = any($1) and created_at >= $2 group by kind`,
        [[AI_STEP, SEND_MAIL], new Date(t0 - 1000)],
      )
    ).rows;
    const steps = jobs.find((row) => row.kind === AI_STEP);
    const mails = jobs.find((row) => row.kind === SEND_MAIL);
    const turns = sum(rows.map((row) => row.turn));

    process.stdout.write(
      `  ${rows.length} tries: ${succeeded} succeeded, ${failed} failed, ${byStatus('cancelled')} cancelled, ${unfinished} not ended; all ended after ${(wallMs / 1000).toFixed(1)} s\n` +
        `  a try from "Lav hilsenen" to its end: p50 ${percentile(seconds, 50).toFixed(1)} s, p99 ${percentile(seconds, 99).toFixed(1)} s, max ${Math.max(...seconds).toFixed(1)} s\n` +
        `  submissions (attempts) per try: sum ${sum(attempts)}, max ${Math.max(...attempts)}; polls per try: sum ${sum(polls)}, max ${Math.max(...polls)}; turns (steps taken) sum ${turns}\n`,
    );
    for (const row of rows.filter((r) => r.last_error || r.status !== 'succeeded').slice(0, 5)) process.stdout.write(`  try ${row.id}: ${row.status}, attempts ${row.attempts}, last error ${row.last_error}\n`);
    process.stdout.write(
      `  the fake: ${stats.creates} predictions created, for ${images.length} distinct portraits, ${imagesTwice} portraits more than once` +
        ` (by the fake's own key, the prompt or message: ${Object.keys(stats.byInput).length} distinct, which is 1 for ${TRIES} greetings of one prompt)\n` +
        `  prediction ids in the database: ${predictionIds.size} distinct\n` +
        `  jobs ${AI_STEP}: ${steps?.n ?? 0} (${steps?.done ?? 0} done, ${steps?.failed ?? 0} failed, ${steps?.open ?? 0} open, ${steps?.claimed_again ?? 0} claimed more than once, at most ${steps?.max_attempts ?? 0} claims)` +
        `; ${SEND_MAIL}: ${mails?.n ?? 0} (the families told, ${mails?.done ?? 0} sent)\n` +
        `  CPU used from the first press to the last try's end: A ${cpuUsed[0]!.toFixed(1)} s (serving the load too), B ${cpuUsed[1]!.toFixed(1)} s, the fake ${cpuUsed[2]!.toFixed(1)} s\n`,
    );

    // The same again with every try ended: how far two runs with no jobs differ on this machine.
    process.stdout.write(`\nNo jobs running again (${await waiting()} jobs waiting), the same load, not judged: how much two runs differ ...\n`);
    await runAutocannon({ ...base, duration: WARMUP_SECONDS });
    window = cpuWindow(ours);
    const { figures: after, slices: afterSlices } = await measure({ ...base, duration: SECONDS });
    const afterCpu = window();
    process.stdout.write(formatLoad('no jobs, afterwards', after));
    process.stdout.write(formatSlices(afterSlices));
    process.stdout.write(`  ${formatCpuWindow(afterCpu, SECONDS, cores)}\n`);
    process.stdout.write(`\nThe machine afterwards: ${machine()}\n`);

    const ratio = baseline.p99 > 0 ? loaded.p99 / baseline.p99 : Infinity;
    const clean = (f: LoadFigures) => f.non2xx === 0 && f.errors === 0;
    verdict([
      [`every try started: ${accepted.length} of ${TRIES} answered 202`, accepted.length === TRIES],
      [`none lost: ${succeeded} of ${TRIES} ended made (${failed} failed, ${unfinished} not ended)`, succeeded === TRIES && rows.length === TRIES],
      [
        `none run twice: ${stats.creates} predictions for ${TRIES} tries, ${imagesTwice} portraits sent twice, ${predictionIds.size} distinct prediction ids`,
        stats.creates === TRIES && images.length === TRIES && imagesTwice === 0 && predictionIds.size === TRIES,
      ],
      [
        `every step's job run once: ${steps?.n ?? 0} jobs for ${turns} turns, ${steps?.claimed_again ?? 0} claimed again, ${steps?.failed ?? 0} failed; ${mails?.n ?? 0} e-mails for ${TRIES} tries`,
        Number(steps?.n ?? 0) === turns && Number(steps?.claimed_again ?? 0) === 0 && Number(steps?.failed ?? 0) === 0 && Number(mails?.n ?? 0) === succeeded + failed,
      ],
      [
        `the page's p99 with the tries running within 10 % of none: ${loaded.p99} ms against ${baseline.p99} ms (${((ratio - 1) * 100).toFixed(0)} %; p50 ${loaded.p50} against ${baseline.p50} ms, ${loaded.requestsPerSecond.toFixed(0)} against ${baseline.requestsPerSecond.toFixed(0)} requests/s; no jobs again afterwards p99 ${after.p99} ms; other work on the machine ${baselineCpu.others.toFixed(1)} and ${loadedCpu.others.toFixed(1)} CPU-s in the two windows)`,
        ratio <= BUDGET.p99Ratio && clean(baseline) && clean(loaded),
      ],
    ]);
  } finally {
    for (const server of servers) await server.stop();
    await fake?.stop();
    await client.end().catch(() => {});
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
