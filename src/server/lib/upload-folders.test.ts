/**
 * The start-up sweep of upload folders removes only those that are surely nobody's: made on this
 * host by a process that has ended, or untouched for over a day. Another live server's upload,
 * another host's young folder and anything not ours stay.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUploadFolder, sweepUploadFolders } from './upload-folders';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'mindested-sweep-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

/** The id of a process that has surely ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid;

async function folder(name: string, ageMs = 0): Promise<void> {
  const at = path.join(dir, name);
  await mkdir(at);
  await writeFile(path.join(at, 'upload'), 'del af en fil');
  const when = new Date(Date.now() - ageMs);
  await utimes(path.join(at, 'upload'), when, when);
  await utimes(at, when, when);
}

describe('sweepUploadFolders', () => {
  it('removes the folders of ended processes on this host and any untouched for over a day, nothing else', async () => {
    const day = 24 * 60 * 60_000;
    const [ended, endedElsewhere] = [endedPid(), endedPid()];
    const kept = [
      `mindested-upload-server1-${process.pid}-abcDEF`, // this server's upload in progress
      `mindested-upload-server1-${process.ppid}-abcDEF`, // another live server's
      `mindested-upload-server2-${endedElsewhere}-abcDEF`, // another host's: its process ids mean nothing here
      'mindested-upload-Ab34cD', // no owner in the name, and young
      'andet-program-Ef56gH',
    ];
    const removed = [`mindested-upload-server1-${ended}-abcDEF`, `mindested-upload-server2-${process.pid}-ghiJKL`, 'mindested-upload-Xy12zQ'];
    for (const name of kept) await folder(name, name.startsWith('andet') ? 2 * day : 60_000);
    await folder(removed[0]!);
    for (const name of removed.slice(1)) await folder(name, 2 * day);

    expect(await sweepUploadFolders({ dir, hostName: 'server1' })).toBe(removed.length);
    expect((await readdir(dir)).sort()).toEqual(kept.sort());
  });

  it('names a new folder with this host and process', async () => {
    expect(path.basename(await makeUploadFolder(dir))).toMatch(new RegExp(`^mindested-upload-.+-${process.pid}-[A-Za-z0-9]{6}$`));
    expect(await sweepUploadFolders({ dir })).toBe(0);
  });
});
