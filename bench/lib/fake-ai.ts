/**
 * The fake AI providers (tests/support/fake-ai-main.ts) as a process of their own, as a benchmark
 * needs them: beside the production servers, not inside the process that measures them, so the
 * fake's work neither slows the load generator nor is counted in it. Listens on 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './server';

export interface FakeAiProcess {
  chatUrl: string;
  predictionsUrl: string;
  statsUrl: string;
  key: string;
  pid: number;
  stats(): Promise<FakeAiStats>;
  stop(): Promise<void>;
}

export interface FakeAiStats {
  creates: number;
  duplicates: number;
  byInput: Record<string, number>;
  /** Predictions per picture (fake-ai-main.ts). */
  byImage: Record<string, number>;
}

/** Starts the fakes, each prediction taking between minMs and maxMs (at random, evenly). */
export async function startFakeAiProcess(options: { minMs: number; maxMs: number; key?: string }): Promise<FakeAiProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/fake-ai-main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      FAKE_AI_MIN_MS: String(options.minMs),
      FAKE_AI_MAX_MS: String(options.maxMs),
      ...(options.key ? { FAKE_AI_KEY: options.key } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // The providers are elsewhere in production: here the fake must not take the page's CPU. Its
  // answers wait on their timers anyway; parsing a portrait's request is all it does.
  setPriority(child.pid!, 19);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  const lines = createInterface({ input: child.stdout! });
  // The first line is the URLs; recording the greeting's video first may take a browser and a while.
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then(() => Promise.reject(new Error('the fake AI providers stopped while starting'))),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the fake AI providers did not start in 120 s')), 120_000).unref()),
  ]).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  lines.close();
  child.stdout!.resume();
  const started = JSON.parse(first) as { chatUrl: string; predictionsUrl: string; statsUrl: string; key: string };
  return {
    ...started,
    pid: child.pid!,
    async stats() {
      const response = await fetch(started.statsUrl);
      if (!response.ok) throw new Error(`the fake's stats answered ${response.status}`);
      return (await response.json()) as FakeAiStats;
    },
    stop,
  };
}
