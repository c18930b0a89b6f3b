/**
 * Accounts for bench/admin-users-search.ts, seeded in SQL: Danish names, usernames and addresses
 * made from them, a few staff, some closed accounts, claimed QR codes; and a verified admin's session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { generateCode } from '../../src/shared/qr-code';

const CLAIMED_CODES = 2_000;

export const FIRST = ['Anne', 'Kirsten', 'Mette', 'Hanne', 'Helle', 'Lene', 'Susanne', 'Maria', 'Karen', 'Marianne', 'Camilla', 'Louise', 'Inge', 'Pia', 'Lone', 'Bente', 'Charlotte', 'Tina', 'Jette', 'Ida', 'Emma', 'Sofie', 'Freja', 'Birgitte', 'Dorthe', 'Peter', 'Michael', 'Jens', 'Lars', 'Henrik', 'Thomas', 'Søren', 'Christian', 'Jan', 'Martin', 'Niels', 'Anders', 'Morten', 'Jesper', 'Mads', 'Rasmus', 'Ole', 'Per', 'Hans', 'Jørgen', 'Bjørn', 'Mikkel', 'Frederik', 'Emil', 'Aksel'];
const MIDDLE = ['', '', '', '', 'Marie ', 'Louise ', 'Holm ', 'Skov ', 'Juul ', 'Lykke '];
export const LAST = ['Nielsen', 'Jensen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen', 'Poulsen', 'Johansen', 'Møller', 'Mortensen', 'Knudsen', 'Jakobsen', 'Mikkelsen', 'Olesen', 'Frederiksen', 'Laursen', 'Henriksen', 'Lund', 'Schmidt', 'Eriksen', 'Holm', 'Kristiansen', 'Clausen', 'Simonsen', 'Svendsen', 'Andreasen', 'Iversen', 'Jeppesen', 'Vestergaard', 'Østergaard', 'Nørgaard', 'Dam', 'Bach', 'Kjær', 'Skov'];
export const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.dk', 'mail.dk', 'live.dk', 'yahoo.dk', 'jubii.dk', 'firma.dk'];

export const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** Account n's parts, as the SQL below makes them (for the requests that look for real accounts). */
export const first = (n: number) => FIRST[n % FIRST.length]!;
export const last = (n: number) => LAST[Math.floor(n / FIRST.length) % LAST.length]!;
export const ascii = (text: string) => text.toLowerCase().replace(/æ/g, 'e').replace(/ø/g, 'o').replace(/å/g, 'a');

export async function seedAccounts(client: pg.Client, accounts: number): Promise<string[]> {
  const started = Date.now();
  const f = FIRST.length;
  const l = LAST.length;
  await client.query(
    `insert into users (full_name, username, email, password_hash, role, disabled_at, created_at, updated_at)
     select parts.first || ' ' || parts.middle || parts.last,
            lower(parts.first) || n,
            translate(lower(parts.first || '.' || parts.last), 'æøå', 'eoa') || n || '@' || (${sqlArray(DOMAINS)})[1 + n % ${DOMAINS.length}],
            'bulk-account-without-password', 
            case when n % 500 = 0 then 'support' when n % 777 = 0 then 'production' else 'user' end,
            case when n % 97 = 0 then now() - interval '3 days' end,
            -- The day drawn apart from the name (a hash of n): with n % 2000 the newest accounts
            -- held 9 of the 45 surnames, and the newest-first list of a common surname walked
            -- 50,000 accounts to find its first, which no real sign-ups do.
            now() - (abs(hashint4(n)::bigint) % 2000) * interval '1 day' - (n % 86400) * interval '1 second',
            now()
     from generate_series(1, $1::int) as n,
          lateral (select (${sqlArray(FIRST)})[1 + n % ${f}] as first,
                          (${sqlArray(MIDDLE)})[1 + (n / ${f * l}) % ${MIDDLE.length}] as middle,
                          (${sqlArray(LAST)})[1 + (n / ${f}) % ${l}] as last) as parts
     -- Written in the order they signed up, as a live table grows: the newest accounts lie
     -- together at its end (written in n's order, a newest-first list read one page per row).
     order by 7`,
    [accounts],
  );
  const { rows } = await client.query<{ id: string }>(`select id from users order by random() limit ${CLAIMED_CODES}`);
  const codes = rows.map(() => generateCode(randomBytes));
  await client.query(
    `insert into qr_codes (code, status, claimed_by, claimed_at) select code, 'claimed', owner, now() from unnest($1::text[], $2::uuid[]) as c(code, owner)`,
    [codes, rows.map((r) => r.id)],
  );
  // VACUUM, not only ANALYZE: a bulk insert leaves most of the name index's new entries in GIN's
  // pending list, which every search then reads through (8 ms instead of 2 for "Karen Jens");
  // in a live database autovacuum merges it as accounts trickle in.
  await client.query('vacuum analyze users');
  await client.query('analyze qr_codes');
  process.stdout.write(`  ${accounts.toLocaleString('da-DK')} accounts and ${CLAIMED_CODES.toLocaleString('da-DK')} claimed codes written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return codes;
}

/**
 * A verified admin's session, written as a login and the second factor would write it; `tag` makes
 * the account's name its own (a database kept between runs already has the first one).
 */
export async function adminSession(client: pg.Client, tag = ''): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into users (full_name, username, email, password_hash, role) values ('Bench Administrator', $1, $2, 'x', 'admin') returning id`,
    [`benchadmin${tag}`, `admin${tag}@mindested.dk`],
  );
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into sessions (token_hash, user_id, expires_at, two_factor_verified_at) values ($1, $2, now() + interval '1 day', now())`, [
    createHash('sha256').update(token).digest('hex'),
    rows[0]!.id,
  ]);
  return `${SESSION_COOKIE}=${token}`;
}
