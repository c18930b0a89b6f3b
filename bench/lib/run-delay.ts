/**
 * How long a process's main thread was ready to run but not running (the kernel's schedstat
 * run_delay, /proc/<pid>/task/<tid>/schedstat): an event loop late by tens of milliseconds was
 * either busy (its own work, a collection) or waiting for a core, and this tells which. Sampled
 * every tenth of a second, so the worst moment of a window shows, not only its sum; and for that
 * tenth, who held the core instead: every thread of the watched processes (V8's helpers and
 * libuv's pool share a pinned process's core with its main thread), the kernel's own threads that
 * last ran there, and the core's interrupts and time taken by the host (/proc/stat's irq, softirq
 * and steal). Linux only; a process that has gone counts nothing more.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { allProcesses } from './machine-cpu';

const SAMPLE_MS = 100;
/** /proc/stat counts in the kernel's USER_HZ ticks: 100 a second on Linux for x86. */
const TICK_MS = 10;
/** The kernel's threads are children of kthreadd (pid 2); new ones (workers) are looked for this often. */
const KERNEL_RESCAN_MS = 1000;

/** A thread's schedstat: time it has run and time it has waited for a core, in ms, or null once gone. */
function schedstat(path: string): { ranMs: number; waitedMs: number } | null {
  try {
    const [ran, waited] = readFileSync(path, 'utf8').split(' ');
    return { ranMs: Number(ran) / 1e6, waitedMs: Number(waited) / 1e6 };
  } catch {
    return null;
  }
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const list = (path: string) => {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
};

/** The CPU a thread last ran on: field 39 of its /proc/<pid>/stat line, counted after the name (which may hold spaces). */
const lastCpu = (line: string) => Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[39 - 3]);

/** The kernel's threads now (pid → name): children of kthreadd. */
const kernelThreads = () => new Map([...allProcesses()].filter(([, { parent }]) => parent === 2).map(([pid, { comm }]) => [pid, comm]));

/** One core's line of /proc/stat, in ms: the columns that say who had it besides processes' threads. */
function coreTimes(core: number): { busyMs: number; irqMs: number; softirqMs: number; stealMs: number } | null {
  const line = read('/proc/stat')
    ?.split('\n')
    .find((l) => l.startsWith(`cpu${core} `));
  if (!line) return null;
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map((n) => Number(n) * TICK_MS);
  return { busyMs: user! + nice! + system! + irq! + softirq! + steal!, irqMs: irq!, softirqMs: softirq!, stealMs: steal! };
}

export interface WorstTenth {
  /** When it began, ms into the window. */
  atMs: number;
  /** How long it was: a tenth, unless the bench's own timer was late. */
  lengthMs: number;
  /** The main thread's wait for a core in it, ms. */
  waitedMs: number;
  /** Who ran on the core in that tenth, ms each, most first: "A main", "A V8 DefaultWorke", "kernel ksoftirqd/0", "irq", "softirq", "the host (steal)". */
  ran: [string, number][];
}

export interface RunDelay {
  /** The main thread waited for a core in the whole window, ms. */
  totalMs: number;
  /** Its worst tenth of a second. */
  worst: WorstTenth;
}

/**
 * Starts watching processes by name, each on the core the layout pins it to; stop() answers what
 * each main thread waited since, and who had its core in its worst tenth.
 */
