/**
 * Issue 4's budget for the server: the production server answers a memorial page (GET
 * /memorial/{slug}: the app's HTML with the memorial, its gallery and its preview tags written in)
 * at p99 under 50 ms with 50 concurrent connections, on the embedded database and on PostgreSQL.
 * A benchmark, not a test: it prints requests/s and p50/p90/p99 for both.
 *
 *   npm run bench:memorial-load      (or: PHOTOS=40 SECONDS=30 npx tsx bench/memorial-load.ts)
 *
 * Builds the client into a temporary directory; for each database starts `src/server/main.ts`
 * (NODE_ENV=production) on a free loopback port with a fresh database (a temporary DATA_DIR, and
 * a database bench_memorial_<pid>_… made on BENCH_POSTGRES_URL's server and dropped afterwards),
 * registers a family with a QR code, creates a memorial with every field and PHOTOS photos
 * (default 20) uploaded through the API, warms up, then measures with autocannon. Exits 1 when a
 * budget is missed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEMORIAL_DATA_ELEMENT_ID } from '../src/shared/memorials';
import { type LoadFigures, formatLoad, measureLoad } from './lib/load';
import { createFullMemorial, registerFamily, uploadPhotos } from './lib/memorial';
import { type Database, buildClient, createPostgresDatabase, runCli, startServer, verdict } from './lib/server';

const PHOTOS = Number(process.env.PHOTOS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 20);
const CONNECTIONS = 50;
const BUDGET = { p99Ms: 50 };

/** Starts a server on `database`, sets up the memorial, measures its page, stops the server. */
async function measureOn(label: string, clientDir: string, database: Database): Promise<LoadFigures> {
  process.stdout.write(`\n${label}:\n`);
  const [qrCode] = runCli(clientDir, database, ['qr:generate', '--count', '1']).trim().split('\n');
  const server = await startServer(clientDir, database);
  try {
    const session = await registerFamily(server.baseUrl, qrCode!, database.engine);
    const memorial = await uploadPhotos(server.baseUrl, session, await createFullMemorial(server.baseUrl, session), PHOTOS);
    const url = `${server.baseUrl}/memorial/${memorial.slug}`;
    // The page must be the real one (the memorial written in), or the figures measure an error page.
    const page = await fetch(url);
    const html = await page.text();
    if (page.status !== 200 || !html.includes(`id="${MEMORIAL_DATA_ELEMENT_ID}"`) || memorial.media.length !== PHOTOS) {
      throw new Error(`GET /memorial/${memorial.slug} answered ${page.status} without the memorial and its ${PHOTOS} photos`);
    }
    process.stdout.write(`  /memorial/${memorial.slug}: ${(html.length / 1024).toFixed(1)} KB of HTML with ${memorial.media.length} photos written in\n`);
    process.stdout.write(`  autocannon, ${CONNECTIONS} connections: 5 s warm-up, then ${SECONDS} s measured ...\n`);
    const figures = await measureLoad(url, { connections: CONNECTIONS, seconds: SECONDS });
    process.stdout.write(formatLoad(label, figures));
    return figures;
  } finally {
    await server.stop();
  }
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  const postgres = await createPostgresDatabase('bench_memorial');
  try {
    process.stdout.write('Bygger klienten (vite build) ...\n');
    const clientDir = buildClient(work);
    const embedded = await measureOn('embedded database (PGlite)', clientDir, { engine: 'pglite', dataDir: path.join(work, 'data-pglite') });
    const server = await measureOn('PostgreSQL', clientDir, { engine: 'postgres', dataDir: path.join(work, 'data-postgres'), url: postgres.url });

    const line = (name: string, f: LoadFigures) =>
      [`${name}: p99 ${f.p99} ms < ${BUDGET.p99Ms} ms (${f.requestsPerSecond.toFixed(0)} requests/s, every answer 200)`, f.p99 < BUDGET.p99Ms && f.non2xx === 0 && f.errors === 0] as const;
    verdict([line('embedded database', embedded), line('PostgreSQL', server)]);
  } finally {
    await postgres.drop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
