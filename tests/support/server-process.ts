/**
 * The real production server as a child process (`node dist/server/main.mjs`, the bundle `npm run
 * build` makes, as `npm start` runs it), on a free loopback port, a database of its own and a real
 * SMTP capture, for the browser journeys in tests/e2e.
 *
 * Database: a copy of the run's base (e2e-base.ts) in a fresh DATA_DIR (embedded PGlite, the
 * default), or, when DATABASE_URL is set, a database `mindested_e2e_<pid>_<random>` made from the
 * base on that PostgreSQL server, dropped when the server is closed. The operator CLI runs against
 * the same database; on the embedded database only one process may open DATA_DIR, so `cli()` stops
 * the server around the command (see below).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { type E2eBase, adminQuery, withDatabase } from './e2e-base';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The server and CLI bundles (scripts/build-server.mjs), run by node with their source maps. */
const bundle = (name: 'main' | 'cli') => [`--enable-source-maps`, path.join(ROOT, `dist/server/${name}.mjs`)];
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
/** Databases of this suite carry the creating process's id, so a later run can clear those of a killed one. */
export const E2E_DB_PREFIX = 'mindested_e2e_';

/** A test's production server on a loopback port: this environment, with what the test adds. */
export function productionEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // A fixed key for the staff's TOTP secrets: production refuses to start without one.
    TWO_FACTOR_KEY: 'a6f1c0d2e3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
  };
}

export interface E2eServer {
  /** http://127.0.0.1:<port>, also the server's BASE_URL (the links in its e-mails). */
  baseUrl: string;
  engine: 'pglite' | 'postgres';
  /** Everything the server sent by e-mail. */
  mail: SmtpCapture;
  /** Unclaimed QR codes the server started with (from the base, or `qr:generate` beyond its stock). */
  codes: string[];
  /** Hands out the next unused code of `codes`; throws when they are used up. */
  takeCode(): string;
  /**
   * Runs the operator CLI (`node dist/server/cli.mjs …args`) on the server's database and returns its
   * stdout. On the embedded database the server is stopped for the command and started again on
   * the same address (sessions live in the database, so browsers stay logged in).
   */
  cli(args: string[]): Promise<string>;
  /**
   * Runs SQL statements in one transaction on the server's database (`db:sql`) and returns the
   * rows they produced. On the embedded database this restarts the server, so batch statements.
   */
  sql(...statements: string[]): Promise<Record<string, unknown>[]>;
  /** `qr:generate --count N`: N new unclaimed codes. */
  generateQrCodes(count: number): Promise<string[]>;
  /** Lines the server logged at level error or fatal since the last call. */
  takeServerErrors(): string[];
  /** Stops the server, the SMTP capture, and removes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** How many codes to make with the CLI before the server starts (default 10). */
  qrCodes?: number;
  /** More of the server's settings, e.g. the seller's and bank details that invoicing needs. */
  env?: Record<string, string>;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function assertLocal(url: string) {
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname)) {
    throw new Error(`The e2e suite only uses a local PostgreSQL; DATABASE_URL points at ${hostname}.`);
  }
}

interface DatabaseTarget {
  engine: 'pglite' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** The base database of this run (e2e-base.ts), when the suite's global setup made one. */
function e2eBase(): E2eBase | undefined {
  try {
    return inject('e2eBase');
  } catch {
    return undefined; // Outside a vitest worker.
  }
}

/** A database of the server's own: a copy of the run's base when there is one, else empty. */
async function createDatabaseTarget(base: E2eBase | undefined): Promise<DatabaseTarget> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mindested-e2e-'));
    if (base?.engine === 'pglite') await cp(base.dataDir, dataDir, { recursive: true });
    return {
      engine: 'pglite',
      // An empty DATABASE_URL counts as unset and keeps a .env file from supplying one.
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  assertLocal(serverUrl);
  const name = `${E2E_DB_PREFIX}${process.pid}_${randomBytes(5).toString('hex')}`;
  const template = base?.engine === 'postgres' ? ` template ${base.database}` : '';
  // Copying a template fails while another file's copy of it is being made; a short retry absorbs that.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database ${name}${template}`);
      break;
    } catch (error) {
      if (!template || attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300));
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mindested-e2e-pg-'));
  return {
    engine: 'postgres',
    // One server: production on PostgreSQL wants a bucket unless local disk is said to be meant.
    env: { DATABASE_URL: withDatabase(serverUrl, name), DATA_DIR: dataDir, MEDIA_ON_LOCAL_DISK: '1' },
    async drop() {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Output {
  stdout: string;
  stderr: string;
}

/** Runs the CLI bundle with `args` to its end; rejects with its stderr when it fails. */
function runCliBundle(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<Output> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...bundle('cli'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cli ${args.join(' ')} did not finish within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`cli ${args.join(' ')} exited with ${code ?? signal}\n${stderr}${stdout}`));
    });
  });
}

