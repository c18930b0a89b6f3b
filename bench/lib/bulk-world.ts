/**
 * A whole country's data for bench:bulk (issue 27, item 6), written in SQL on a PostgreSQL database
 * as valid rows of the real schema: accounts with Danish names, memorials each with its owner and
 * its posts, codes in packages spread over every state (a linked one opens a memorial, a claimed or
 * linked one is held by an account) with their events. The same recipe at any size, so the small
 * world the budget compares with is the large one scaled down, not another shape.
 *
 * Codes are made by the product's own generator (their check character is real), since a scan
 * refuses anything else before it reads the table; each memorial's n-th row is found through a
 * numbered temporary table, so no row is looked up at random while seeding.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { generateCode } from '../../src/shared/qr-code';
import { number, timed } from './back-office-data';
import { FIRST, LAST, seedAccounts, sqlArray } from './people';

export interface WorldSize {
  accounts: number;
  memorials: number;
  codes: number;
  postsPerMemorial: number;
}

/** A few of the world's rows, drawn evenly, for the load to ask for. */
export interface WorldSample {
  /** Memorial numbers (slug bulk-<n>) of shown memorials. */
  memorials: number[];
  codes: string[];
  packages: string[];
}

/** Codes per package, and per INSERT statement. */
const PACKAGE_SIZE = 1_000;
const CODE_BATCH = 100_000;
/** Memorials whose posts go in one statement. */
const POST_BATCH = 50_000;
/** Codes kept for the load, at most. */
const SAMPLED_CODES = 2_000;

/** 20 slots: created 3, produced 2, in stock 4, shipped 4, claimed 2, linked 4, void 1 (as the back office's bench). */
const SLOTS = `array['created','created','created','produced','produced','in_stock','in_stock','in_stock','in_stock','shipped','shipped','shipped','shipped','claimed','claimed','linked','linked','linked','linked','void']`;

/**
 * A deleted memorial (1 in 50, deleted within the last 20 days, so that the server's daily purge
 * does not remove it under the seeding): its page is gone, so the load leaves it out.
 */
export const isDeleted = (n: number) => n % 50 === 0;

export async function seedWorld(client: pg.Client, size: WorldSize): Promise<void> {
  await seedAccounts(client, size.accounts);
  await client.query('create temp table bulk_users as select id, row_number() over (order by created_at, id) as rn from users');
  await client.query('create unique index on bulk_users (rn)');

  await timed(`${number(size.memorials)} memorials, each with its owner`, async () => {
    await client.query(
      `with made as (
         insert into memorials (slug, name, birth_date, death_date, birth_place, death_place, cemetery, epitaph, created_by, created_at, updated_at, deleted_at)
         select 'bulk-' || n, (${sqlArray(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (n / 7) % ${LAST.length}],
                date '1920-01-01' + (n % 20000), date '1990-01-01' + (n % 12000), 'Aarhus', 'Odense', 'Assistens Kirkegård', 'Elsket og savnet.',
                u.id, t, t, case when n % 50 = 0 then now() - (n % 20) * interval '1 day' end
         from (select n, now() - (n % 730) * interval '1 day' as t from generate_series(1, $1::int) as n) as g
         join bulk_users u on u.rn = 1 + g.n % $2::int
         returning id, created_by
       )
       insert into memorial_members (memorial_id, user_id, role) select id, created_by, 'owner' from made`,
      [size.memorials, size.accounts],
    );
  });
  await client.query(`create temp table bulk_memorials as select id, substr(slug, 6)::int as rn from memorials where slug like 'bulk-%'`);
  await client.query('create unique index on bulk_memorials (rn)');

  await client.query(`set maintenance_work_mem = '1GB'`);
  await withIndexesAfter(client, ['memorial_posts'], () => timed(`${number(size.memorials * size.postsPerMemorial)} posts`, async () => {
    for (let from = 1; from <= size.memorials; from += POST_BATCH) {
      // Candles mostly, then greetings and memories; 1 in 50 waiting, 1 in 100 rejected.
      await client.query(
        `insert into memorial_posts (memorial_id, kind, status, name, message, created_at, decided_at)
         select m.id, (array['candle','candle','candle','guestbook','memory'])[1 + p % 5],
                case when (m.rn + p) % 50 = 0 then 'pending' when (m.rn + p) % 100 = 1 then 'rejected' else 'approved' end,
                (${sqlArray(FIRST)})[1 + (m.rn + p) % ${FIRST.length}], case when p % 5 > 2 then 'Tak for alt. Vi savner dig.' end,
                now() - ((m.rn * 7 + p * 13) % 365) * interval '1 day', case when (m.rn + p) % 50 <> 0 then now() - ((m.rn * 7 + p * 13) % 365) * interval '1 day' end
         from bulk_memorials m cross join generate_series(1, $3::int) as p
         where m.rn between $1::int and $2::int`,
        [from, Math.min(size.memorials, from + POST_BATCH - 1), size.postsPerMemorial],
      );
      progress('posts', Math.min(size.memorials, from + POST_BATCH - 1) * size.postsPerMemorial, size.memorials * size.postsPerMemorial);
    }
  }));

  const packages = Math.ceil(size.codes / PACKAGE_SIZE);
  await client.query(
    `insert into qr_packages (name, size, status, created_at, status_changed_at)
     select 'Pakke ' || n, ${PACKAGE_SIZE}, (array['created','produced','in_stock','shipped'])[1 + n % 4], now() - (n % 400) * interval '1 day', now() - (n % 300) * interval '1 day'
     from generate_series(1, $1::int) as n`,
    [packages],
  );
  await client.query(`create temp table bulk_packages as select id, substr(name, 7)::int as rn from qr_packages where name like 'Pakke %'`);
  await client.query('create unique index on bulk_packages (rn)');

  await withIndexesAfter(client, ['qr_codes', 'qr_code_events'], () => seedCodes(client, size, packages));
  // VACUUM too: the visibility map lets counts read indexes only, and GIN's pending lists are merged (people.ts).
  await timed('VACUUM ANALYZE', () => client.query('vacuum analyze'));
}

