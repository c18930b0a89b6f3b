/**
 * Who used the machine's CPU while a benchmark measured: the whole machine's busy time from
 * /proc/stat, split by who used it (each named process, the processes it started, PostgreSQL, the
 * benchmark itself), so a window shared with other work (a test run elsewhere) shows as such
 * instead of passing for the server's own figures, and a cost shows where it lies. Linux only;
 * clock ticks of 1/100 s; a process that ends inside a window takes its ticks with it.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK = 100;

/**
 * The machine's busy ticks, and the stolen per core: time a virtual machine's CPU was ready to run
 * but the host ran something else. A stall no process's event loop saw can be the host's, and the
 * core it was stolen from tells whose work it delayed.
 */
function machineTicks(): { busy: number; stolen: number[]; interrupts: number } {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user
  // and nice, so busy is user to steal less idle and iowait.
  const fields = (line: string) => line.trim().split(/\s+/).slice(1).map(Number);
  const all = fields(lines[0]!);
  const stolen = lines.filter((line) => /^cpu\d+ /.test(line)).map((line) => fields(line)[7] ?? 0);
  // Interrupts and the kernel's deferred work for them (network, block I/O): no process's ticks.
  const interrupts = (all[5] ?? 0) + (all[6] ?? 0);
  return { busy: all.slice(0, 8).reduce((a, b) => a + b, 0) - (all[3] ?? 0) - (all[4] ?? 0), stolen, interrupts };
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

/**
 * Ticks so far by who: each named process, `<name>'s children`, PostgreSQL, the bench; and every
 * other process by its name (a kernel thread writing files back, say), to say what the rest was.
 */
function ticksByWho(named: Record<string, number>): { byWho: Map<string, number>; others: Map<string, number> } {
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
  for (const pid of bench) counted.add(pid);
  const others = new Map<string, number>();
  for (const [pid, { comm, ticks }] of all) {
    if (comm === 'postgres') add('PostgreSQL', ticks);
    else if (!counted.has(pid)) others.set(`${comm} (${pid})`, ticks);
  }
  return { byWho, others };
}

export interface CpuWindow {
  /** CPU seconds the whole machine was busy. */
  machine: number;
  /** Stolen by the host from each core, in CPU seconds (a virtual machine's CPU ready but not run). */
  stolen: number[];
  /** Of which the benchmark's processes (those named and their children, itself, PostgreSQL). */
  ours: number;
  /** The same by who used it. */
  byWho: Record<string, number>;
  /** The rest: other work on the machine. */
  others: number;
  /** Of which interrupts and their deferred work, and the busiest other processes (name (pid), seconds). */
  interrupts: number;
  busiestOthers: [string, number][];
}

/**
 * Starts counting; the returned function ends the window and answers what was used in it. A named
 * process and its children count under its name, not the bench's, though the bench started them.
 */
export function cpuWindow(named: Record<string, number>): () => CpuWindow {
  const machine0 = machineTicks();
  const before = ticksByWho(named);
  return () => {
    const now = machineTicks();
    const after = ticksByWho(named);
    const machine = (now.busy - machine0.busy) / TICK;
    const stolen = now.stolen.map((ticks, core) => (ticks - (machine0.stolen[core] ?? 0)) / TICK);
    const byWho = Object.fromEntries([...after.byWho].map(([who, ticks]) => [who, (ticks - (before.byWho.get(who) ?? 0)) / TICK]));
    const ours = Object.values(byWho).reduce((a, b) => a + b, 0);
    const busiestOthers = [...after.others]
      .map(([who, ticks]): [string, number] => [who, (ticks - (before.others.get(who) ?? 0)) / TICK])
      .filter(([, used]) => used >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    const interrupts = (now.interrupts - machine0.interrupts) / TICK;
    return { machine, stolen, ours, byWho, others: Math.max(0, machine - ours - stolen.reduce((a, b) => a + b, 0)), interrupts, busiestOthers };
  };
}

export function formatCpuWindow(window: CpuWindow, seconds: number, cores: number): string {
  const who = Object.entries(window.byWho)
    .filter(([, used]) => used > 0)
    .map(([name, used]) => `${name} ${used.toFixed(1)}`)
    .join(', ');
  return `CPU busy ${window.machine.toFixed(1)} of ${(seconds * cores).toFixed(0)} core-seconds: ${who}; other work on the machine ${window.others.toFixed(1)} (interrupts ${window.interrupts.toFixed(2)}${window.busiestOthers.map(([who, used]) => `, ${who} ${used.toFixed(2)}`).join('')}); stolen by the host ${window.stolen.map((seconds, core) => `core ${core} ${seconds.toFixed(2)}`).join(', ')}`;
}
