/**
 * The back office's search for people (/admin/users): what is typed decides where to look, and each
 * kind of look-up has its own index (migration 0012), so 100,000 accounts answer as fast as 100:
 * - a well-formed QR code: the account that claimed it (qr_codes' primary key);
 * - text with '@': an e-mail address by its beginning (users_email_prefix_idx);
 * - anything else: a username by its beginning (users_username_prefix_idx) or a name whose words
 *   begin with the typed words, in any order (users_full_name_words_idx, a GIN full-text index).
 */
import { type SQL, and, asc, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type PeopleSearch, type PeopleSearchResult, PEOPLE_PAGE_SIZE } from '../../shared/people';
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
  // One username in 32 of the right length and letters passes a code's check character, so a
  // code is also tried as the beginning of a username.
  if (code) return or(sql`${users.id} in (select ${qrCodes.claimedBy} from ${qrCodes} where ${qrCodes.code} = ${code})`, username);
  if (q.includes('@')) return sql`${users.email} like ${prefixPattern(q.toLowerCase())}`;
  const words = nameWordsQuery(q);
  if (!words) return username;
  return or(username, sql`to_tsvector('simple', ${users.fullName}) @@ to_tsquery('simple', ${words})`);
}

export function searchCondition(search: Pick<PeopleSearch, 'q' | 'role' | 'status'>): SQL | undefined {
  return and(
    textCondition(search.q),
    search.role ? eq(users.role, search.role) : undefined,
    search.status === 'active' ? isNull(users.disabledAt) : search.status === 'disabled' ? isNotNull(users.disabledAt) : undefined,
  );
}

export async function searchPeople(db: Db, search: PeopleSearch): Promise<PeopleSearchResult> {
  const where = searchCondition(search);
  // A search is read in the alphabet; the list before anything is typed shows the newest accounts
  // first, which is both what staff look for then and an index scan (users_created_idx) rather
  // than sorting every account by name.
  const order = search.q === '' ? [desc(users.createdAt), desc(users.id)] : [asc(users.fullName), asc(users.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        username: users.username,
        email: users.email,
        role: users.role,
        disabledAt: users.disabledAt,
        createdAt: users.createdAt,
        memorialCount: sql<number>`(select count(*)::int from ${memorialMembers} where ${memorialMembers.userId} = ${users.id})`,
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(PEOPLE_PAGE_SIZE)
      .offset((search.page - 1) * PEOPLE_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((row) => ({
      ...row,
      memorialCount: Number(row.memorialCount),
      disabledAt: row.disabledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.n ?? 0,
    page: search.page,
    pageSize: PEOPLE_PAGE_SIZE,
  };
}
