/**
 * The back office's search for people (/admin/users): what is typed decides where to look, and each
 * kind of look-up has its own index (migrations 0012, 0029 and 0030), so a search among a million
 * accounts reads the few it finds, or a page of the newest when it finds more than the cap:
 * - a well-formed QR code: the account that claimed it (qr_codes' primary key);
 * - text with '@': an e-mail address by its beginning (users_email_prefix_idx);
 * - anything else: a username by its beginning (users_username_prefix_idx) or a name whose words
 *   begin with the typed words, in any order (users_name_prefixes_idx: every beginning of every
 *   word of each name, so each typed word is one key of a GIN index).
 */
import { type AnyColumn, type SQL, and, asc, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { type PeopleSearch, type PeopleSearchResult, PEOPLE_COUNT_CAP, PEOPLE_PAGE_SIZE } from '../../shared/people';
import { parseCode } from '../../shared/qr-code';
import type { Db } from '../db/connection';
import { memorialMembers, qrCodes, users } from '../db/schema';
import { beginningWith } from '../lib/like-patterns';

/** At most this many words of a name are matched; more only slows the query and never narrows a real name. */
const MAX_NAME_WORDS = 6;

/**
 * The typed words, lower-cased, of letters and digits only ("Kar hans" → kar, hans), so nothing
 * typed can be tsquery syntax; the text search parser splits a name the same way (a hyphenated
 * "Hansen-Møller" has the words hansen and møller, and hansen-møller).
 */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, MAX_NAME_WORDS);
}

/** The username begins with `q`, in any case (users_username_prefix_idx). */
const usernameBegins = (q: string) => sql`lower(${users.username}) like ${beginningWith(q.toLowerCase())}`;

/**
 * How a query finds its matches: `indexes` for the page in the alphabet and the count (every match
 * is read, from the indexes), `newest first` for the page of a search with more matches than the
 * cap (PostgreSQL walks the accounts newest first and stops after a page, testing each on the way).
 */
type Reading = 'indexes' | 'newest first';

/**
 * The name's words begin with the typed words. Read from the indexes: every beginning of every word
 * is a key of users_name_prefixes_idx (and its statistics tell the planner how common a word is).
 * Tested on a walk: each word's letters somewhere in the name, a cheap test that rules out almost
 * every account, before the name's words are worked out (to_tsvector, the same words
 * name_word_prefixes takes the beginnings of) for the few that pass. Written so that the walk's
 * test has no index: it stays a walk, with no estimate of it to mislead the planner.
 */
function byName(words: string[], reading: Reading): SQL {
  if (reading === 'indexes') return sql`name_word_prefixes(${users.fullName}) @> array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]`;
  const letters = words.map((word) => sql`strpos(lower(${users.fullName}), ${word}) > 0`);
  const tsquery = words.map((word) => `${word}:*`).join(' & ');
  return sql.join([...letters, sql`to_tsvector('simple', ${users.fullName}) @@ to_tsquery('simple', ${tsquery})`], sql` and `);
}

/**
 * The ways an account can match what was typed, any one enough, each with an index of its own;
 * none when nothing is typed.
 */
function textMatches(q: string, reading: Reading): SQL[] {
  if (q === '') return [];
  const username = usernameBegins(q);
  const code = parseCode(q);
  // One username in 32 of the right length and letters passes a code's check character, so a code
  // is also tried as the beginning of a username. "id = (the claimant)", not "id in (…)": a value
  // found first, which the primary key looks up (an "in" read every account).
  if (code) return [sql`${users.id} = (select ${qrCodes.claimedBy} from ${qrCodes} where ${qrCodes.code} = ${code})`, username];
  if (q.includes('@')) return [sql`${users.email} like ${beginningWith(q.toLowerCase())}`];
  const words = nameWords(q);
  if (words.length === 0) return [username];
  // A username has no spaces: with one, only names are searched.
  if (/\s/.test(q)) return [byName(words, reading)];
  return [username, byName(words, reading)];
}

/** The role and status chosen beside the text. */
function filters(search: Pick<PeopleSearch, 'role' | 'status'>): SQL | undefined {
  return and(
    search.role ? eq(users.role, search.role) : undefined,
    search.status === 'active' ? isNull(users.disabledAt) : search.status === 'disabled' ? isNotNull(users.disabledAt) : undefined,
  );
}

export function searchCondition(search: Pick<PeopleSearch, 'q' | 'role' | 'status'>, reading: Reading): SQL | undefined {
  const ways = textMatches(search.q, reading);
  return and(ways.length > 1 ? or(...ways) : ways[0], filters(search));
}

const summaryColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  role: users.role,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/**
 * Up to PEOPLE_COUNT_CAP + 1 matches, read through the indexes: with two ways to match (a username
 * or a name), each way's own read and their union. One read with an OR would have PostgreSQL test
 * every account found by either index against both ways again, working out each name's word
 * beginnings (a thousand "Holm"s: 8 ms of the 17).
 */
function matches(db: Db, search: PeopleSearch) {
  const limit = PEOPLE_COUNT_CAP + 1;
  const read = (way: SQL | undefined) => db.select(summaryColumns).from(users).where(and(way, filters(search))).limit(limit);
  const [first, second] = textMatches(search.q, 'indexes');
  return second ? union(read(first), read(second)).limit(limit) : read(first);
}

/** How many memorials the person is a member of: for the page's rows only, after the match is made. */
const memorialCount = (userId: AnyColumn) => sql<number>`(select count(*)::int from ${memorialMembers} where ${memorialMembers.userId} = ${userId})`;

