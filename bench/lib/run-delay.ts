/**
 * How long a process's main thread was ready to run but not running (the kernel's schedstat
 * run_delay, /proc/<pid>/schedstat): an event loop late by tens of milliseconds was either busy
 * (its own work, a collection) or waiting for a core, and this tells which. Sampled every tenth of
 * a second, so the worst moment of a window shows, not only its sum. Linux only; a process that
 * has gone counts nothing more.
 */
import { readFileSync } from 'node:fs';

const SAMPLE_MS = 100;

/** The main thread's run_delay so far, in ms, or null once the process has gone. */
function runDelayMs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}

export interface RunDelay {
  /** Waited for a core in the whole window, ms. */
  totalMs: number;
  /** The most it waited within one tenth of a second, ms. */
  worstMs: number;
}

/** Starts watching `pids` by name; stop() answers what each waited since. */
export function watchRunDelay(pids: Record<string, number>): { stop(): Record<string, RunDelay> } {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const worst = new Map<string, number>();
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const now = runDelayMs(pid);
      if (now === null) continue;
      const before = last.get(name);
      if (before === undefined) first.set(name, now);
      else worst.set(name, Math.max(worst.get(name) ?? 0, now - before));
      last.set(name, now);
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Object.fromEntries([...first].map(([name, at]) => [name, { totalMs: last.get(name)! - at, worstMs: worst.get(name) ?? 0 }]));
    },
  };
}

export const formatRunDelay = (delays: Record<string, RunDelay>) =>
  `waited for a core (main thread): ${Object.entries(delays)
    .map(([name, { totalMs, worstMs }]) => `${name} ${totalMs.toFixed(0)} ms, at most ${worstMs.toFixed(1)} ms in a tenth of a second`)
    .join('; ')}`;
