/**
 * Who used the machine's CPU while a benchmark measured: the whole machine's busy time from
 * /proc/stat against what the benchmark's own processes used (its servers, its fakes, PostgreSQL
 * and itself), so a window shared with other work (a test run elsewhere) shows as such instead of
 * passing for the server's own figures. Linux only; clock ticks of 1/100 s.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK = 100;

function machineBusyTicks(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: busy is all but idle and iowait.
  return cpu.reduce((a, b) => a + b, 0) - cpu[3]! - (cpu[4] ?? 0);
}

function processTicks(pid: number): { comm: string; ticks: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { comm, ticks: Number(fields[11]) + Number(fields[12]), parent: Number(fields[1]) };
  } catch {
    return null; // gone
  }
}

/** The process and every process below it (a server's job process, JOBS_PROCESS=1). */
function family(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const each = Number(name);
    const process = Number.isInteger(each) ? processTicks(each) : null;
    if (process) parents.set(each, process.parent);
  }
  const members = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [each, parent] of parents) {
      if (!members.has(each) && members.has(parent)) {
        members.add(each);
        grew = true;
      }
    }
  }
  return [...members];
}

/** CPU seconds a process and its children have used so far (user + system). */
export function cpuSeconds(pid: number): number {
  return family(pid).reduce((sum, member) => sum + (processTicks(member)?.ticks ?? 0), 0) / TICK;
}

function ourTicks(pids: number[]): number {
  let ticks = 0;
  const seen = new Set<number>();
  for (const pid of [...pids, process.pid].flatMap(family)) {
    if (seen.has(pid)) continue;
    seen.add(pid);
    ticks += processTicks(pid)?.ticks ?? 0;
  }
  // PostgreSQL's processes (the benchmark's connections and the servers').
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || seen.has(pid)) continue;
    const process = processTicks(pid);
    if (process?.comm === 'postgres') ticks += process.ticks;
  }
  return ticks;
}

export interface CpuWindow {
  /** CPU seconds the whole machine was busy. */
  machine: number;
  /** Of which the benchmark's processes (those named, itself, PostgreSQL). */
  ours: number;
  /** The rest: other work on the machine. */
  others: number;
}

/** Starts counting; the returned function ends the window and answers what was used in it. */
export function cpuWindow(pids: number[]): () => CpuWindow {
  const machine0 = machineBusyTicks();
  const ours0 = ourTicks(pids);
  return () => {
    const machine = (machineBusyTicks() - machine0) / TICK;
    const ours = (ourTicks(pids) - ours0) / TICK;
    return { machine, ours, others: Math.max(0, machine - ours) };
  };
}

export function formatCpuWindow(window: CpuWindow, seconds: number, cores: number): string {
  return `CPU busy ${window.machine.toFixed(1)} of ${(seconds * cores).toFixed(0)} core-seconds: the bench's processes ${window.ours.toFixed(1)}, other work on the machine ${window.others.toFixed(1)}`;
}
