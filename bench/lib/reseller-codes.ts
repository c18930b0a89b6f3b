/**
 * A dealer's codes for bench/reseller-dashboard.ts, made in SQL (INSERT … SELECT from
 * generate_series) through the real tables, so that qr_codes' and qr_code_events' statement
 * triggers keep qr_status_counts and reseller_monthly_stats as they do in production:
 *
 *   - the dealer (Kjær Stenhuggeri ApS, approved) with its account and a session row written
 *     directly; `otherResellers` other approved dealers with theirs; `families` family accounts;
 *   - the dealer's `codes` codes in 5 packages: four shipped 350, 260, 170 and 80 days ago, the
 *     fifth made 10 days ago and still on the way (in stock at the warehouse). Of the shipped
 *     codes 2 in 100 are void, 22 linked to a memorial of their own (one memorial each, made by the
 *     family), 20 claimed by a family account, 15 given to a family and waiting, 41 on the shelf;
 *     every given code and half of the claimed and linked ones have a live hand-over (the family's
 *     name, and an e-mail address for 4 in 5), and 1 in 10 of those on the shelf a withdrawn one;
 *   - `otherCodes` codes of the other dealers and of direct sale (1 package in 5 has no dealer),
 *     in packages of 10,000 made over the last two years (1 in 9 still on the way), in the same
 *     mix of states and with the same hand-overs, so the dealer's queries find its own among many;
 *   - every code's events as the lifecycle writes them (created, produced, in_stock, shipped,
 *     claimed, linked, void), each kind in one statement, dated from its package's making to now.
 *
 * Codes are ten characters of the code alphabet, scattered over the key space (n times an odd
 * number modulo 32^10, so unique), the dealer's interleaved with everyone else's in the primary
 * key's order; the tenth is not a check character (nothing here validates one).
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { isValidCvr } from '../../src/shared/cvr';
import { CODE_ALPHABET } from '../../src/shared/qr-code';
import { number, timed } from './back-office-data';
import { DOMAINS, FIRST, LAST, sqlArray } from './people';

export interface ResellerSize {
  codes: number;
  otherCodes: number;
  otherResellers: number;
  families: number;
}

export interface SeededReseller {
  resellerId: string;
  /** The dealer's session cookie. */
  cookie: string;
  /** The dealer's codes per state as seeded (its dashboard's states). */
  states: Record<string, number>;
}

export const PACKAGES = 5;
const OTHER_PACKAGE_SIZE = 10_000;
const SCRAMBLE = 25_214_903_917n; // odd: n ↦ n·SCRAMBLE mod 2^50 is one to one

/** Code n as SQL: its ten characters, five bits each, from n·SCRAMBLE's lowest 50 bits. */
const codeOf = (n: string) =>
  Array.from({ length: 10 }, (_, i) => `substr('${CODE_ALPHABET}', 1 + (((${n}::bigint * ${SCRAMBLE}) >> ${5 * (9 - i)}) & 31)::int, 1)`).join(' || ');

/** Person n's name and e-mail address in SQL, as people.ts makes the accounts' (lateral `parts`). */
const personParts = (n: string) => `lateral (select (${sqlArray(FIRST)})[1 + ${n} % ${FIRST.length}] as first, (${sqlArray(LAST)})[1 + (${n} / ${FIRST.length}) % ${LAST.length}] as last, (${sqlArray(DOMAINS)})[1 + ${n} % ${DOMAINS.length}] as domain) as parts`;
const emailOf = (n: string) => `translate(lower(parts.first || '.' || parts.last), 'æøå', 'eoa') || ${n} || '@' || parts.domain`;

function cvrs(count: number): string[] {
  const out: string[] = [];
  for (let n = 31_000_000; out.length < count; n += 1) if (isValidCvr(String(n))) out.push(String(n));
  return out;
}

