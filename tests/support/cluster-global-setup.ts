/**
 * Before the cluster tests: PostgreSQL is there, HAProxy is installed, and the server's bundle is
 * made from the sources (as for the browser journeys), so the instances run the code as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server-process';

export default function setup() {
  if (!process.env.DATABASE_URL) throw new Error('The cluster tests need PostgreSQL: set DATABASE_URL (the embedded database serves one server only).');
  if (!existsSync('/usr/sbin/haproxy')) throw new Error('HAProxy is missing at /usr/sbin/haproxy: apt-get install -y haproxy');
  const server = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (server.status !== 0) throw new Error('The server bundle could not be built (scripts/build-server.mjs).');
}
