/**
 * Only one process may open the embedded database: two PGlite instances on one directory corrupt
 * it. The server and the CLI both take this lock file first; the second one is refused.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DataDirBusyError extends Error {}

/** True while a process with this pid runs (EPERM: it runs, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dataDir: string, holder: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'embedded-db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }), { flag: 'wx' });
      return async () => {
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as { pid?: number; holder?: string };
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirBusyError(
          `Den indbyggede database i ${dataDir} er i brug af ${owner.holder ?? 'en anden proces'} (pid ${owner.pid}). Stop den først, eller brug DATABASE_URL.`,
        );
      }
      // The holder died without cleaning up (a crash or kill -9): the lock is stale.
      await rm(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Kunne ikke låse ${dataDir}.`);
}