export async function seedResellerCodes(client: pg.Client, size: ResellerSize): Promise<SeededReseller> {
  const { codes: CODES, otherCodes: OTHER, otherResellers: R, families: F } = size;
  const [ownCvr, ...otherCvrs] = cvrs(R + 1);

  const { rows: dealer } = await client.query<{ user_id: string; reseller_id: string }>(
    `with account as (
       insert into users (full_name, username, email, password_hash, created_at) values ('Bente Kjær', 'kjaersten', 'bente@kjaer-sten.dk', 'ingen-adgangskode', now() - interval '400 days') returning id
     )
     insert into resellers (user_id, company_name, cvr, kind, contact_name, email, phone, address, postcode, town, status, status_changed_at, approved_at,
                            terms_version, terms_accepted_at, commission_basis_points, referral_code, created_at)
     select id, 'Kjær Stenhuggeri ApS', $1, 'stone_dealer', 'Bente Kjær', 'bente@kjaer-sten.dk', '86 12 34 56', 'Stenhuggervej 4', '8600', 'Silkeborg', 'approved',
            now() - interval '395 days', now() - interval '395 days', '2026-1', now() - interval '400 days', 1000, 'KJAERSTEN1', now() - interval '400 days'
     from account returning user_id, id as reseller_id`,
    [ownCvr],
  );
  const { user_id: dealerUser, reseller_id: resellerId } = dealer[0]!;
  const { rows: others } = await client.query<{ id: string }>(
    `with accounts as (
       insert into users (full_name, username, email, password_hash, created_at)
       select 'Forhandler ' || k, 'forhandler' || k, 'forhandler' || k || '@eksempel.dk', 'ingen-adgangskode', now() - interval '800 days' from generate_series(1, $1::int) as k
       returning id, substr(username, 11)::int as k
     )
     insert into resellers (user_id, company_name, cvr, kind, contact_name, email, status, approved_at, commission_basis_points, referral_code, town, postcode, created_at)
     select id, 'Stenhuggeri nr. ' || k || ' ApS', ($2::text[])[k], 'stone_dealer', 'Forhandler ' || k, 'forhandler' || k || '@eksempel.dk', 'approved',
            now() - interval '790 days', 1000, 'PARTNER' || k, 'Aarhus', '8000', now() - interval '800 days'
     from accounts returning id`,
    [R, otherCvrs],
  );

  await timed(`${number(F)} family accounts`, async () => {
    await client.query(
      `insert into users (full_name, username, email, password_hash, created_at, updated_at)
       select parts.first || ' ' || parts.last, 'familie' || n, ${emailOf('n')}, 'ingen-adgangskode', t, t
       from (select n, now() - random() * interval '365 days' as t from generate_series(1, $1::int) as n) as g, ${personParts('n')}`,
      [F],
    );
    await client.query(`create temp table bench_families as select id, row_number() over (order by id) as rn from users where username like 'familie%'`);
  });

  // The packages: the dealer's five, then everyone else's of 10,000 (1 in 5 for direct sale).
  await client.query(
    `create temp table bench_packages as
     select no, gen_random_uuid() as id, reseller_id, status, created_at, case when status = 'shipped' then created_at + interval '7 days' end as shipped_at
     from (
       select no, $1::uuid as reseller_id, case when no = 5 then 'in_stock' else 'shipped' end as status,
              now() - (array[350, 260, 170, 80, 10])[no] * interval '1 day' as created_at
       from generate_series(1, ${PACKAGES}) as no
       union all
       select 6 + k, case when k % 5 = 4 then null else ($2::uuid[])[1 + k % $3::int] end, case when k % 9 = 8 then 'produced' else 'shipped' end,
              now() - (10 + (k * 37) % 690) * interval '1 day'
       from generate_series(0, $4::int - 1) as k
     ) as p`,
    [resellerId, others.map((o) => o.id), R, Math.ceil(OTHER / OTHER_PACKAGE_SIZE)],
  );

  // Every code's fate and moments, worked out once; the tables are written from this.
  await timed(`the plan of ${number(CODES + OTHER)} codes`, async () => {
    await client.query(
      `create temp table bench_codes as
       select c.*,
              case when state in ('claimed', 'linked') then claimed_at + r2 * least(interval '20 days', now() - claimed_at) end as linked_at,
              case when state = 'void' then shipped_at + r1 * (now() - shipped_at) end as void_at,
              case when state = 'shipped' then shipped_at + r3 * (now() - shipped_at) else shipped_at + r3 * (claimed_at - shipped_at) end as handover_at,
              reseller_id is not null and ((state = 'shipped' and h < 59) or (state in ('claimed', 'linked') and h % 2 = 0)) as given,
              reseller_id is not null and state = 'shipped' and h >= 59 and h % 10 = 0 as withdrawn
       from (
         select b.*, case when state in ('claimed', 'linked') then shipped_at + r1 * (now() - shipped_at) end as claimed_at
         from (
           select g.n, ${codeOf('g.n')} as code, p.id as package_id, p.reseller_id, p.created_at, p.shipped_at, h,
                  case when p.status <> 'shipped' then p.status when h < 2 then 'void' when h < 24 then 'linked' when h < 44 then 'claimed' else 'shipped' end as state,
                  random() as r1, random() as r2, random() as r3
           from generate_series(1, $1::int) as g(n)
           cross join lateral (select (g.n * 19) % 100 as h) as s
           join bench_packages p on p.no = case when g.n <= $2::int then 1 + (g.n - 1)::bigint * ${PACKAGES} / $2::int else 6 + (g.n - $2::int - 1) / ${OTHER_PACKAGE_SIZE} end
         ) as b
       ) as c`,
      [CODES + OTHER, CODES],
    );
    await client.query(
      `insert into qr_packages (id, name, size, reseller_id, status, created_at)
       select p.id, case when p.no <= ${PACKAGES} then 'Kjær Stenhuggeri, pakke ' || p.no else 'Pakke ' || p.no end, count(*), p.reseller_id, p.status, p.created_at
       from bench_packages p join bench_codes c on c.package_id = p.id group by p.id, p.no, p.reseller_id, p.status, p.created_at`,
    );
  });

  await timed('memorials for the linked codes', () =>
    client.query(
      `insert into memorials (slug, name, created_by, created_at, updated_at)
       select 'mindeside-' || c.n, parts.first || ' ' || parts.last, f.id, c.linked_at - interval '1 hour', c.linked_at
       from bench_codes c join bench_families f on f.rn = 1 + c.n % ${F}, ${personParts('c.n')}
       where c.state = 'linked'`,
    ),
  );
  await timed('codes', () =>
    client.query(
      `insert into qr_codes (code, status, package_id, reseller_id, claimed_by, claimed_at, memorial_id, created_at)
       select c.code, c.state, c.package_id, c.reseller_id, case when c.state in ('claimed', 'linked') then f.id end, c.claimed_at, m.id, c.created_at
       from bench_codes c
       join bench_families f on f.rn = 1 + c.n % ${F}
       left join memorials m on c.state = 'linked' and m.slug = 'mindeside-' || c.n`,
    ),
  );
  await timed('their events', async () => {
    const steps: [string | null, string, string, string][] = [
      [null, 'created', 'created_at', 'true'],
      ['created', 'produced', `created_at + interval '2 days'`, 'true'],
      ['produced', 'in_stock', `created_at + interval '4 days'`, `state <> 'produced'`],
      ['in_stock', 'shipped', 'shipped_at', 'shipped_at is not null'],
      ['shipped', 'claimed', 'claimed_at', 'claimed_at is not null'],
      ['claimed', 'linked', 'linked_at', `state = 'linked'`],
      ['shipped', 'void', 'void_at', `state = 'void'`],
    ];
    for (const [from, event, at, where] of steps) {
      await client.query(`insert into qr_code_events (code, from_status, event, at) select code, $1, $2, ${at} from bench_codes where ${where} order by ${at}`, [from, event]);
    }
  });
  await timed('hand-overs', async () => {
    const columns = (withdrawn: boolean) =>
      `select c.code, c.reseller_id, parts.first || ' ' || parts.last, case when c.n % 5 <> 0 then ${emailOf('c.n')} end, r.user_id, c.handover_at,
              ${withdrawn ? `c.handover_at + interval '2 days'` : 'null::timestamptz'}
       from bench_codes c join resellers r on r.id = c.reseller_id, ${personParts('c.n')}`;
    await client.query(`insert into code_handovers (code, reseller_id, family_name, email, given_by, created_at, withdrawn_at) ${columns(false)} where c.given`);
    await client.query(`insert into code_handovers (code, reseller_id, family_name, email, given_by, created_at, withdrawn_at) ${columns(true)} where c.withdrawn`);
  });
  await timed('VACUUM ANALYZE', () => client.query('vacuum analyze'));

  const { rows: states } = await client.query<{ state: string; n: string }>(
    `select case when state in ('created', 'produced', 'in_stock') then 'on_the_way' when state = 'shipped' and given then 'given' else state end as state, count(*) as n
     from bench_codes where reseller_id = $1 group by 1`,
    [resellerId],
  );
  const token = randomBytes(32).toString('base64url');
  await client.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [createHash('sha256').update(token).digest('hex'), dealerUser]);
  await client.query('drop table bench_codes, bench_packages, bench_families');
  return { resellerId, cookie: `${SESSION_COOKIE}=${token}`, states: Object.fromEntries(states.map((s) => [s.state, Number(s.n)])) };
}
