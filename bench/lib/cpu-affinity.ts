/**
 * Which CPUs a benchmark's processes may run on (Linux, util-linux's taskset through the product's
 * own pinToCpus, every thread of a process): to measure a layout in which the web server has a
 * core that nothing else uses, as a worker machine and a database machine give it in production.
 * PostgreSQL and the machine's other services are shared with everything else here, so what the
 * bench moves it must move back.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, setPriority } from 'node:os';
import { pinToCpus } from '../../src/server/jobs-process';
import { formatCpuList, parseCpuList } from '../../src/server/lib/cpu-list';
import { allProcesses } from './machine-cpu';

/** Binds every thread of `pid` to `cpuList` (e.g. "0" or "1-3"); threads it starts later follow. */
export function pinProcess(pid: number, cpuList: string): void {
  const failure = pinToCpus(pid, cpuList);
  if (failure !== null) throw new Error(`taskset ${cpuList} ${pid}: ${failure}`);
}

/** The machine's CPUs as a list for taskset, e.g. "0-1". */
export const allCpus = () => formatCpuList(cpus().map((_, cpu) => cpu));

/** A process's CPUs as Linux lists them ("0-1"), or null once it has gone. */
function cpusOf(pid: number): string | null {
  try {
    return /^Cpus_allowed_list:\s+(\S+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Binds every process on the machine but `keep` (and the kernel's, see pinKernelWork) to
 * `cpuList`, and answers how to give each its own CPUs back: PostgreSQL (whose new backends inherit
 * the postmaster's CPUs), the other servers, the bench, and the machine's own services
 * (RabbitMQ, Redis and the rest), so that what ran on a kept process's core is that process. A
 * process that refuses, or ends meanwhile, is left as it is.
 */
export function moveOthersOff(keep: number[], cpuList: string): () => void {
  const moved = new Map<number, string>();
  for (const [pid, { parent }] of allProcesses()) {
    if (keep.includes(pid) || pid === 2 || parent === 2) continue;
    const before = cpusOf(pid);
    if (before !== null && before !== cpuList && pinToCpus(pid, cpuList) === null) moved.set(pid, before);
  }
  return () => {
    for (const [pid, before] of moved) pinToCpus(pid, before);
  };
}

/** The CPUs the kernel's unbound work may run on (its worker threads writing files back, ending I/O). */
const UNBOUND_WORK_CPUS = '/sys/devices/virtual/workqueue/cpumask';

/**
 * The kernel's own threads that may run anywhere and may be moved (a memory monitor, kswapd,
 * khugepaged, RCU's): children of kthreadd whose CPUs are all the machine's. The per-CPU ones
 * (ksoftirqd/0, the CPU's workers) have one CPU and refuse, as do the workqueues' workers (moved by
 * the cpumask above).
 */
function movableKernelThreads(): number[] {
  const everyCpu = cpus().length;
  return [...allProcesses()]
    .filter(([pid, { parent }]) => {
      const list = parent === 2 ? cpusOf(pid) : null;
      const parsed = list ? parseCpuList(list, everyCpu) : null;
      return Array.isArray(parsed) && parsed.length === everyCpu;
    })
    .map(([pid]) => pid);
}

/**
 * Binds the kernel's unbound work to `cpuList`: the workqueues' (as a hex mask of CPUs) and its
 * movable threads (taskset); answers how to give it the whole machine back. In production the
 * database's files and the bucket are other machines', whose kernels write them back; here a kernel
 * thread writing back the jobs' and PostgreSQL's files took the web server's core for 80 ms in the
 * middle of its answers, and the kernel's memory monitor (kdamond) ran 11 ms of a tenth of a
 * second on it (bench:ai-jobs, 1 December). Needs root; when it cannot, it says so and changes
 * nothing.
 */
export function pinKernelWork(cpuList: string): () => void {
  const chosen = parseCpuList(cpuList, cpus().length);
  if (typeof chosen === 'string') throw new Error(`kernel work on ${cpuList}: ${chosen}`);
  const mask = (list: number[]) => list.reduce((bits, cpu) => bits | (1n << BigInt(cpu)), 0n).toString(16);
  let before: string;
  try {
    before = readFileSync(UNBOUND_WORK_CPUS, 'utf8').trim();
    writeFileSync(UNBOUND_WORK_CPUS, mask(chosen));
  } catch (error) {
    process.stdout.write(`The kernel's unbound work stays on every CPU (${(error as Error).message})\n`);
    return () => {};
  }
  // A thread that refuses stays where it was, and is not given back.
  const moved = movableKernelThreads().filter((pid) => pinToCpus(pid, cpuList) === null);
  return () => {
    writeFileSync(UNBOUND_WORK_CPUS, before);
    for (const pid of moved) pinToCpus(pid, allCpus());
  };
}

/**
 * Gives `pid` the highest priority of the ordinary scheduler (nice −20, root), every thread of it
 * and its session's autogroup: on a core shared with others it is chosen first whenever it is
 * ready, so what they do there hardly delays it. For the visitors' load, which stands for phones on
 * other machines: its requests go out when due and its answers are read when they come, whatever
 * the jobs beside it do. The process must lead a session of its own (forked detached): with
 * autogroups on (Debian's kernel), a thread's nice weighs only against its own session's, and each
 * session, PostgreSQL's among them, shares a core equally with the others (a load at nice −20 in
 * the bench's session still waited 3.6 s of a 20 s window). Not a real-time class: a real-time
 * thread is never made to give way to one of its own process's, and the load (SCHED_FIFO, every
 * thread on one core) spun for minutes at 100 %, its main thread waiting on a helper that could
 * never run.
 */
export function runFirst(pid: number): void {
  for (const tid of readdirSync(`/proc/${pid}/task`)) setPriority(Number(tid), -20);
  // Absent when the kernel has no autogroups; then the threads' nice is all there is.
  if (existsSync(`/proc/${pid}/autogroup`)) writeFileSync(`/proc/${pid}/autogroup`, '-20');
}
