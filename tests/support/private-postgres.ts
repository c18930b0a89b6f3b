/**
 * A PostgreSQL server of a test's own (Debian's PostgreSQL 15 binaries, a data directory in /tmp,
 * a free loopback port), for a test that stops and restarts the database under load without
 * disturbing the machine's shared server that other tests use. PostgreSQL refuses to run as root,
 * so it runs as the `postgres` user the Debian package made.
 */
import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  /** Its data directory, for pg_ctl. */
  readonly data: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Removes the server and its data. */
  close(): Promise<void>;
}

/**
 * `settings` are the server's own (-c name=value), after the defaults here: a test's server keeps
 * nothing through a crash of the machine (fsync off); a benchmark's may ask for it back.
 */
export async function startPrivatePostgres(settings: Record<string, string> = {}): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mindested-private-pg-'));
  const asRoot = userInfo().uid === 0;
  const pg = (tool: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]) : run(path.join(BIN, tool), args));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(stdout.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const all = { listen_addresses: '127.0.0.1', fsync: 'off', max_connections: '100', ...settings };
  const options = [`-p ${port} -k ${dir}`, ...Object.entries(all).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    data,
    start: async () => void (await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'])),
    // Fast: the connections are cut as a crash or a restart by the operator cuts them.
    stop: async () => void (await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])),
    async close() {
      await server.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
