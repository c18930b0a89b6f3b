/**
 * Who used the machine's CPU while a benchmark measured: the whole machine's busy time from
 * /proc/stat, split by who used it (each named process, the processes it started, PostgreSQL, the
 * benchmark itself), so a window shared with other work (a test run elsewhere) shows as such
 * instead of passing for the server's own figures, and a cost shows where it lies. Linux only;
 * clock ticks of 1/100 s; a process that ends inside a window takes its ticks with it.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK = 100;

function machineBusyTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: busy is all but idle and iowait.
  return cpu.reduce((a, b) => a + b, 0) - cpu[3]! - (cpu[4] ?? 0);
}

export interface ProcessTicks {
  comm: string;
  ticks: number;
  parent: number;
}

function processTicks(pid: number): ProcessTicks | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { comm, ticks: Number(fields[11]) + Number(fields[12]), parent: Number(fields[1]) };
  } catch {
    return null; // gone
  }
}

/** Every process now, by pid: its name, CPU ticks and parent. */
export function allProcesses(): Map<number, ProcessTicks> {
  const all = new Map<number, ProcessTicks>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    const each = Number.isInteger(pid) ? processTicks(pid) : null;
    if (each) all.set(pid, each);
  }
  return all;
}

/** The processes below `pid` (a server's job process, JOBS_PROCESS=1), not `pid` itself. */
function descendants(pid: number, all: Map<number, ProcessTicks>): number[] {
  const below = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [each, { parent }] of all) {
      if (!below.has(each) && (parent === pid || below.has(parent))) {
        below.add(each);
        grew = true;
      }
    }
  }
  return [...below];
}

/** Ticks so far by who: each named process, `<name>'s children`, PostgreSQL, the bench. */
function ticksByWho(named: Record<string, number>): Map<string, number> {
  const all = allProcesses();
  const byWho = new Map<string, number>();
  const add = (who: string, ticks: number) => byWho.set(who, (byWho.get(who) ?? 0) + ticks);
  const counted = new Set<number>();
  for (const [name, pid] of Object.entries(named)) {
    add(name, all.get(pid)?.ticks ?? 0);
    counted.add(pid);
    for (const child of descendants(pid, all)) {
      add(`${name}'s children`, all.get(child)?.ticks ?? 0);
      counted.add(child);
    }
  }
  const bench = [process.pid, ...descendants(process.pid, all)].filter((pid) => !counted.has(pid));
  add('the bench', bench.reduce((sum, pid) => sum + (all.get(pid)?.ticks ?? 0), 0));
  for (const { comm, ticks } of all.values()) if (comm === 'postgres') add('PostgreSQL', ticks);
  return byWho;
}

export interface CpuWindow {
  /** CPU seconds the whole machine was busy. */
  machine: number;
  /** Of which the benchmark's processes (those named and their children, itself, PostgreSQL). */
  ours: number;
  /** The same by who used it. */
  byWho: Record<string, number>;
  /** The rest: other work on the machine. */
  others: number;
}

/**
 * Starts counting; the returned function ends the window and answers what was used in it. A named
 * process and its children count under its name, not the bench's, though the bench started them.
 */
export function cpuWindow(named: Record<string, number>): () => CpuWindow {
  const machine0 = machineBusyTicks();
  const before = ticksByWho(named);
  return () => {
    const machine = (machineBusyTicks() - machine0) / TICK;
    const byWho = Object.fromEntries([...ticksByWho(named)].map(([who, ticks]) => [who, (ticks - (before.get(who) ?? 0)) / TICK]));
    const ours = Object.values(byWho).reduce((a, b) => a + b, 0);
    return { machine, ours, byWho, others: Math.max(0, machine - ours) };
  };
}

export function formatCpuWindow(window: CpuWindow, seconds: number, cores: number): string {
  const who = Object.entries(window.byWho)
    .filter(([, used]) => used > 0)
    .map(([name, used]) => `${name} ${used.toFixed(1)}`)
    .join(', ');
  return `CPU busy ${window.machine.toFixed(1)} of ${(seconds * cores).toFixed(0)} core-seconds: ${who}; other work on the machine ${window.others.toFixed(1)}`;
}
