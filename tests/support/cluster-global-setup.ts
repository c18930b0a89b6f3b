/**
 * Before the cluster tests: PostgreSQL is there, HAProxy is installed, and the server's bundle is
 * made from the sources (as for the browser journeys), so the instances run the code as it is, and
 * the databases of a cluster run that was killed are dropped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isAlive } from '../../src/server/db/data-dir-lock';
import { CLUSTER_DB_PREFIX } from './cluster-world';
import { ROOT } from './server-process';

export default async function setup() {
  if (!process.env.DATABASE_URL) throw new Error('The cluster tests need PostgreSQL: set DATABASE_URL (the embedded database serves one server only).');
  // The instances serve the built client (a visitor's page is HTML made from it).
  if (!existsSync(path.join(ROOT, 'dist/client/index.html'))) throw new Error('The client is not built (dist/client/index.html is missing). Run `npm run build` first, or `npm test`.');
  if (!existsSync('/usr/sbin/haproxy')) throw new Error('HAProxy is missing at /usr/sbin/haproxy: apt-get install -y haproxy');
  const server = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (server.status !== 0) throw new Error('The server bundle could not be built (scripts/build-server.mjs).');
  // Databases of a cluster run that was killed (its worker gone); a run going on beside keeps its own.
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${CLUSTER_DB_PREFIX}%'`);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(CLUSTER_DB_PREFIX.length).split('_')[0]);
      if (pid && !isAlive(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
