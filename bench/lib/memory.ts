/**
 * The peak memory of another process (the server under measurement) over a stretch of a benchmark,
 * read from Linux's /proc: its resident set, which is what a container's memory limit counts.
 *
 * The kernel keeps the peak itself (VmHWM), but from the process's start: writing 5 to
 * /proc/<pid>/clear_refs sets it back to the present resident set, so the peak is the stretch's
 * own and not the load test's before it. Where that is refused, VmRSS sampled every 20 ms stands
 * in (it can miss a spike shorter than that).
 */
import { readFile, writeFile } from 'node:fs/promises';

async function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

export interface MemoryWatch {
  /** Resident set in MB when the watch started, and its peak since, and how the peak was read. */
  stop(): Promise<{ startMb: number; peakMb: number; source: 'VmHWM' | 'VmRSS samples' }>;
}

export async function watchMemory(pid: number): Promise<MemoryWatch> {
  const reset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  const startKb = await statusKb(pid, 'VmRSS');
  let sampledKb = startKb;
  // The kernel's peak is read on every tick too, so a process that has ended by stop() (a CLI
  // command watched to its end) still has its peak from its last 20 ms.
  const field = reset ? 'VmHWM' : 'VmRSS';
  const timer = setInterval(() => {
    statusKb(pid, field).then(
      (kb) => void (sampledKb = Math.max(sampledKb, kb)),
      () => {}, // the process ended; the peak so far stands
    );
  }, 20);
  return {
    async stop() {
      clearInterval(timer);
      const lastKb = await statusKb(pid, field).catch(() => sampledKb);
      return { startMb: startKb / 1024, peakMb: Math.max(sampledKb, lastKb) / 1024, source: reset ? 'VmHWM' : 'VmRSS samples' };
    },
  };
}
