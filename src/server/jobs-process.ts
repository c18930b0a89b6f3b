/**
 * Background work in a process of its own, at a lower priority (JOBS_PROCESS=1, PostgreSQL only):
 * the web process serves and queues; its child claims and runs the jobs. Under load the kernel
 * gives the child what the visitors leave, so an AI try's resizing, parsing and storing (or a
 * burst of e-mail) never costs a page its time (decision 0033). The child is the same program
 * with MINDESTED_JOBS_CHILD=1; the parent starts it again if it dies, and stops it on shutdown.
 *
 * A lower priority decides who runs first on a busy core, not what the jobs make others do at
 * normal priority: the database's backends serving them, the kernel writing their files. On one
 * machine that still showed in the visitors' slowest answers (bench:ai-jobs), so JOBS_CPUS gives
 * the jobs CPUs of their own and the web process the others, through util-linux's taskset (on
 * every Debian): one CPU list per process and all its threads.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { cpus as machineCpus, setPriority } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { splitCpus } from './lib/cpu-list';

export const JOBS_CHILD_ENV = 'MINDESTED_JOBS_CHILD';
/** Nice 19, the lowest: the job process gets what the web process leaves, and all of what is idle. */
export const JOBS_NICENESS = 19;
const RESTART_MS = 1000;

export const isJobsChild = () => process.env[JOBS_CHILD_ENV] === '1';

export interface JobsProcess {
  /** SIGTERM to the child; resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Binds every thread of `pid` to the CPUs of `list` (threads it starts later inherit them); answers
 * why not when taskset could not (the benches bind their processes with it too).
 */
export function pinToCpus(pid: number, list: string): string | null {
  const result = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', list, String(pid)], { encoding: 'utf8' });
  return result.status === 0 ? null : (result.error?.message ?? result.stderr.trim());
}

function bindToCpus(pid: number, list: string, log: FastifyBaseLogger, who: string) {
  const failure = pinToCpus(pid, list);
  if (failure === null) log.info({ pid, cpus: list }, `${who} runs on its own CPUs`);
  else log.warn({ pid, cpus: list, err: failure }, `could not bind ${who} to its CPUs`);
}

/** `jobsCpus`: JOBS_CPUS, the job process's CPUs (config.ts has checked the list). */
export function superviseJobsProcess(log: FastifyBaseLogger, jobsCpus?: string): JobsProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  const cpus = jobsCpus ? splitCpus(jobsCpus, machineCpus().length) : undefined;
  if (typeof cpus === 'object') bindToCpus(process.pid, cpus.web, log, 'the web process');

  function start() {
    const started = fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...process.env, [JOBS_CHILD_ENV]: '1' },
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    child = started;
    try {
      setPriority(started.pid!, JOBS_NICENESS);
    } catch (error) {
      log.warn({ err: error }, 'could not lower the job process’s priority');
    }
    if (typeof cpus === 'object') bindToCpus(started.pid!, cpus.jobs, log, 'the job process');
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      log.error({ code, signal }, 'the job process stopped; starting it again');
      setTimeout(() => !stopping && start(), RESTART_MS).unref();
    });
    log.info({ pid: started.pid, niceness: JOBS_NICENESS }, 'jobs run in their own process');
  }

  start();
  // A parent that exits past its shutdown deadline takes the child with it.
  process.once('exit', () => child?.kill('SIGKILL'));
  return {
    stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
}