/**
 * What the load asks for: 200 shown memorials spread evenly over the numbers, SAMPLED_CODES codes
 * of every state drawn from the table's pages at random (a kept database's too), 50 packages.
 */
export async function worldSample(client: pg.Client, size: WorldSize): Promise<WorldSample> {
  const spread = Math.min(250, size.memorials);
  const memorials = Array.from({ length: spread }, (_, i) => 1 + Math.floor(((i + 0.5) * size.memorials) / spread))
    .filter((n) => !isDeleted(n))
    .slice(0, 200);
  const percent = Math.min(100, (200 * SAMPLED_CODES) / size.codes);
  const { rows } = await client.query<{ code: string }>(`select code from (select code from qr_codes tablesample system (${percent}) where package_id is not null) as s order by random() limit ${SAMPLED_CODES}`);
  const packages = Math.ceil(size.codes / PACKAGE_SIZE);
  return {
    memorials,
    codes: rows.map((r) => r.code),
    packages: Array.from({ length: 50 }, (_, i) => `Pakke ${1 + Math.floor(((i + 0.5) * packages) / 50)}`),
  };
}

/** The codes in their packages, each in its state, and their events. */
async function seedCodes(client: pg.Client, size: WorldSize, packages: number): Promise<void> {
  await timed(`${number(size.codes)} codes in ${number(packages)} packages`, async () => {
    for (let from = 0; from < size.codes; from += CODE_BATCH) {
      const batch = Array.from({ length: Math.min(CODE_BATCH, size.codes - from) }, () => generateCode(randomBytes));
      // n is the code's number in the whole world: its state, package, memorial and holder follow from it.
      await client.query(
        `insert into qr_codes (code, status, package_id, memorial_id, claimed_by, claimed_at, created_at)
         select c.code, g.status, p.id,
                case when g.status = 'linked' then m.id end,
                case when g.status in ('claimed', 'linked') then u.id end,
                case when g.status in ('claimed', 'linked') then now() - (g.n % 365) * interval '1 day' end,
                now() - (g.n % 365) * interval '1 day' - interval '60 days'
         from unnest($1::text[]) with ordinality as c(code, i)
         cross join lateral (select $2::int + c.i::int as n, (${SLOTS})[1 + ($2::int + c.i::int) % 20] as status) as g
         join bulk_packages p on p.rn = 1 + (g.n - 1) / ${PACKAGE_SIZE}
         -- A stone opens a memorial that is shown: the one before a deleted one instead.
         left join bulk_memorials m on m.rn = 1 + g.n % $3::int - case when (1 + g.n % $3::int) % 50 = 0 then 1 else 0 end and g.status = 'linked'
         left join bulk_users u on u.rn = 1 + g.n % $4::int and g.status in ('claimed', 'linked')
         on conflict do nothing`,
        [batch, from, size.memorials, size.accounts],
      );
      progress('codes', from + batch.length, size.codes);
    }
  });
  await timed('their events (made, claimed, linked)', async () => {
    await client.query(`insert into qr_code_events (code, from_status, event, at) select code, null, 'created', created_at from qr_codes where package_id is not null`);
    await client.query(`insert into qr_code_events (code, from_status, event, at) select code, 'shipped', 'claimed', claimed_at from qr_codes where claimed_at is not null and package_id is not null`);
    await client.query(`insert into qr_code_events (code, from_status, event, at) select code, 'claimed', 'linked', claimed_at + interval '1 hour' from qr_codes where status = 'linked' and package_id is not null`);
  });
}

/**
 * Runs `load` with the secondary indexes of `tables` dropped and builds them again afterwards from
 * their own definitions: PostgreSQL builds an index over millions of rows in one sorted pass far
 * faster than it updates it row by row. Primary keys and constraints stay, so every row is checked
 * as it goes in.
 */
async function withIndexesAfter(client: pg.Client, tables: string[], load: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any($1) and indexname not in (select conname from pg_constraint)`,
    [tables],
  );
  for (const index of rows) await client.query(`drop index "${index.indexname}"`);
  await load();
  await timed(`${rows.length} indexes of ${tables.join(' and ')} built`, async () => {
    for (const index of rows) await client.query(index.indexdef);
  });
}

function progress(what: string, done: number, total: number) {
  if (total >= 1_000_000) process.stdout.write(`\r    ${what}: ${number(done)} of ${number(total)}`);
  if (total >= 1_000_000 && done >= total) process.stdout.write('\n');
}
