/**
 * The back office's benchmark data, made in SQL (INSERT … SELECT from generate_series) on a
 * PostgreSQL database: valid rows of the real schema, dated over the last two years, so that
 * counts, searches and the 90 days' charts have a realistic amount to go through.
 */
import type pg from 'pg';

export interface BackOfficeSize {
  accounts: number;
  memorials: number;
  codes: number;
}

/** Codes per INSERT statement. */
const BATCH = 200_000;

export const number = (n: number) => n.toLocaleString('da-DK');

export async function timed(label: string, work: () => Promise<unknown>) {
  const started = Date.now();
  await work();
  process.stdout.write(`  ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Writes the rows and runs VACUUM ANALYZE, printing how long each kind took. */
export async function seedBackOffice(client: pg.Client, size: BackOfficeSize) {
  const { accounts: ACCOUNTS, memorials: MEMORIALS, codes: CODES } = size;
  // Each row's own moment: random() in the select list of the inner query is drawn per row.
  await timed(`${number(ACCOUNTS)} accounts`, () =>
    client.query(
      `insert into users (full_name, username, email, password_hash, created_at, updated_at)
       select 'Bruger ' || n, 'bench' || n, 'bench' || n || '@eksempel.dk', 'ingen-adgangskode', t, t
       from (select n, now() - random() * interval '730 days' as t from generate_series(1, $1::int) as n) as g`,
      [ACCOUNTS],
    ),
  );
  await timed(`${number(MEMORIALS)} memorials`, () =>
    client.query(
      `insert into memorials (slug, name, created_at, updated_at, deleted_at)
       select 'bench-' || n, 'Mindeside ' || n, t, t, case when n % 50 = 0 then t + interval '1 day' end
       from (select n, now() - random() * interval '730 days' as t from generate_series(1, $1::int) as n) as g`,
      [MEMORIALS],
    ),
  );
  // Numbered, so a code can be given the n-th memorial or account without a random lookup each.
  await client.query('create temp table bench_memorials as select id, row_number() over (order by id) as rn from memorials');
  await client.query('create temp table bench_users as select id, row_number() over (order by id) as rn from users');

  await timed(`${number(MEMORIALS * 5)} posts`, () =>
    client.query(
      `insert into memorial_posts (memorial_id, kind, status, name, message, created_at)
       select m.id, case when p % 3 = 0 then 'guestbook' else 'candle' end, case when (m.rn + p) % 50 = 0 then 'pending' else 'approved' end,
              'Besøgende', case when p % 3 = 0 then 'Tak for alt.' end, now() - random() * interval '365 days'
       from bench_memorials m cross join generate_series(0, 4) as p`,
    ),
  );

  // 20 slots: created 3, produced 2, in stock 4, shipped 4, claimed 2, linked 4, void 1.
  const slots = `array['created','created','created','produced','produced','in_stock','in_stock','in_stock','in_stock','shipped','shipped','shipped','shipped','claimed','claimed','linked','linked','linked','linked','void']`;
  await timed(`${number(CODES)} codes`, async () => {
    for (let from = 1; from <= CODES; from += BATCH) {
      await client.query(
        `insert into qr_codes (code, status, memorial_id, claimed_by, claimed_at, created_at)
         select 'BENCH' || lpad(g.n::text, 8, '0'), g.status,
                case when g.status = 'linked' then m.id end,
                case when g.status in ('claimed', 'linked') then u.id end,
                case when g.status in ('claimed', 'linked') then g.t end,
                g.t - interval '60 days'
         from (select n, (${slots})[1 + n % 20] as status, now() - random() * interval '365 days' as t from generate_series($1::int, $2::int) as n) as g
         left join bench_memorials m on m.rn = 1 + g.n % ${MEMORIALS}
         left join bench_users u on u.rn = 1 + g.n % ${ACCOUNTS}`,
        [from, Math.min(CODES, from + BATCH - 1)],
      );
    }
  });
  await timed('their events', async () => {
    await client.query(`insert into qr_code_events (code, from_status, event, at) select code, null, 'created', created_at from qr_codes`);
    await client.query(`insert into qr_code_events (code, from_status, event, at) select code, 'shipped', 'claimed', claimed_at from qr_codes where claimed_at is not null`);
    await client.query(`insert into qr_code_events (code, from_status, event, at) select code, 'claimed', 'linked', claimed_at + interval '1 hour' from qr_codes where status = 'linked'`);
  });

  await timed('jobs, contact messages and staff actions', async () => {
    await client.query(
      `insert into jobs (kind, payload, run_at, attempts, done_at, failed_at, last_error, created_at)
       select 'send-mail', '{}', t, 1, case when n > 300 then t end, case when n <= 300 then t end, case when n <= 300 then 'SMTP svarede ikke' end, t
       from (select n, now() - random() * interval '30 days' as t from generate_series(1, 50000) as n) as g`,
    );
    await client.query(
      `insert into contact_messages (name, email, subject, message, status, created_at, last_activity_at)
       select 'Afsender ' || n, 'afsender' || n || '@eksempel.dk', 'Spørgsmål', 'Hvordan flytter jeg en QR-kode?',
              case when n <= 40 then 'new' when n % 2 = 0 then 'answered' else 'closed' end, t, t
       from (select n, now() - random() * interval '365 days' as t from generate_series(1, 5000) as n) as g`,
    );
    await client.query(
      `insert into staff_actions (actor_id, actor_name, action, target_user_id, at)
       select null, 'Anne Holm', (array['user.role','user.disable','user.password-reset','support.reply'])[1 + n % 4], u.id, now() - random() * interval '365 days'
       from generate_series(1, 10000) as n join bench_users u on u.rn = 1 + n % ${ACCOUNTS}`,
    );
  });
  await timed('VACUUM ANALYZE', () => client.query('vacuum analyze'));
}

