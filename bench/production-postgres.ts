/**
 * A PostgreSQL server configured as a production one is, for the benchmarks that measure large data
 * (bench:bulk): the machine's shared server runs Debian's defaults, whose 128 MB of shared buffers
 * hold a small world and not a 9 GB one, and no one runs a database of millions of rows so. This
 * starts Debian's PostgreSQL 15 in a data directory of its own under /tmp, on a free loopback port,
 * as the `postgres` user, with a quarter of the machine's memory as shared buffers and the
 * planner told of half of it (PostgreSQL's own advice for a server of its own), durable as in
 * production (fsync on). It prints the URL and leaves the server running:
 *
 *   BENCH_POSTGRES_URL=$(npx tsx bench/production-postgres.ts) KEEP=1 ROUNDS=0 npm run bench:bulk
 *
 * It is stopped with `runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D <data> stop`
 * (the data directory is printed on stderr) and its directory removed by hand.
 */
import { totalmem } from 'node:os';
import { startPrivatePostgres } from '../tests/support/private-postgres';

const mb = (fraction: number) => `${Math.floor((totalmem() * fraction) / 1024 / 1024)}MB`;
const server = await startPrivatePostgres({
  fsync: 'on',
  shared_buffers: mb(0.25),
  effective_cache_size: mb(0.5),
  // Index builds of the seeding (10,000,000 codes) sort in memory.
  maintenance_work_mem: '1GB',
  max_wal_size: '8GB',
});
process.stderr.write(`PostgreSQL as in production (shared_buffers ${mb(0.25)}), data in ${server.data}\n`);
process.stdout.write(`${server.url}\n`);
