/**
 * The dashboard's figures (GET /api/admin/dashboard): counts and 90 Danish days per day, read in
 * independent queries run side by side. Each is served by an index of migration 0012 (the codes
 * by state by qr_codes_status_idx, the days by the created_at and (event, at) indexes, the failed
 * jobs by the partial jobs_failed_idx), so the whole stays fast at a million codes
 * (bench/admin-dashboard.ts measures it).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dataRequestAnswerBy } from '../../shared/contact';
import { DASHBOARD_DAYS, type Dashboard, RECENT_ACTIVITY_LIMIT, type StaffActivity, WEEK_DAYS } from '../../shared/dashboard';
import { QR_STATUSES, type QrStatus } from '../../shared/qr-lifecycle';
import type { Db } from '../db/connection';
import { contactMessages, jobs, memorialPosts, memorials, qrCodeEvents, qrStatusCounts, users } from '../db/schema';
import type { Deps } from '../deps';
import { DANISH_TIME_ZONE, danishDay } from '../lib/daily';
import { recentStaffActions } from '../staff/audit';
import { daysEnding } from '../stats/days';

const DAY_MS = 24 * 60 * 60_000;

// The zone written into the SQL, not passed as a parameter: the select and the group by must be
// the same expression, and two parameters are two expressions to PostgreSQL.
const zone = sql.raw(`'${DANISH_TIME_ZONE}'`);
/** Midnight in Denmark at the start of `day` (YYYY-MM-DD), summer time included. */
const danishMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${zone}`;
/**
 * Rows per Danish day since `from`'s midnight: a range scan of the column's index, grouped by the
 * Danish date. Grouped by the date and written as text once per group: to_char on every row cost
 * four times as much over 70,000 activations.
 */
function perDay(db: Db, table: Parameters<ReturnType<Db['select']>['from']>[0], column: AnyPgColumn, from: string, where?: SQL) {
  const date = sql`(${column} at time zone ${zone})::date`;
  return db
    .select({ day: sql<string>`to_char(${date}, 'YYYY-MM-DD')`, n: count() })
    .from(table)
    .where(and(gte(column, danishMidnight(from)), where))
    .groupBy(date);
}

/** One number per day of `days`, zero where nothing happened. */
function onDays(days: string[], rows: { day: string; n: number }[]): number[] {
  const byDay = new Map(rows.map((row) => [row.day, row.n]));
  return days.map((day) => byDay.get(day) ?? 0);
}

const subtract = (all: number[], some: number[]) => all.map((n, i) => n - some[i]!);

const lastWeek = (series: number[]) => series.slice(-WEEK_DAYS).reduce((sum, n) => sum + n, 0);

/**
 * The dashboard's queries, built and not yet run: drizzle's builders run when awaited, so
 * bench/admin-dashboard.ts can ask PostgreSQL how it reads the very same statements.
 */
export function figureQueries(db: Db, now: Date, days: string[]) {
  const first = days[0]!;
  return {
    accounts: db.select({ n: count() }).from(users),
    // Live memorials as all of them less the deleted: the count of all reads only the created_at
    // index, the deleted are few and have a partial index; "where deleted_at is null" read the table.
    memorials: db.select({ n: count() }).from(memorials),
    deletedMemorialsTotal: db.select({ n: count() }).from(memorials).where(isNotNull(memorials.deletedAt)),
    // Kept by triggers on qr_codes (migration 0014): counting a million codes took half a second.
    codesByStatus: db.select({ status: qrStatusCounts.status, n: qrStatusCounts.n }).from(qrStatusCounts),
    // "Not on a deleted memorial" rather than "on a live one": the deleted are few and found by
    // their partial index, where the live ones would be read whole.
    postsPending: db
      .select({ n: count() })
      .from(memorialPosts)
      .where(
        and(
          eq(memorialPosts.status, 'pending'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(memorials)
              .where(and(eq(memorials.id, memorialPosts.memorialId), isNotNull(memorials.deletedAt))),
          ),
        ),
      ),
    contactMessagesWaiting: db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    // The oldest open request has the nearest deadline; the overdue were received over a month ago.
    dataRequests: db
      .select({ createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(and(eq(contactMessages.kind, 'data_request'), eq(contactMessages.status, 'new')))
      .orderBy(asc(contactMessages.createdAt)),
    failedJobs: db
      .select({ total: count(), lastDay: sql<number>`count(*) filter (where ${jobs.failedAt} >= ${new Date(now.getTime() - DAY_MS)})`.mapWith(Number) })
      .from(jobs)
      .where(isNotNull(jobs.failedAt)),
    signUps: perDay(db, users, users.createdAt, first),
    // Deleted memorials are left out here as in the total, so the chart's last week is "new this
    // week": every memorial per day, less the deleted ones per day (as for the total).
    newMemorials: perDay(db, memorials, memorials.createdAt, first),
    deletedMemorials: perDay(db, memorials, memorials.createdAt, first, isNotNull(memorials.deletedAt)),
    activations: perDay(db, qrCodeEvents, qrCodeEvents.at, first, eq(qrCodeEvents.event, 'claimed')),
  };
}

export async function dashboardFigures(deps: Pick<Deps, 'db' | 'now'>): Promise<Dashboard> {
  const now = deps.now();
  const days = daysEnding(danishDay(now), DASHBOARD_DAYS);
  const q = figureQueries(deps.db, now, days);

  // Independent of one another: on PostgreSQL each takes a connection of the pool, side by side.
  const [accounts, allMemorials, deletedTotal, codes, pending, waiting, requests, failed, signUps, newMemorials, deletedMemorials, activations, activity] = await Promise.all([
    q.accounts,
    q.memorials,
    q.deletedMemorialsTotal,
    q.codesByStatus,
    q.postsPending,
    q.contactMessagesWaiting,
    q.dataRequests,
    q.failedJobs,
    q.signUps,
    q.newMemorials,
    q.deletedMemorials,
    q.activations,
    recentActivity(deps.db),
  ]);

  const series = {
    days,
    signUps: onDays(days, signUps),
    memorials: subtract(onDays(days, newMemorials), onDays(days, deletedMemorials)),
    qrActivations: onDays(days, activations),
  };
  const byStatus = Object.fromEntries(QR_STATUSES.map((status) => [status, 0])) as Record<QrStatus, number>;
  for (const row of codes) byStatus[row.status] = row.n;

  return {
    accounts: { total: accounts[0]!.n, newThisWeek: lastWeek(series.signUps) },
    memorials: { total: allMemorials[0]!.n - deletedTotal[0]!.n, newThisWeek: lastWeek(series.memorials) },
    qrCodes: { byStatus },
    postsPending: pending[0]!.n,
    contactMessagesWaiting: waiting[0]!.n,
    dataRequests: {
      open: requests.length,
      overdue: requests.filter((request) => dataRequestAnswerBy(request.createdAt) < now).length,
      nextAnswerBy: requests[0] ? dataRequestAnswerBy(requests[0].createdAt).toISOString() : null,
    },
    failedJobs: { lastDay: failed[0]!.lastDay, total: failed[0]!.total },
    series,
    recentActivity: activity,
  };
}

/** The newest staff actions, each with the current name of the account acted on. */
async function recentActivity(db: Db): Promise<StaffActivity[]> {
  const actions = await recentStaffActions(db, { limit: RECENT_ACTIVITY_LIMIT });
  const targetIds = [...new Set(actions.flatMap((a) => (a.targetUserId ? [a.targetUserId] : [])))];
  const targets = targetIds.length ? await db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, targetIds)) : [];
  const names = new Map(targets.map((t) => [t.id, t.fullName]));
  return actions.map((a) => ({
    id: a.id,
    actorName: a.actorName,
    action: a.action,
    target: a.targetUserId ? { id: a.targetUserId, name: names.get(a.targetUserId) ?? null } : null,
    subject: a.subject,
    at: a.at.toISOString(),
  }));
}
