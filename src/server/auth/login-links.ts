/**
 * One-time login links (/login/{token}, PRODUCT.md "Links sent by e-mail"): asked for on the login
 * page, sent by staff from /admin/users/{id}, and carried by later notification e-mails. The token
 * is random, stored only as its SHA-256, lives an hour and is spent by the first sign-in.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { LOGIN_LINK_TTL_MS } from '../../shared/constants';
import type { Db, Tx } from '../db/connection';
import { loginLinks, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken, usableLink } from '../lib/tokens';
import { loginLinkMail } from './mail';
import { ACCOUNT_DISABLED, loginAttemptsKey } from './service';
import { type UserRow, createSession } from './sessions';

export const LOGIN_LINK_REQUESTED =
  'Hvis e-mailadressen hører til en konto, har vi sendt et login-link til den. Linket virker i en time og kan kun bruges én gang.';

const LINK_UNKNOWN = 'Login-linket er ikke gyldigt. Bed om et nyt link på login-siden.';
const LINK_USED = 'Login-linket er allerede brugt. Bed om et nyt link på login-siden, eller log ind med din adgangskode.';
const LINK_EXPIRED = 'Login-linket er udløbet, da det kun virker i en time. Bed om et nyt link på login-siden.';

type LinkDeps = Pick<Deps, 'now' | 'randomBytes' | 'config'>;

/** The address a token opens. */
export const loginLinkUrl = (deps: Pick<Deps, 'config'>, token: string) => `${deps.config.BASE_URL}/login/${token}`;

/**
 * A new login link for an account, in the caller's transaction; the token is returned once and
 * never stored. A mail of another kind (a notification) may carry it: loginLinkUrl(deps, token).
 */
export async function issueLoginLink(tx: Db | Tx, deps: LinkDeps, userId: string, sentBy?: string): Promise<string> {
  const token = newToken(deps.randomBytes);
  const now = deps.now();
  await tx.insert(loginLinks).values({
    tokenHash: hashToken(token),
    userId,
    sentBy: sentBy ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MS),
  });
  return token;
}

/** Issues a link and queues the login-link letter, in the caller's transaction; the caller wakes the job runner. */
export async function sendLoginLink(tx: Db | Tx, deps: LinkDeps, user: Pick<UserRow, 'id' | 'email' | 'fullName'>, sentBy?: string): Promise<void> {
  const token = await issueLoginLink(tx, deps, user.id, sentBy);
  await enqueue(tx, SEND_MAIL, loginLinkMail({ to: user.email, name: user.fullName, link: loginLinkUrl(deps, token), sentByStaff: sentBy !== undefined }), deps.now());
}

/** Asked for on the login page: silent for an unknown address, and for a closed account (its link could not be used). */
export async function requestLoginLink(deps: Deps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(and(eq(users.email, email), isNull(users.disabledAt)));
  if (!user) return;
  await deps.db.transaction((tx) => sendLoginLink(tx, deps, user));
  deps.jobs.wake();
}

/** Whether a token can still sign in: nothing, or 400/410 in the link's own words. */
export async function checkLoginLink(deps: Pick<Deps, 'db' | 'now'>, token: string): Promise<void> {
  const [link] = await deps.db.select().from(loginLinks).where(eq(loginLinks.tokenHash, hashToken(token)));
  usableLink(link, deps.now(), { unknown: LINK_UNKNOWN, used: LINK_USED, expired: LINK_EXPIRED });
}

/**
 * Signs in with a link: spends it and starts a session in one transaction. The spending UPDATE is
 * the guard against two tabs using one link at the same moment; a closed account is refused and the
 * link stays unspent (the refusal rolls back). The session has not passed a second factor: staff
 * still owe it.
 */
export async function signInWithLink(deps: Deps, token: string): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } }> {
  await checkLoginLink(deps, token);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(loginLinks)
      .set({ usedAt: now })
      .where(and(eq(loginLinks.tokenHash, hashToken(token)), isNull(loginLinks.usedAt), gt(loginLinks.expiresAt, now)))
      .returning({ userId: loginLinks.userId });
    // Checked a moment ago and gone now: the other tab got there first.
    if (!spent) throw new HttpError(410, LINK_USED);
    // Locked, so closing the account cannot slip in between this read and the new session: a close
    // that came first is seen here; one that comes after waits, then deletes this session too.
    const [user] = await tx.select().from(users).where(eq(users.id, spent.userId)).for('update');
    if (!user) throw new HttpError(400, LINK_UNKNOWN);
    if (user.disabledAt) throw new HttpError(403, ACCOUNT_DISABLED);
    const session = await createSession(tx, deps, user.id);
    return { user, session };
  });
  // Whoever kept the account's password login shut by guessing does not keep the owner, who has
  // just proved who they are with the e-mail, out for the rest of the window (as a reset does).
  await deps.rateLimiter.reset(loginAttemptsKey({ id: result.user.id }, ''));
  return result;
}