export async function startE2eServer(options: StartOptions = {}): Promise<E2eServer> {
  const mail = await startSmtpCapture();
  let database: DatabaseTarget | null = null;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let serverErrors: string[] = [];
  let output = '';

  let port = await freePort();
  let baseUrl = `http://127.0.0.1:${port}`;

  const env = (): NodeJS.ProcessEnv => ({
    ...productionEnv(port),
    LOG_LEVEL: 'warn',
    SMTP_URL: mail.url,
    ...options.env,
    ...database!.env,
  });

  const onLine = (line: string) => {
    output += `${line}\n`;
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line) as { level?: number };
      if ((entry.level ?? 0) >= 50) serverErrors.push(line);
    } catch {
      // Not a log line.
    }
  };

  async function start() {
    output = '';
    // Its own process group, so stopping it reaches anything it started as well.
    const proc = spawn(process.execPath, bundle('main'), { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = proc;
    let buffered = '';
    const feed = (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      lines.forEach(onLine);
    };
    proc.stdout!.setEncoding('utf8').on('data', feed);
    proc.stderr!.setEncoding('utf8').on('data', feed);
    let exitCode: number | string | null = null;
    exited = new Promise((resolve) =>
      proc.on('exit', (code, signal) => {
        exitCode = code ?? signal;
        if (child === proc) child = null;
        resolve();
      }),
    );

    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (exitCode !== null) throw new Error(`The server exited (${exitCode}) before it answered /api/health:\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop() {
    const proc = child;
    if (!proc || proc.pid === undefined) return;
    const group = -proc.pid;
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      // Already gone.
    }
    const timer = setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  async function runCli(args: string[]): Promise<string> {
    const { stdout } = await runCliBundle(args, env());
    return stdout;
  }

  const codes: string[] = [];
  let nextCode = 0;
  const parseCodes = (stdout: string) => stdout.split('\n').map((line) => line.trim()).filter(Boolean);

  try {
    const base = e2eBase();
    database = await createDatabaseTarget(base);
    const count = options.qrCodes ?? 10;
    codes.push(...(base?.codes.slice(0, count) ?? []));
    const missing = count - codes.length;
    if (missing > 0) codes.push(...parseCodes(await runCli(['qr:generate', '--count', String(missing)])));
    if (codes.length !== count) throw new Error(`the server was to have ${count} QR codes and has ${codes.length}`);
    // Another test file's server may take the free port between the probe and the listen.
    for (let attempt = 1; ; attempt++) {
      try {
        await start();
        break;
      } catch (error) {
        if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
        port = await freePort();
        baseUrl = `http://127.0.0.1:${port}`;
      }
    }
  } catch (error) {
    await stop();
    await database?.drop();
    await mail.close();
    throw error;
  }

  const server: E2eServer = {
    baseUrl,
    engine: database.engine,
    mail,
    codes,
    takeCode() {
      const code = codes[nextCode++];
      if (!code) throw new Error(`all ${codes.length} QR codes of this server are used; ask startE2eServer for more`);
      return code;
    },
    async cli(args) {
      if (database!.engine === 'postgres') return runCli(args);
      // PGlite: two processes on one DATA_DIR corrupt it, so the server steps aside.
      await stop();
      try {
        return await runCli(args);
      } finally {
        await start();
      }
    },
    async sql(...statements) {
      const stdout = await server.cli(['db:sql', ...statements]);
      return stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async generateQrCodes(count) {
      const made = parseCodes(await server.cli(['qr:generate', '--count', String(count)]));
      if (made.length !== count) throw new Error(`qr:generate --count ${count} printed ${made.length} codes`);
      return made;
    },
    takeServerErrors() {
      const errors = serverErrors;
      serverErrors = [];
      return errors;
    },
    async close() {
      try {
        await stop();
      } finally {
        await database!.drop();
        await mail.close();
      }
    },
  };
  return server;
}
