/**
 * Issue 26's budget for backups: a backup and a restore of 100,000 memorials' database rows in under
 * 5 minutes on PostgreSQL. A benchmark, not a test: it prints the figures and exits 1 when the
 * budget is missed.
 *
 *   npm run bench:backup     (or: MEMORIALS=20000 npx tsx bench/backup-restore.ts)
 *
 * On BENCH_POSTGRES_URL's server it makes two databases, bench_backup_src_… and bench_backup_dst_…,
 * both migrated by the production CLI (dist/server/cli.mjs, built as `npm run build` does). The
 * source is seeded in SQL (INSERT … SELECT from generate_series) with MEMORIALS accounts and
 * memorials, each with a life story and a timeline, its owner, five photos' rows and three lit
 * candles: the rows a family's memorial has, files aside (a backup's files are copied byte for byte
 * and take as long as the disk or the bucket does). Then the CLI's `backup --out` from the source
 * and `restore` into the empty one, each timed with the CLI's peak memory; the row counts of both
 * databases are compared. Both databases are dropped at the end.
 */
import { stat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedAccounts } from './lib/people';
import { watchMemory } from './lib/memory';
import { buildClient, createPostgresDatabase, runCli, spawnCli, verdict } from './lib/server';

const MEMORIALS = Number(process.env.MEMORIALS ?? 100_000);
const BATCH = 10_000;
const BUDGET = { seconds: 300 };

async function seed(client: pg.Client) {
  await seedAccounts(client, MEMORIALS);
  for (let from = 1; from <= MEMORIALS; from += BATCH) {
    const to = Math.min(MEMORIALS, from + BATCH - 1);
    await client.query(
      `with owners as (
         select id, row_number() over (order by created_at, id) as n from users where role = 'user' order by created_at, id offset $1 limit $2
       ),
       created as (
         insert into memorials (slug, name, birth_date, death_date, birth_place, death_place, cemetery, epitaph, life_story, timeline, created_by)
         select 'kopi-' || ($1 + n), 'Mindeside ' || ($1 + n), date '1930-01-01' + (n % 15000)::int, date '1990-01-01' + (n % 12000)::int, 'Aarhus', 'Odense',
                'Assistens Kirkegård', 'Elsket og savnet.', '<p>' || repeat('Et langt og godt liv, fortalt af familien til børnebørnene. ', 12) || '</p>',
                '[{"date":"1950","title":"Født","text":"I Aarhus"},{"date":"1975","title":"Gift","text":"Med Inger"}]'::jsonb, id
         from owners
         returning id, created_by
       ),
       members as (insert into memorial_members (memorial_id, user_id, role) select id, created_by, 'owner' from created),
       photos as (
         insert into memorial_media (memorial_id, kind, caption, position, width, height, mime, bytes, original_key, variants, created_by)
         select created.id, 'photo', 'Billede ' || (p + 1), p, 4032, 3024, 'image/jpeg', 2000000, 'memorials/kopi/' || created.id || '/' || p || '/original.jpg', '[]'::jsonb, created.created_by
         from created cross join generate_series(0, 4) as p
       )
       insert into memorial_posts (memorial_id, kind, status, name, message, decided_at)
       select created.id, 'candle', 'approved', 'Besøgende ' || c, 'Tænker på jer.', now() from created cross join generate_series(1, 3) as c`,
      [from - 1, to - from + 1],
    );
  }
  await client.query('analyze');
}

async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const { rows } = await client.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) counts[table_name] = Number((await client.query<{ n: string }>(`select count(*) as n from "${table_name}"`)).rows[0]!.n);
  return counts;
}

async function timed(label: string, clientDir: string, database: { engine: 'postgres'; dataDir: string; url: string }, args: string[]) {
  const started = performance.now();
  const { child, done } = spawnCli(clientDir, database, args);
  const memory = await watchMemory(child.pid!);
  const stdout = await done;
  const seconds = (performance.now() - started) / 1000;
  const { peakMb } = await memory.stop();
  process.stdout.write(`  ${label}: ${seconds.toFixed(1)} s, the CLI's peak memory ${peakMb.toFixed(0)} MB; ${stdout.trim().replaceAll('\n', ', ')}\n`);
  return { seconds, peakMb };
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mindested-bench-backup-'));
  const source = await createPostgresDatabase('bench_backup_src');
  const target = await createPostgresDatabase('bench_backup_dst');
  const from = new pg.Client({ connectionString: source.url });
  const to = new pg.Client({ connectionString: target.url });
  try {
    process.stdout.write('Bygger klienten og CLI’en (vite build) ...\n');
    const clientDir = buildClient(work);
    const sourceDb = { engine: 'postgres' as const, dataDir: path.join(work, 'src'), url: source.url };
    const targetDb = { engine: 'postgres' as const, dataDir: path.join(work, 'dst'), url: target.url };
    // Each CLI run migrates its database first.
    runCli(clientDir, sourceDb, ['db:sql', 'select 1']);
    runCli(clientDir, targetDb, ['db:sql', 'select 1']);
    await from.connect();
    await to.connect();
    const seeding = performance.now();
    await seed(from);
    const before = await rowCounts(from);
    const rows = Object.values(before).reduce((a, b) => a + b, 0);
    process.stdout.write(`\nSeeded ${before.memorials!.toLocaleString('da-DK')} memorials, ${rows.toLocaleString('da-DK')} rows in all, in ${((performance.now() - seeding) / 1000).toFixed(0)} s\n`);

    const file = path.join(work, 'mindested.backup');
    const backup = await timed('backup ', clientDir, sourceDb, ['backup', '--out', file]);
    process.stdout.write(`  the file: ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB\n`);
    const restore = await timed('restore', clientDir, targetDb, ['restore', file]);
    const after = await rowCounts(to);
    const same = JSON.stringify(after) === JSON.stringify(before);
    process.stdout.write(`  row counts of all ${Object.keys(after).length} tables ${same ? 'match' : 'DIFFER'}\n`);

    verdict([
      [`backup and restore of ${MEMORIALS.toLocaleString('da-DK')} memorials (${rows.toLocaleString('da-DK')} rows): ${(backup.seconds + restore.seconds).toFixed(1)} s (budget ${BUDGET.seconds} s)`, backup.seconds + restore.seconds < BUDGET.seconds],
      ['every table has the same number of rows after the restore', same],
    ]);
  } finally {
    await from.end().catch(() => {});
    await to.end().catch(() => {});
    await source.drop();
    await target.drop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
