/**
 * Which CPUs a benchmark's processes may run on (Linux, util-linux's taskset through the product's
 * own pinToCpus, every thread of a process): to measure a layout in which the web server has a
 * core that nothing else uses, as a worker machine and a database machine give it in production.
 * PostgreSQL is the machine's own server, shared with everything else here, so what the bench moves
 * it must move back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
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

/** Every PostgreSQL process running (the postmaster, its workers and backends); new backends inherit the postmaster's CPUs. */
const postgresPids = () => [...allProcesses()].filter(([, { comm }]) => comm === 'postgres').map(([pid]) => pid);

/** Binds PostgreSQL to `cpuList`, and answers how to give it the whole machine back. */
export function pinPostgres(cpuList: string): () => void {
  const pinAll = (list: string) => {
    // A backend that ended meanwhile cannot be bound, and need not be.
    for (const pid of postgresPids()) pinToCpus(pid, list);
  };
  pinAll(cpuList);
  return () => pinAll(allCpus());
}

/** The CPUs the kernel's unbound work may run on (its worker threads writing files back, ending I/O). */
const UNBOUND_WORK_CPUS = '/sys/devices/virtual/workqueue/cpumask';

/**
 * Binds the kernel's unbound work to `cpuList` (as a hex mask of CPUs), and answers how to give
 * it the whole machine back. In production the database's files and the bucket are other machines',
 * whose kernels write them back; here a kernel thread writing back the jobs' and PostgreSQL's files
 * took the web server's core for 80 ms in the middle of its answers (bench:ai-jobs, 1 December).
 * Needs root; when it cannot, it says so and changes nothing.
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
  return () => writeFileSync(UNBOUND_WORK_CPUS, before);
}
