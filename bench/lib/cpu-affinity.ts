/**
 * Which CPUs a benchmark's processes may run on (Linux, util-linux's taskset, every thread of a
 * process): to measure a layout in which the web server has a core that nothing else uses, as a
 * worker machine and a database machine give it in production. PostgreSQL is the machine's own
 * server, shared with everything else here, so what the bench moves it must move back.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

/** Binds every thread of `pid` to `cpuList` (e.g. "0" or "1-3"); threads it starts later follow. */
export function pinProcess(pid: number, cpuList: string): void {
  const result = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpuList, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset ${cpuList} ${pid}: ${result.stderr || result.error?.message}`);
}

/** Every running PostgreSQL process (the postmaster, its workers and backends); new backends inherit the postmaster's CPUs. */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') pids.push(pid);
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** The machine's CPUs as a list for taskset, e.g. "0-1". */
export const allCpus = () => `0-${cpus().length - 1}`;

/** Binds PostgreSQL to `cpuList`, and answers how to give it the whole machine back. */
export function pinPostgres(cpuList: string): () => void {
  for (const pid of postgresPids()) {
    try {
      pinProcess(pid, cpuList);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return () => {
    for (const pid of postgresPids()) {
      try {
        pinProcess(pid, allCpus());
      } catch {
        // ended meanwhile
      }
    }
  };
}
