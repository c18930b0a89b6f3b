/**
 * Server-side sessions behind an HTTP-only, SameSite=Lax cookie. The cookie holds a random token;
 * the database holds only its hash, so a leaked database cannot be used to log in.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../shared/constants';
import type { Db, Tx } from '../db/connection';
import { preparedQuery } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { Deps } from '../deps';
import { unauthorized } from '../lib/errors';
import { hashToken, newToken } from '../lib/tokens';

export type UserRow = typeof users.$inferSelect;

export async function createSession(tx: Db | Tx, deps: Pick<Deps, 'now' | 'randomBytes'>, userId: string) {
  const token = newToken(deps.randomBytes);
  const expiresAt = new Date(deps.now().getTime() + SESSION_TTL_MS);
  await tx.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export type SessionRow = typeof sessions.$inferSelect;

/** Every signed-in request asks it first (the back office's several times a second): built and prepared once. */
const sessionByToken = preparedQuery((db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.disabledAt)))
    .prepare('session_by_token'),
);

/**
 * The session a cookie's token opens, with its account: none when it has expired or the account
 * is disabled (a disabled account's sessions are deleted too; this is the second lock).
 */
export async function sessionFor(db: Db, now: Date, token: string | undefined): Promise<{ user: UserRow; session: SessionRow } | null> {
  if (!token) return null;
  const [row] = await sessionByToken(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return row ?? null;
}

export async function userForSession(db: Db, now: Date, token: string | undefined): Promise<UserRow | null> {
  return (await sessionFor(db, now, token))?.user ?? null;
}

export async function destroySession(db: Db | Tx, token: string | undefined): Promise<void> {
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { token: string; expiresAt: Date }) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a TLS-terminating proxy request.protocol is right only with TRUST_PROXY set.
    secure: request.protocol === 'https',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** The signed-in user of a request, or a 401 in Danish: the first step of every "my …" route. */
export async function requireUser(deps: Pick<Deps, 'db' | 'now'>, request: FastifyRequest): Promise<UserRow> {
  const user = await userForSession(deps.db, deps.now(), sessionToken(request));
  if (!user) throw unauthorized('Du er ikke logget ind.');
  return user;
}
