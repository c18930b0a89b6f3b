/**
 * The audit log (staff_actions): every staff action with who, what, when and from where, written
 * in the same transaction as the action, so neither happens without the other. Append-only: the
 * table's trigger refuses changes, so nothing here updates or deletes.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/connection';
import { staffActions } from '../db/schema';

export interface StaffAction {
  /** In the product's words, 'area.verb': 'user.role', 'user.disable', 'two-factor.reset', 'support.reply'. */
  action: string;
  targetUserId?: string | null;
  /** Anything else acted on: 'contact-message:<id>', 'qr-package:<id>'. */
  subject?: string | null;
  details?: Record<string, unknown>;
}

export type StaffActionRow = typeof staffActions.$inferSelect;

/** A browser's own description can be long; 300 characters say which browser it was. */
const USER_AGENT_MAX = 300;

export async function recordStaffAction(
  tx: Db | Tx,
  at: Date,
  request: FastifyRequest,
  actor: { id: string; fullName: string },
  what: StaffAction,
): Promise<void> {
  await tx.insert(staffActions).values({
    actorId: actor.id,
    actorName: actor.fullName,
    action: what.action,
    targetUserId: what.targetUserId ?? null,
    subject: what.subject ?? null,
    details: what.details ?? {},
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
    at,
  });
}

/** Writes one action of `actor`'s in a transaction a room's rules run: the room need not know the request. */
export type StaffActionRecorder = (tx: Db | Tx, what: StaffAction) => Promise<void>;

export function staffActionRecorder(deps: { now: () => Date }, request: FastifyRequest, actor: { id: string; fullName: string }): StaffActionRecorder {
  return (tx, what) => recordStaffAction(tx, deps.now(), request, actor, what);
}

/**
 * The newest actions first: all of them (the dashboard), those done to one account
 * (/admin/users/{id}), or those done to one thing ('reseller:<id>' on /admin/resellers/{id}).
 */
export async function recentStaffActions(db: Db, options: { targetUserId?: string; subject?: string; limit: number }): Promise<StaffActionRow[]> {
  return db
    .select()
    .from(staffActions)
    .where(
      and(
        options.targetUserId ? eq(staffActions.targetUserId, options.targetUserId) : undefined,
        options.subject ? eq(staffActions.subject, options.subject) : undefined,
      ),
    )
    .orderBy(desc(staffActions.at), desc(staffActions.id))
    .limit(options.limit);
}

/** An audit row as the back office's history shows it (shared/people.ts staffActionEntry): never the browser's description. */
export const presentStaffAction = (row: StaffActionRow) => ({
  id: row.id,
  actorId: row.actorId,
  actorName: row.actorName,
  action: row.action,
  details: row.details,
  ip: row.ip,
  at: row.at.toISOString(),
});
