/**
 * The steady load (open-loop.ts) from a process of its own, kept warm between windows: a visitor's
 * phone is not the bench, and the bench's own work (its database connection, the presses, its
 * heap) must not delay the answers it times. The child is forked with tsx's loader and answers
 * each run over IPC (structured clone, so the latencies come as they are).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { OpenLoopOptions, OpenLoopRun } from './open-loop';

export interface LoadProcess {
  pid: number;
  run(options: OpenLoopOptions): Promise<OpenLoopRun>;
  stop(): void;
}

export function startLoadProcess(): LoadProcess {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-process-main.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // A session (and so an autogroup) of its own, whose priority cpu-affinity.ts's runFirst can raise
    // alone; it ends when the bench does (load-process-main.ts).
    detached: true,
  });
  return {
    pid: child.pid!,
    run(options) {
      return new Promise((resolve, reject) => {
        const failed = () => reject(new Error('the load process stopped'));
        child.once('exit', failed);
        child.once('message', (result) => {
          child.off('exit', failed);
          resolve(result as OpenLoopRun);
        });
        child.send(options);
      });
    },
    stop: () => void child.kill(),
  };
}
