/**
 * N identical instances of the production server (dist/server/main.mjs, as `npm start` runs it)
 * behind HAProxy, on one PostgreSQL and one bucket: the layout ARCHITECTURE.md promises, started
 * on one machine by `npm run cluster` (main.ts) and by the cluster tests.
 *
 * Nothing here is special to a cluster in the server: every instance is the same program with the
 * same settings but its port. What they must share lives in the database (sessions, rate limits,
 * the job queue and the once-a-day work, invoice numbers) and in the bucket (uploads); what each
 * keeps in memory is bounded in time (README "Several instances").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKS_TO_FALL, haproxyConfig } from './haproxy-config';
import { UNAVAILABLE_HTML, UNAVAILABLE_JSON } from './unavailable-page';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HAPROXY = '/usr/sbin/haproxy';
const START_TIMEOUT_MS = 30_000;

export interface ClusterOptions {
  instances: number;
  /** HAProxy's port for the visitors; the instances take the next ones. */
  port: number;
  host?: string;
  /** The instances' settings (DATABASE_URL, the bucket's S3_*, …); PORT, HOST and BASE_URL are set here. */
  env: NodeJS.ProcessEnv;
  /** How often HAProxy asks each instance whether it is ready (default 500 ms). */
  checkIntervalMs?: number;
  /** Every line an instance or HAProxy prints, with whose it is. */
  onLine?: (who: string, line: string) => void;
}

export interface ClusterInstance {
  readonly name: string;
  readonly port: number;
  /** The instance itself, past HAProxy. */
  readonly url: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Starts it (again) and waits until it answers /api/health/live. */
  start(): Promise<void>;
  /** SIGTERM: it says it is not ready, drains, finishes its requests and jobs, exits; the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or the kernel's OOM killer would; resolves once it is gone. */
  kill(): Promise<void>;
}

/** What HAProxy's checks make of an instance: UP, DOWN, MAINT, or a transition such as "UP 1/2". */
export type InstanceStates = Record<string, string>;

export interface Cluster {
  /** Where visitors go: HAProxy. */
  readonly url: string;
  readonly instances: ClusterInstance[];
  /** HAProxy's view of each instance, from its runtime API. */
  states(): Promise<InstanceStates>;
  /** Waits until every named instance is in the given state (other instances are not looked at). */
  waitForStates(expected: InstanceStates, timeoutMs?: number): Promise<void>;
  /** Stops every instance (draining) and HAProxy. */
  stop(): Promise<void>;
}

function lines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void) {
  let buffered = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const line of parts) onLine(line);
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Whether nothing listens on the port: an old instance still there would answer the health check in the new one's place. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A loopback port free now with the `count - 1` after it, for HAProxy and its instances (tests,
 * benches). Drawn from 20,000–32,000, below Linux's ephemeral ports (32,768–60,999), where every
 * outgoing connection takes a local port: one probed free there was taken by a connection of the
 * tests running beside it before its instance started ("Port … er optaget", CI on 30 November).
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * (12_000 - count));
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(first + i)));
    if (free.every(Boolean)) return first;
  }
  throw new Error(`no run of ${count} free ports found`);
}

