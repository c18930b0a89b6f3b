/**
 * The back office's list of resellers (/admin/resellers): applications waiting for a decision
 * first, then the newest, found by a piece of the company's name, CVR number, contact, e-mail or
 * town. A few hundred dealers at most: a pattern over the rows is quick, and the order walks
 * resellers_status_created_idx.
 */
import { type SQL, and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { type ResellerSummary, type ResellersList, RESELLERS_PAGE_SIZE, type resellersQuery } from '../../shared/resellers-admin';
import type { z } from 'zod';
import type { Db } from '../db/connection';
import { resellers } from '../db/schema';
import { containing } from '../lib/like-patterns';
import { type ResellerRow, presentFacts } from './self';

type Query = z.output<typeof resellersQuery>;

function textCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const pattern = containing(text);
  // "DK 12 34 56 78" and "12 34" are a CVR number typed as it is printed.
  const digits = text.replace(/^DK/i, '').replace(/[\s.-]/g, '');
  const cvr = /^\d+$/.test(digits) ? containing(digits) : pattern;
  return or(
    ilike(resellers.companyName, pattern),
    ilike(resellers.cvr, cvr),
    ilike(resellers.contactName, pattern),
    ilike(resellers.email, pattern),
    ilike(resellers.town, pattern),
  );
}

export const presentSummary = (row: ResellerRow): ResellerSummary => ({ ...presentFacts(row), hasAccount: row.userId !== null });

export async function listResellers(db: Db, query: Query): Promise<ResellersList> {
  const where = and(textCondition(query.q), query.status ? eq(resellers.status, query.status) : undefined);
  const [rows, [counted], [waiting]] = await Promise.all([
    db
      .select()
      .from(resellers)
      .where(where)
      .orderBy(sql`(${resellers.status} = 'pending') desc`, desc(resellers.createdAt), desc(resellers.id))
      .limit(RESELLERS_PAGE_SIZE)
      .offset((query.page - 1) * RESELLERS_PAGE_SIZE),
    db.select({ n: count() }).from(resellers).where(where),
    db.select({ n: count() }).from(resellers).where(eq(resellers.status, 'pending')),
  ]);
  return {
    resellers: rows.map(presentSummary),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: RESELLERS_PAGE_SIZE,
    pending: waiting?.n ?? 0,
  };
}
