/**
 * Issue 20's budget for the back office's search for people: GET /api/admin/users over 100,000
 * accounts on PostgreSQL, p99 under 50 ms at 10 connections. A benchmark, not a test: it prints
 * the figures and exits 1 when the budget is missed.
 *
 *   npm run bench:admin-users     (or: ACCOUNTS=100000 SECONDS=20 npx tsx bench/admin-users-search.ts)
 *
 * On BENCH_POSTGRES_URL's server it makes a database bench_people_<pid>_…, starts the production
 * server on it, and seeds in SQL (INSERT … SELECT from generate_series) ACCOUNTS accounts with
 * Danish names (50 first names, some with a middle name, 45 surnames, so "Jensen" is one account in
 * 45 as in life it is one in twenty), usernames and addresses made from them, a few support and
 * production staff, one account in 97 closed, and 2,000 QR codes claimed by accounts drawn at
 * random. An admin signs in by a session row written directly, its second factor passed. Then:
 *   1. how PostgreSQL reads each kind of search (EXPLAIN ANALYZE of the server's own queries,
 *      search.ts's byNameQuery, newestFirstQuery and countQuery): which index, and how long;
 *   2. autocannon, 10 connections, 5 s warm-up then SECONDS: a mix of what staff type (a name's
 *      words, the beginning of a username, the beginning of an e-mail address up to and past the
 *      @, a QR code as printed), some with a role or status filter or on page 2.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { DOMAINS, adminSession, ascii, first, last, seedAccounts } from './lib/people';
import { byNameQuery, countQuery, newestFirstQuery } from '../src/server/people/search';
import type { Db } from '../src/server/db/connection';
import * as schema from '../src/server/db/schema';
import { PEOPLE_COUNT_CAP, type PeopleSearch, peopleSearchQuery } from '../src/shared/people';
import { formatCode } from '../src/shared/qr-code';
import { formatLoad, measureRequests } from './lib/load';
import { verdict, withPostgresServer } from './lib/server';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 100_000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const BUDGET = { p99Ms: 50 };

/** What staff type, drawn across the accounts: each kind a quarter of the mix. */
function searches(codes: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < 400; i++) {
    const n = 1 + Math.floor(Math.random() * ACCOUNTS);
    const filter = i % 10 === 0 ? '&status=active' : i % 10 === 1 ? '&role=user' : i % 10 === 2 ? '&page=2' : '';
    const kind = i % 4;
    let q: string;
    if (kind === 0) q = [`${first(n)} ${last(n)}`, last(n), `${first(n).slice(0, 3)} ${last(n).slice(0, 4)}`, `${ascii(last(n))}`][Math.floor(i / 4) % 4]!;
    else if (kind === 1) q = `${first(n).toLowerCase()}${String(n).slice(0, 1 + (i % String(n).length))}`;
    else if (kind === 2) q = `${ascii(`${first(n)}.${last(n)}`)}${n}@${i % 2 ? '' : DOMAINS[n % DOMAINS.length]!.slice(0, 3)}`;
    else q = formatCode(codes[i % codes.length]!);
    out.push(`/api/admin/users?q=${encodeURIComponent(q)}${filter}`);
  }
  return out;
}

/** Which indexes a plan reads and how long it took, from EXPLAIN ANALYZE. */
async function explain(client: pg.Client, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${sql}`, params);
  const plan = rows.map((r) => r['QUERY PLAN']);
  const indexes = [...new Set(plan.flatMap((line) => [...line.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?(?:using|on) (\w+)/g)].map((m) => m[1]!)))];
  const seq = plan.some((line) => /Seq Scan on users/.test(line));
  const time = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  return `${indexes.join(', ') || 'no index'}${seq ? ', SEQ SCAN on users' : ''}; ${time}`;
}

async function main() {
  await withPostgresServer('bench_people', { codes: 0 }, async ({ server, client }) => {
    process.stdout.write(`\nSeeding ${ACCOUNTS.toLocaleString('da-DK')} accounts ...\n`);
    const codes = await seedAccounts(client, ACCOUNTS);
    const cookie = await adminSession(client);
    const db = drizzle(client, { schema }) as unknown as Db;

    process.stdout.write(`\nHow PostgreSQL reads each kind of search (the count, up to ${PEOPLE_COUNT_CAP.toLocaleString('da-DK')}, then the page of 25):\n`);
    const kinds: [string, Partial<PeopleSearch>][] = [
      ['name words "Karen Jens"', { q: 'Karen Jens' }],
      ['a surname "Hansen"', { q: 'Hansen' }],
      ['one letter "m" (the broadest a search gets)', { q: 'm' }],
      ['username prefix "mette12"', { q: 'mette12' }],
      ['e-mail prefix "mette.hansen12@"', { q: 'mette.hansen12@' }],
      ['a QR code', { q: formatCode(codes[0]!) }],
      ['nothing typed (newest first)', {}],
      ['nothing typed, closed accounts', { status: 'disabled' }],
      ['nothing typed, support staff', { role: 'support' }],
    ];
    for (const [label, search] of kinds) {
      const parsed = peopleSearchQuery.parse(search);
      const [{ n }] = (await countQuery(db, parsed)) as [{ n: number }];
      const found = `${Math.min(n, PEOPLE_COUNT_CAP).toLocaleString('da-DK')}${n > PEOPLE_COUNT_CAP ? '+' : ''} found`;
      // As search.ts reads them: nothing typed, the newest first and a count; typed, the matches once in
      // the alphabet with their total, and past the cap the newest first as well.
      const reads =
        parsed.q === ''
          ? [`count: ${await explain(client, countQuery(db, parsed))}`, `page (newest first): ${await explain(client, newestFirstQuery(db, parsed))}`]
          : [`page by name and total: ${await explain(client, byNameQuery(db, parsed))}`, ...(n > PEOPLE_COUNT_CAP ? [`page (newest first): ${await explain(client, newestFirstQuery(db, parsed))}`] : [])];
      process.stdout.write(`  ${label}, ${found}:\n${reads.map((read) => `    ${read}\n`).join('')}`);
    }

    const paths = searches(codes);
    const check = await fetch(`${server.baseUrl}${paths[0]}`, { headers: { cookie } });
    if (!check.ok) throw new Error(`the search failed: ${check.status} ${await check.text()}`);

    process.stdout.write(`\nautocannon, 10 connections, ${paths.length} searches in turn: 5 s warm-up, then ${SECONDS} s measured ...\n`);
    const load = await measureRequests(
      server.baseUrl,
      paths.map((path) => ({ method: 'GET' as const, path, headers: { cookie } })),
      { connections: 10, seconds: SECONDS },
    );
    process.stdout.write(formatLoad('GET /api/admin/users?q=…', load));

    verdict([[`search over ${ACCOUNTS.toLocaleString('da-DK')} accounts: p50 ${load.p50} ms, p99 ${load.p99} ms < ${BUDGET.p99Ms} ms (every answer 200)`, load.p99 < BUDGET.p99Ms && load.non2xx === 0 && load.errors === 0]]);
  });
}

await main();