export function watchRunDelay(watched: Record<string, { pid: number; core: number }>): { stop(): Record<string, RunDelay> } {
  const cores = [...new Set(Object.values(watched).map(({ core }) => core))];
  const started = Date.now();
  /** Per thread (a label's key): what schedstat said last time. */
  const last = new Map<string, { ranMs: number; waitedMs: number }>();
  const mainFirst = new Map<string, number>();
  const mainLast = new Map<string, number>();
  const worst = new Map<string, WorstTenth>();
  /** Each thread's name, read once. */
  const names = new Map<string, string>();
  let kernel = kernelThreads();
  let kernelAt = Date.now();
  const coreLast = new Map(cores.map((core) => [core, coreTimes(core)]));
  let sampledAt = started;

  const sample = () => {
    const now0 = Date.now();
    const atMs = sampledAt - started;
    const lengthMs = now0 - sampledAt;
    sampledAt = now0;
    /** Who ran on each core in this tenth: label → ms. */
    const ran = new Map(cores.map((core) => [core, new Map<string, number>()]));
    const waitedNow = new Map<string, number>();
    const add = (core: number, label: string, ms: number) => {
      const on = ran.get(core);
      if (on && ms > 0) on.set(label, (on.get(label) ?? 0) + ms);
    };
    for (const [name, { pid, core }] of Object.entries(watched)) {
      for (const tid of list(`/proc/${pid}/task`)) {
        const now = schedstat(`/proc/${pid}/task/${tid}/schedstat`);
        if (!now) continue;
        const key = `${pid}/${tid}`;
        const before = last.get(key);
        last.set(key, now);
        const isMain = tid === String(pid);
        if (isMain) {
          if (!mainFirst.has(name)) mainFirst.set(name, now.waitedMs);
          if (before) waitedNow.set(name, now.waitedMs - before.waitedMs);
          mainLast.set(name, now.waitedMs);
        }
        if (!before) continue;
        if (!names.has(key)) names.set(key, isMain ? 'main' : (read(`/proc/${pid}/task/${tid}/comm`)?.trim() ?? 'a thread'));
        const label = names.get(key)!;
        add(core, `${name} ${label}`, now.ranMs - before.ranMs);
      }
    }
    if (Date.now() - kernelAt > KERNEL_RESCAN_MS) {
      kernel = kernelThreads();
      kernelAt = Date.now();
    }
    for (const [pid, comm] of kernel) {
      const line = read(`/proc/${pid}/stat`);
      const now = schedstat(`/proc/${pid}/schedstat`);
      if (!line || !now) continue;
      const key = `kernel/${pid}`;
      const before = last.get(key);
      last.set(key, now);
      // A kernel thread of that core's, or one unbound that ran there.
      if (before) add(lastCpu(line), `kernel ${comm}`, now.ranMs - before.ranMs);
    }
    for (const core of cores) {
      const now = coreTimes(core);
      const before = coreLast.get(core);
      if (before && now) {
        add(core, 'irq', now.irqMs - before.irqMs);
        add(core, 'softirq', now.softirqMs - before.softirqMs);
        add(core, 'the host (steal)', now.stealMs - before.stealMs);
        add(core, 'the core busy in all (/proc/stat, 10 ms ticks)', now.busyMs - before.busyMs);
      }
      coreLast.set(core, now);
    }
    for (const [name, waitedMs] of waitedNow) {
      if (waitedMs <= (worst.get(name)?.waitedMs ?? -1)) continue;
      worst.set(name, { atMs, lengthMs, waitedMs, ran: [...ran.get(watched[name]!.core)!].sort((a, b) => b[1] - a[1]) });
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Object.fromEntries(
        [...mainFirst].map(([name, at]) => [name, { totalMs: mainLast.get(name)! - at, worst: worst.get(name) ?? { atMs: 0, lengthMs: 0, waitedMs: 0, ran: [] } }]),
      );
    },
  };
}

export const formatRunDelay = (delays: Record<string, RunDelay>) =>
  Object.entries(delays)
    .map(
      ([name, { totalMs, worst }]) =>
        `${name}'s main thread waited for a core ${totalMs.toFixed(0)} ms, at most ${worst.waitedMs.toFixed(1)} ms in a tenth of a second (${worst.lengthMs} ms from ${(worst.atMs / 1000).toFixed(1)} s); ` +
        `in that tenth the core ran: ${
          worst.ran
            .filter(([, ms]) => ms >= 0.5)
            .map(([label, ms]) => `${label} ${ms.toFixed(1)}`)
            .join(', ') || 'nothing counted'
        } (ms)`,
    )
    .join('\n  ');
