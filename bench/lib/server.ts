/**
 * The production server as the benchmarks run it: the client built into a temporary directory,
 * the server's bundle (dist/server/main.mjs, as `npm start` runs it) with NODE_ENV=production on a
 * free loopback port, on a fresh embedded database or on a fresh PostgreSQL database that is
 * dropped afterwards. Shared by every script
 * under bench/, so each measures the same server a family's phone would reach.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const bundle = (name: 'main' | 'cli') => path.join(ROOT, `dist/server/${name}.mjs`);
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The PostgreSQL server the PostgreSQL figures are measured on (a database of our own is made on it). */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * As `npm run build`: the browser's client into `work/client`, beside it the landing page's
 * prerender, and the server's bundle (into dist/server, where it finds the project's folder).
 */
export function buildClient(work: string): string {
  const clientDir = path.join(work, 'client');
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  for (const args of [['--outDir', clientDir], ['--ssr', '--outDir', path.join(work, 'ssr')]]) {
    const build = spawnSync(vite, ['build', ...args, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build ${args.join(' ')} failed`);
  }
  const server = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (server.status !== 0) throw new Error('scripts/build-server.mjs failed');
  return clientDir;
}

/** Where the server keeps its data: DATA_DIR (embedded database, media files), and a database URL for PostgreSQL. */
export interface Database {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  /** Set for PostgreSQL. */
  url?: string;
}

/** A fresh database on the PostgreSQL server, e.g. bench_memorial_<pid>_<random>; `drop` removes it. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export function serverEnv(clientDir: string, database: Database, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    TWO_FACTOR_KEY: 'a6f1c0d2e3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: database.dataDir,
    CLIENT_DIR: clientDir,
    // Empty counts as unset, and keeps a .env file from supplying one.
    DATABASE_URL: database.url ?? '',
    // Production refuses to start without SMTP and, on PostgreSQL, without a bucket unless told
    // these are meant (config.ts): a benchmark sends no mail anywhere and runs one server.
    MAIL_TO_FILES: '1',
    MEDIA_ON_LOCAL_DISK: '1',
    LOG_LEVEL: 'warn',
    // A benchmark's own registrations and logins all come from 127.0.0.1.
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    ...extra,
  };
}

/**
 * Runs the operator CLI on the database (before the server starts: the embedded database admits
 * one process) and returns its stdout.
 */
export function runCli(clientDir: string, database: Database, args: string[]): string {
  const result = spawnSync(process.execPath, ['--enable-source-maps', bundle('cli'), ...args], { cwd: ROOT, env: serverEnv(clientDir, database, 0), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

/**
 * The operator CLI as a process of its own, for a bench that watches it (its memory, its time):
 * resolves with its stdout when it ends well, rejects with its stderr when not.
 */
export function spawnCli(clientDir: string, database: Database, args: string[]): { child: ChildProcess; done: Promise<string> } {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle('cli'), ...args], { cwd: ROOT, env: serverEnv(clientDir, database, 0), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`cli ${args[0]} failed (${code}): ${stderr}`))));
  });
  return { child, done };
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the production server and waits until /api/health answers. `nodeArgs` go to its node,
 * e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a request's time goes
 * (written when the server stops).
 */
export async function startServer(
  clientDir: string,
  database: Database,
  nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  /** More of the server's environment (a benchmark's own limits). */
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  // Its own process group, so stopping it stops everything it started.
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', bundle('main')], { cwd: ROOT, env: serverEnv(clientDir, database, port, env), stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the server did not start');
}

export interface PostgresBench {
  server: RunningServer;
  /** A connection of the benchmark's own to the server's database, for writing fixtures and counting. */
  client: pg.Client;
  /** Fresh QR codes made by the CLI before the server started. */
  codes: string[];
  /** The server's DATA_DIR: its media are under media/ (the disk storage). */
  dataDir: string;
}

/**
 * What the PostgreSQL benches share: the client built into a temporary directory, a fresh database
 * with `codes` QR codes, the production server with `env` on it, and the bench's own connection;
 * all of it stopped, dropped and removed afterwards, whatever `run` does.
 */
export async function withPostgresServer(name: string, options: { codes: number; env?: Record<string, string> }, run: (bench: PostgresBench) => Promise<void>): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-'));
  const database = await createPostgresDatabase(name);
  const client = new pg.Client({ connectionString: database.url });
  let server: RunningServer | undefined;
  try {
    process.stdout.write('Bygger klienten (vite build) ...\n');
    const clientDir = buildClient(work);
    const target = { engine: 'postgres' as const, dataDir: path.join(work, 'data'), url: database.url };
    const codes = options.codes > 0 ? runCli(clientDir, target, ['qr:generate', '--count', String(options.codes)]).trim().split('\n') : [];
    server = await startServer(clientDir, target, undefined, options.env);
    await client.connect();
    await run({ server, client, codes, dataDir: target.dataDir });
  } finally {
    await server?.stop();
    await client.end().catch(() => {});
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A server's event loop and garbage collection, from its /metrics (prom-client; the lag's histogram
 * starts again at every reading): read before a window and after it, the window's longest lag and
 * the time the server spent collecting in it, to tell a stall of the server's own from one of the
 * machine, the database or the load.
 */
export async function serverLoop(baseUrl: string): Promise<{ lagMaxMs: number; gcMs: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
  return { lagMaxMs: value(/^nodejs_eventloop_lag_max_seconds (\S+)$/gm) * 1000, gcMs: value(/^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm) * 1000 };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Prints OK/FAIL for each budget and sets the exit code when one is missed. */
export function verdict(lines: (readonly [string, boolean])[]) {
  process.stdout.write('\n');
  for (const [line, ok] of lines) process.stdout.write(`${ok ? 'OK  ' : 'FAIL'} ${line}\n`);
  if (lines.some(([, ok]) => !ok)) process.exitCode = 1;
}
