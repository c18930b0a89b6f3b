/**
 * What an admin does to an account from /admin/users/{id}: change its role, close and reopen it,
 * send it a password-reset or login link, end its sessions. Each is one transaction with its
 * entry in the audit log, so neither happens without the other.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/auth';
import { peopleMessages } from '../../shared/people';
import { sendLoginLink } from '../auth/login-links';
import { sendPasswordReset } from '../auth/service';
import type { UserRow } from '../auth/sessions';
import type { Tx } from '../db/connection';
import { loginLinks, passwordResets, sessions, users } from '../db/schema';
import type { Deps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import { type StaffAction, recordStaffAction } from '../staff/audit';

type Actor = Pick<UserRow, 'id' | 'fullName'>;
type ActionDeps = Pick<Deps, 'db' | 'now' | 'randomBytes' | 'config' | 'jobs'>;

/**
 * The account acted on and every active admin, locked in one statement in the order of their ids.
 * Two admins demoting or closing each other at the same moment then queue on the same rows in the
 * same order (no deadlock), and the second one, once let through, sees the first one's change
 * (PostgreSQL re-checks a locked row that changed against the WHERE) and counts one admin too few.
 */
async function lockWithAdmins(tx: Tx, id: string) {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.role, 'admin'), isNull(users.disabledAt))))
    .orderBy(users.id)
    .for('update');
  const target = rows.find((row) => row.id === id);
  if (!target) throw notFound(peopleMessages.notFound);
  const activeAdmins = rows.filter((row) => row.role === 'admin' && row.disabledAt === null).length;
  return { target, isLastAdmin: target.role === 'admin' && target.disabledAt === null && activeAdmins <= 1 };
}

async function lockAccount(tx: Tx, id: string): Promise<UserRow> {
  const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!target) throw notFound(peopleMessages.notFound);
  return target;
}

/**
 * Gives an account another role. Its sessions keep their second-factor mark: that mark says the
 * person at the keyboard holds the account's authenticator, which a role does not change, and the
 * role itself is read afresh on every call (staff/guard.ts). An account that was never staff has
 * no such mark, so a new staff member still sets up and passes the second factor before the back
 * office opens.
 */
export async function changeRole(deps: ActionDeps, request: FastifyRequest, actor: Actor, id: string, role: Role): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockWithAdmins(tx, id);
    if (target.role === role) return;
    if (isLastAdmin) throw conflict(peopleMessages.lastAdmin);
    await tx.update(users).set({ role, updatedAt: deps.now() }).where(eq(users.id, id));
    await audit(tx, deps, request, actor, { action: 'user.role', targetUserId: id, details: { from: target.role, to: role } });
  });
}

/**
 * Closes an account: it cannot sign in, every session ends, and every link already sent to it is
 * spent, so reopening it later does not revive an old e-mail's way in.
 */
export async function disableAccount(deps: ActionDeps, request: FastifyRequest, actor: Actor, id: string): Promise<void> {
  if (id === actor.id) throw conflict(peopleMessages.notYourself);
  await deps.db.transaction(async (tx) => {
    const { target, isLastAdmin } = await lockWithAdmins(tx, id);
    if (target.disabledAt) return;
    if (isLastAdmin) throw conflict(peopleMessages.lastAdmin);
    const now = deps.now();
    await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ userId: sessions.userId });
    await tx.update(loginLinks).set({ usedAt: now }).where(and(eq(loginLinks.userId, id), isNull(loginLinks.usedAt)));
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)));
    await audit(tx, deps, request, actor, { action: 'user.disable', targetUserId: id, details: { sessionsEnded: ended.length } });
  });
}

export async function enableAccount(deps: ActionDeps, request: FastifyRequest, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await lockAccount(tx, id);
    if (!target.disabledAt) return;
    await tx.update(users).set({ disabledAt: null, updatedAt: deps.now() }).where(eq(users.id, id));
    await audit(tx, deps, request, actor, { action: 'user.enable', targetUserId: id });
  });
}

/** Signs the account out on every device. */
export async function endSessions(deps: ActionDeps, request: FastifyRequest, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, id);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ userId: sessions.userId });
    await audit(tx, deps, request, actor, { action: 'user.sessions-ended', targetUserId: id, details: { count: ended.length } });
  });
}

/** The login page's reset letter, sent by staff (for a person who cannot get the page to send it). */
export async function sendStaffPasswordReset(deps: ActionDeps, request: FastifyRequest, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await openAccount(tx, id);
    await sendPasswordReset(tx, deps, target);
    await audit(tx, deps, request, actor, { action: 'user.password-reset', targetUserId: id });
  });
  deps.jobs.wake();
}

export async function sendStaffLoginLink(deps: ActionDeps, request: FastifyRequest, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const target = await openAccount(tx, id);
    await sendLoginLink(tx, deps, target, actor.id);
    await audit(tx, deps, request, actor, { action: 'user.login-link', targetUserId: id });
  });
  deps.jobs.wake();
}

/** A closed account is sent no way in: it could not use it, and the staff member should know. */
async function openAccount(tx: Tx, id: string): Promise<UserRow> {
  const target = await lockAccount(tx, id);
  if (target.disabledAt) throw conflict(peopleMessages.disabled);
  return target;
}

const audit = (tx: Tx, deps: Pick<Deps, 'now'>, request: FastifyRequest, actor: Actor, what: StaffAction) =>
  recordStaffAction(tx, deps.now(), request, actor, what);
