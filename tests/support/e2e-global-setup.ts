/**
 * Before the browser journeys: the built client and Chromium must be there, the server's bundle is
 * made from the sources, databases left behind by an e2e run that was killed are removed (only
 * those whose process is gone, so a run going on in parallel keeps its own), and the base database
 * every test file's server copies is made.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { isAlive } from '../../src/server/db/data-dir-lock';
import { createE2eBase } from './e2e-base';
import { E2E_DB_PREFIX, ROOT } from './server-process';

/** The newest modification time of any file under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export default async function setup(project: TestProject) {
  // The server process inherits CLIENT_DIR, so a build elsewhere (a helper's own outDir) is tested.
  const index = path.join(process.env.CLIENT_DIR ?? path.join(ROOT, 'dist/client'), 'index.html');
  if (!existsSync(index)) throw new Error(`The client is not built (${index} is missing). Run \`npm run build\` first, or \`npm test\`.`);
  const clientDir = path.join(ROOT, 'src/client');
  if (existsSync(clientDir) && newest(clientDir) > statSync(index).mtimeMs) {
    process.stderr.write('Warning: src/client has changed since the last `vite build`; the browser tests run the older build.\n');
  }
  // The server's bundle is made here, every run (a third of a second): the journeys then always run
  // the server as the sources are, where a stale bundle would test yesterday's server.
  const server = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (server.status !== 0) throw new Error('The server bundle could not be built (scripts/build-server.mjs).');
  // The same path as browser.ts (not imported: that module needs a running test).
  if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing at /usr/bin/chromium: apt-get install -y chromium');

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${E2E_DB_PREFIX}%'`);
      for (const { datname } of rows) {
        const pid = Number(/^mindested_e2e_(\d+)_/.exec(datname)?.[1]);
        if (pid && !isAlive(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
      }
    } finally {
      await admin.end();
    }
  }

  const { base, remove } = await createE2eBase(`${E2E_DB_PREFIX}${process.pid}_base`);
  project.provide('e2eBase', base);
  return remove;
}
