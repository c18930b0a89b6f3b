/**
 * The real server from its sources (`tsx src/server/main.ts`, so the unit tests need no build) as
 * a process of its own, for tests of the process itself: how it shuts down, how it runs its job
 * process. Production settings on a free loopback port; the caller gives the database, the mail
 * and what else the test is about. It runs in its own process group, so a signal to `-pid` also
 * reaches tsx's node child and whatever that started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, freePort, productionEnv } from './server-process';

const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const START_TRIES = 600;

export interface SourceServer {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (its log at LOG_LEVEL, info by default). */
  output(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` to its process group. */
  signal(signal: NodeJS.Signals): void;
  /** Kills what is left of it (for a test's `finally`). */
  kill(): void;
}

/** Starts the server and resolves once /api/health/live answers. */
export async function startSourceServer(env: Record<string, string>): Promise<SourceServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(TSX, ['src/server/main.ts'], {
    cwd: ROOT,
    env: { ...productionEnv(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: SourceServer = {
    baseUrl,
    child,
    output: () => output,
    exited,
    signal: (signal) => process.kill(-child.pid!, signal),
    kill() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    },
  };
  for (let tries = 0; ; tries++) {
    const answer = await fetch(`${baseUrl}/api/health/live`).catch(() => null);
    if (answer?.status === 200) return server;
    if (tries > START_TRIES || child.exitCode !== null) {
      server.kill();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
