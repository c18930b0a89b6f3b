import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createSession } from '../../src/server/auth/sessions';
import { sessions } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/lib/tokens';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { TestApp } from './test-app';
import { createUser } from './factories';

/**
 * A session for `user`, written to the database the way a login writes it, and the Cookie header
 * for their next requests. A login checks the password with argon2 and counts the attempt; tests
 * that are about logging in send POST /api/login themselves, the rest need only the session.
 * The session has passed the second factor (it matters only to staff) unless the test says not.
 */
export async function signIn(t: TestApp, user: { id: string }, options: { twoFactorVerified?: boolean } = {}): Promise<string> {
  const { token } = await createSession(t.database.db, { now: t.clock.now, randomBytes }, user.id);
  if (options.twoFactorVerified !== false) {
    await t.database.db.update(sessions).set({ twoFactorVerifiedAt: t.clock.now() }).where(eq(sessions.tokenHash, hashToken(token)));
  }
  return `${SESSION_COOKIE}=${token}`;
}

/** A new account, logged in: its id and the Cookie header for its requests. */
export async function signedInUser(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}): Promise<{ id: string; cookie: string }> {
  const user = await createUser(t.database.db, overrides);
  return { id: user.id, cookie: await signIn(t, user) };
}