/**
 * The page of a search in the alphabet, and how many match (up to PEOPLE_COUNT_CAP + 1), from one
 * read of the matches: the name index is read once, where a count and a page read it twice (a
 * common name's words are some 40,000 index entries among a million accounts). Each row carries the
 * total; a page past the last has no rows, and then no total (countQuery tells it).
 */
export function byNameQuery(db: Db, search: PeopleSearch) {
  const matching = db.$with('matching').as(matches(db, search));
  return db
    .with(matching)
    .select({
      id: matching.id,
      fullName: matching.fullName,
      username: matching.username,
      email: matching.email,
      role: matching.role,
      disabledAt: matching.disabledAt,
      createdAt: matching.createdAt,
      memorialCount: memorialCount(matching.id),
      total: sql<number>`(select count(*)::int from ${matching})`,
    })
    .from(matching)
    .orderBy(asc(matching.fullName), asc(matching.id))
    .limit(PEOPLE_PAGE_SIZE)
    .offset((search.page - 1) * PEOPLE_PAGE_SIZE);
}

/**
 * The page newest first: with nothing typed, or when more than PEOPLE_COUNT_CAP match (a letter
 * or a common surname), staff then look for a recent account or type more, and PostgreSQL walks
 * users_created_idx and stops after a page, where the alphabet would have it sort every match.
 */
export function newestFirstQuery(db: Db, search: PeopleSearch) {
  return db
    .select({ ...summaryColumns, memorialCount: memorialCount(users.id) })
    .from(users)
    .where(searchCondition(search, 'newest first'))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PEOPLE_PAGE_SIZE)
    .offset((search.page - 1) * PEOPLE_PAGE_SIZE);
}

/**
 * How many match, counted up to PEOPLE_COUNT_CAP + 1: beyond the cap the number tells staff only
 * to type more, and counting every "m…" of a million accounts costs a read of a third of them.
 */
export function countQuery(db: Db, search: PeopleSearch) {
  const matching = matches(db, search).as('matching');
  return db.select({ n: count() }).from(matching);
}

/**
 * Past this many matches by the planner's statistics a search is not counted: it is over the cap by
 * a margin no statistic goes stale by (autovacuum reads them again after a tenth of the accounts
 * change), and counting a common surname's first thousand reads a thousand accounts from the table.
 */
export const SURELY_OVER_CAP = 10 * PEOPLE_COUNT_CAP;

/**
 * How many accounts the planner expects to match (EXPLAIN, which reads no account): a name's word
 * beginnings are in the statistics of users_name_prefixes_idx, a username's beginning in those of
 * its index.
 */
export async function expectedMatches(db: Db, search: PeopleSearch): Promise<number> {
  const plan = (await db.execute(sql`explain (format json) ${db.select({ id: users.id }).from(users).where(searchCondition(search, 'indexes'))}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const json = plan.rows[0]!['QUERY PLAN'];
  const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
  return top.Plan['Plan Rows'];
}

/** The usernames beginning with `q`, counted up to PEOPLE_COUNT_CAP + 1 from their index alone (it includes the username: migration 0030). */
async function usernamesBeginning(db: Db, q: string): Promise<number> {
  const beginning = db
    .select({ one: sql`1` })
    .from(users)
    .where(usernameBegins(q))
    .limit(PEOPLE_COUNT_CAP + 1)
    .as('beginning');
  const [row] = await db.select({ n: count() }).from(beginning);
  return Number(row?.n ?? 0);
}

/**
 * More than PEOPLE_COUNT_CAP match, known without reading a thousand accounts from the table: the
 * usernames that begin with the text counted from their index (exactly, when no role or status is
 * chosen, which the index does not hold), or the planner expecting more than SURELY_OVER_CAP. A
 * code or an e-mail address matches one account at most and is not asked about.
 */
async function surelyOverCap(db: Db, search: PeopleSearch): Promise<boolean> {
  if (parseCode(search.q) || search.q.includes('@')) return false;
  const byUsername = !/\s/.test(search.q) && filters(search) === undefined;
  const [usernames, expected] = await Promise.all([byUsername ? usernamesBeginning(db, search.q) : 0, expectedMatches(db, search)]);
  return usernames > PEOPLE_COUNT_CAP || expected > SURELY_OVER_CAP;
}

type Row = Awaited<ReturnType<typeof newestFirstQuery>>[number];

async function pageAndTotal(db: Db, search: PeopleSearch): Promise<{ rows: Row[]; total: number }> {
  const counted = async () => Number((await countQuery(db, search))[0]?.n ?? 0);
  if (search.q === '') return { rows: await newestFirstQuery(db, search), total: await counted() };
  if (await surelyOverCap(db, search)) return { rows: await newestFirstQuery(db, search), total: PEOPLE_COUNT_CAP + 1 };
  const byName = await byNameQuery(db, search);
  // No rows: nothing matches, or the page is past the last match; the count alone says which.
  const total = byName.length > 0 ? Number(byName[0]!.total) : search.page === 1 ? 0 : await counted();
  if (total <= PEOPLE_COUNT_CAP) return { rows: byName, total };
  return { rows: await newestFirstQuery(db, search), total };
}

export async function searchPeople(db: Db, search: PeopleSearch): Promise<PeopleSearchResult> {
  const { rows, total } = await pageAndTotal(db, search);
  return {
    users: rows.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      username: row.username,
      email: row.email,
      role: row.role,
      memorialCount: Number(row.memorialCount),
      disabledAt: row.disabledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Math.min(total, PEOPLE_COUNT_CAP),
    totalIsCapped: total > PEOPLE_COUNT_CAP,
    page: search.page,
    pageSize: PEOPLE_PAGE_SIZE,
  };
}