function createInstance(name: string, port: number, env: NodeJS.ProcessEnv, onLine: (who: string, line: string) => void): ClusterInstance {
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  const url = `http://127.0.0.1:${port}`;

  return {
    name,
    port,
    url,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== null;
    },
    async start() {
      if (child) throw new Error(`${name} kører allerede`);
      if (!(await portIsFree(port))) throw new Error(`Port ${port} til ${name} er optaget (kører en tidligere instans stadig?)`);
      const proc = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'dist/server/main.mjs')], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      lines(proc.stdout, (line) => onLine(name, line));
      lines(proc.stderr, (line) => onLine(name, line));
      exited = new Promise((resolve) =>
        proc.on('exit', (code) => {
          if (child === proc) child = null;
          resolve(code);
        }),
      );
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!(await answers(`${url}/api/health/live`))) {
        if (child !== proc) throw new Error(`${name} stoppede, før den svarede (exit ${await exited})`);
        if (Date.now() > deadline) throw new Error(`${name} svarede ikke på /api/health/live inden for ${START_TIMEOUT_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      child?.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
  };
}

/** One command to HAProxy's runtime API; its whole answer. */
function askHaproxy(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let answer = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.end(`${command}\n`));
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/** The backend's servers and their status from `show stat` (CSV with a "# " header). */
export function parseStates(csv: string): InstanceStates {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const states: InstanceStates = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[at('pxname')] !== 'instances' || ['FRONTEND', 'BACKEND'].includes(cells[at('svname')] ?? '')) continue;
    states[cells[at('svname')]!] = cells[at('status')]!;
  }
  return states;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!options.env.DATABASE_URL) {
    throw new Error('Flere instanser kræver PostgreSQL (DATABASE_URL): den indbyggede database kan kun bruges af én server ad gangen.');
  }
  if (!Number.isInteger(options.instances) || options.instances < 1) throw new Error('Antallet af instanser skal være et helt tal, mindst 1.');
  const host = options.host ?? '127.0.0.1';
  const checkIntervalMs = options.checkIntervalMs ?? 500;
  const onLine = options.onLine ?? (() => undefined);
  const url = `http://${host}:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    BASE_URL: url,
    // HAProxy is the one hop in front: the visitor's address is the last in X-Forwarded-For.
    TRUST_PROXY: '1',
    // Long enough for HAProxy's checks to take a stopping instance out, with a margin.
    SHUTDOWN_DRAIN_SECONDS: String(Math.ceil(((CHECKS_TO_FALL + 1) * checkIntervalMs) / 1000) + 1),
    ...options.env,
  };

  const instances = Array.from({ length: options.instances }, (_, i) => createInstance(`instans-${i + 1}`, options.port + 1 + i, env, onLine));
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-cluster-'));
  const statsSocket = path.join(work, 'haproxy.sock');
  let haproxy: ChildProcess | null = null;
  let haproxyExited: Promise<void> = Promise.resolve();

  const cluster: Cluster = {
    url,
    instances,
    async states() {
      return parseStates(await askHaproxy(statsSocket, 'show stat'));
    },
    async waitForStates(expected, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const states = await cluster.states().catch(() => ({}) as InstanceStates);
        if (Object.entries(expected).every(([name, state]) => states[name] === state)) return;
        if (Date.now() > deadline) throw new Error(`HAProxy viste ${JSON.stringify(states)}, ikke ${JSON.stringify(expected)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop()));
      if (haproxy) {
        // SIGUSR1: a soft stop, the connections it holds finish first.
        haproxy.kill('SIGUSR1');
        const hard = setTimeout(() => haproxy?.kill('SIGKILL'), 5000);
        await haproxyExited;
        clearTimeout(hard);
      }
      await rm(work, { recursive: true, force: true });
    },
  };

  try {
    // The first instance alone migrates an empty database; the others then find it done (each would
    // wait its turn anyway: migrations run under an advisory lock).
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    const configFile = path.join(work, 'haproxy.cfg');
    const unavailable = { json: path.join(work, 'unavailable.json'), html: path.join(work, 'unavailable.html') };
    await Promise.all([writeFile(unavailable.json, UNAVAILABLE_JSON), writeFile(unavailable.html, UNAVAILABLE_HTML)]);
    await writeFile(configFile, haproxyConfig({ host, port: options.port, instances, statsSocket, checkIntervalMs, unavailable }));
    const proc = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy = proc;
    lines(proc.stdout, (line) => onLine('haproxy', line));
    lines(proc.stderr, (line) => onLine('haproxy', line));
    haproxyExited = new Promise((resolve) =>
      proc.on('exit', () => {
        haproxy = null;
        resolve();
      }),
    );
    proc.on('error', (error) => onLine('haproxy', `kunne ikke startes: ${error.message} (apt-get install haproxy)`));
    await cluster.waitForStates(Object.fromEntries(instances.map((instance) => [instance.name, 'UP'])));
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
