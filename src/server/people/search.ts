/**
 * The back office's search for people (/admin/users): what is typed decides where to look, and each
 * kind of look-up has its own index (migration 0012), so 100,000 accounts answer as fast as 100:
 * - a well-formed QR code: the account that claimed it (qr_codes' primary key);
 * - text with '@': an e-mail address by its beginning (users_email_prefix_idx);
 * - anything else: a username by its beginning (users_username_prefix_idx) or a name whose words
 *   begin with the typed words, in any order (users_full_name_words_idx, a GIN full-text index).
 */
import { type AnyColumn, type SQL, and, asc, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type PeopleSearch, type PeopleSearchResult, PEOPLE_COUNT_CAP, PEOPLE_PAGE_SIZE } from '../../shared/people';
import { parseCode } from '../../shared/qr-code';
import type { Db } from '../db/connection';
import { memorialMembers, qrCodes, users } from '../db/schema';

/** At most this many words of a name are matched; more only slows the query and never narrows a real name. */
const MAX_NAME_WORDS = 6;

/** A LIKE pattern matching what begins with `text`, its own % and _ taken literally (PostgreSQL's escape is \). */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A tsquery matching names with a word beginning with each typed word ("kar hans" → 'kar':* &
 * 'hans':*). Built from letters and digits only, so nothing typed can be tsquery syntax; to_tsquery
 * of 'simple' splits a name the same way (a hyphenated "Hansen-Møller" has the words hansen and møller).
 */
export function nameWordsQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, MAX_NAME_WORDS);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

function textCondition(q: string): SQL | undefined {
  if (q === '') return undefined;
  const username = sql`lower(${users.username}) like ${prefixPattern(q.toLowerCase())}`;
  const code = parseCode(q);
  // One username in 32 of the right length and letters passes a code's check character, so a code
  // is also tried as the beginning of a username. "id = (the claimant)", not "id in (…)": a value
  // found first, which the primary key looks up beside the username index (an "in" read every account).
  if (code) return or(sql`${users.id} = (select ${qrCodes.claimedBy} from ${qrCodes} where ${qrCodes.code} = ${code})`, username);
  if (q.includes('@')) return sql`${users.email} like ${prefixPattern(q.toLowerCase())}`;
  const words = nameWordsQuery(q);
  if (!words) return username;
  const byName = sql`to_tsvector('simple', ${users.fullName}) @@ to_tsquery('simple', ${words})`;
  // A username has no spaces: with one, only names are searched (and PostgreSQL need not work out
  // each matching name's words again as the filter an OR brings).
  if (/\s/.test(q)) return byName;
  return or(username, byName);
}

export function searchCondition(search: Pick<PeopleSearch, 'q' | 'role' | 'status'>): SQL | undefined {
  return and(
    textCondition(search.q),
    search.role ? eq(users.role, search.role) : undefined,
    search.status === 'active' ? isNull(users.disabledAt) : search.status === 'disabled' ? isNotNull(users.disabledAt) : undefined,
  );
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

/** How many memorials the person is a member of: for the page's rows only, after the match is made. */
const memorialCount = (userId: AnyColumn) => sql<number>`(select count(*)::int from ${memorialMembers} where ${memorialMembers.userId} = ${userId})`;

/**
 * The page of a search in the alphabet, and how many match (up to PEOPLE_COUNT_CAP + 1), from one
 * read of the matches: the name index is read once, where a count and a page read it twice (a
 * common name's words are some 40,000 index entries among a million accounts). Each row carries the
 * total; a page past the last has no rows, and then no total (countQuery tells it).
 */
export function byNameQuery(db: Db, search: PeopleSearch) {
  const matching = db.$with('matching').as(db.select(summaryColumns).from(users).where(searchCondition(search)).limit(PEOPLE_COUNT_CAP + 1));
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
    .where(searchCondition(search))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PEOPLE_PAGE_SIZE)
    .offset((search.page - 1) * PEOPLE_PAGE_SIZE);
}

/**
 * How many match, counted up to PEOPLE_COUNT_CAP + 1: beyond the cap the number tells staff only
 * to type more, and counting every "m…" of a million accounts costs a read of a third of them.
 */
export function countQuery(db: Db, search: PeopleSearch) {
  const matching = db.select({ one: sql`1` }).from(users).where(searchCondition(search)).limit(PEOPLE_COUNT_CAP + 1).as('matching');
  return db.select({ n: count() }).from(matching);
}

type Row = Awaited<ReturnType<typeof newestFirstQuery>>[number];

async function pageAndTotal(db: Db, search: PeopleSearch): Promise<{ rows: Row[]; total: number }> {
  const counted = async () => Number((await countQuery(db, search))[0]?.n ?? 0);
  if (search.q === '') return { rows: await newestFirstQuery(db, search), total: await counted() };
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
