/**
 * Temporary folders for uploads on their way in (media/service.ts receiveUpload), and the sweep at
 * start-up of those a crashed or killed server left behind.
 *
 * Several server instances may share one machine's tmp dir, and a live instance's upload must
 * never be swept from under it. So a folder is named with the host and process id of the server
 * that made it, and the sweep removes one only when it is surely nobody's:
 * - made on this host by a process that no longer runs (a process id only means something on the
 *   host, or container, that gave it out: another host's folders are never judged by it), or
 * - untouched for a day, far longer than any upload may take (the server's request timeout,
 *   app.ts), whoever made it: this also covers folders from before the names held a process id.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

export const UPLOAD_FOLDER_PREFIX = 'mindested-upload-';
const STALE_AFTER_MS = 24 * 60 * 60_000;

/** Host names may hold any character; in a folder name only these, so the name parses back. */
const host = (name: string) => name.toLowerCase().replace(/[^a-z0-9.]/g, '_') || 'host';
// mkdtemp adds six characters.
const OWNED = /^mindested-upload-(.+)-(\d+)-[A-Za-z0-9]{6}$/;

export function makeUploadFolder(dir = tmpdir()): Promise<string> {
  return mkdtemp(path.join(dir, `${UPLOAD_FOLDER_PREFIX}${host(hostname())}-${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the upload folders that are surely nobody's (above); returns how many went. */
export async function sweepUploadFolders(options: { dir?: string; now?: Date; hostName?: string } = {}): Promise<number> {
  const dir = options.dir ?? tmpdir();
  const now = (options.now ?? new Date()).getTime();
  const ownHost = host(options.hostName ?? hostname());
  let removed = 0;
  for (const name of await readdir(dir)) {
    if (!name.startsWith(UPLOAD_FOLDER_PREFIX)) continue;
    const owner = OWNED.exec(name);
    const abandoned = owner !== null && owner[1] === ownHost && Number(owner[2]) !== process.pid && !isRunning(Number(owner[2]));
    const folder = path.join(dir, name);
    if (!abandoned && now - (await lastTouched(folder)) < STALE_AFTER_MS) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** The latest change to the folder or the upload in it: a long upload still being written is young. */
async function lastTouched(folder: string): Promise<number> {
  const times = [(await stat(folder).catch(() => null))?.mtimeMs ?? 0];
  for (const entry of await readdir(folder).catch(() => [])) times.push((await stat(path.join(folder, entry)).catch(() => null))?.mtimeMs ?? 0);
  return Math.max(...times);
}
