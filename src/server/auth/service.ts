/**
 * The rules of accounts: logging in, registering with a QR code, resetting a password. Routes parse
 * and present; everything that decides lives here.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { RegisterBody, User } from '../../shared/auth';
import { PASSWORD_RESET_TTL_MS } from '../../shared/constants';
import type { Db, Tx } from '../db/connection';
import { passwordResets, sessions, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, conflict, isUniqueViolation } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken, usableLink } from '../lib/tokens';
import { claimCode, isClaimable } from '../qr/service';
import { passwordResetMail } from './mail';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { type UserRow, createSession } from './sessions';

export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    role: user.role,
    isAdmin: user.role === 'admin',
    createdAt: user.createdAt.toISOString(),
  };
}

export const WRONG_LOGIN = 'Forkert brugernavn, e-mail eller adgangskode.';
/** Said only to someone who knew the password: the account is closed by us, not mistyped. */
export const ACCOUNT_DISABLED = 'Kontoen er lukket af Mindested. Skriv til os via kontaktsiden, hvis du mener, det er en fejl.';

/** Finds an account by username (any case) or e-mail address. */
export async function findAccount(deps: Pick<Deps, 'db'>, identifier: string): Promise<UserRow | null> {
  const value = identifier.trim();
  const [user] = await deps.db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${value})`, eq(users.email, value.toLowerCase())));
  return user ?? null;
}

/**
 * The key that counts an account's login attempts (decision 20): one per account, however it is
 * named (username in any case, or e-mail address), so the two names do not double the guesses. A
 * name that belongs to no account is counted under the name itself, normalised as findAccount
 * reads it, so an unknown name is slowed exactly like a real one and behaviour reveals nothing.
 */
export function loginAttemptsKey(user: Pick<UserRow, 'id'> | null, identifier: string): string {
  return user ? `login-account:${user.id}` : `login-name:${identifier.trim().toLowerCase()}`;
}

/** Checks a password; null when there is no account or the password is wrong, in the same time. */
export async function checkPassword(user: UserRow | null, password: string): Promise<UserRow | null> {
  if (!user) {
    await verifyAgainstNothing(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/**
 * Starts a session for a user who proved who they are, locking a QR code to the account on the
 * way when one came with the login. The QR code never stops a login: a code that is taken or
 * unknown just is not linked, and the QR page explains why.
 */
export async function startSession(deps: Deps, user: UserRow, qrCode: string | undefined) {
  return deps.db.transaction(async (tx) => {
    let qrCodeLinked = false;
    if (qrCode) {
      const result = await claimCode(tx, qrCode, user.id, deps.now());
      qrCodeLinked = result === 'claimed' || result === 'already-mine';
    }
    const session = await createSession(tx, deps, user.id);
    return { session, qrCodeLinked };
  });
}

export const CODE_NOT_USABLE = 'QR-koden kan ikke bruges til at oprette en konto. Den er ugyldig eller allerede taget i brug.';

/** Finds which of a new account's unique fields are taken already. */
export async function takenFields(deps: Pick<Deps, 'db'>, username: string, email: string) {
  const rows = await deps.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${username})`, eq(users.email, email)));
  const duplicates: ('username' | 'email')[] = [];
  if (rows.some((row) => row.username.toLowerCase() === username.toLowerCase())) duplicates.push('username');
  if (rows.some((row) => row.email === email)) duplicates.push('email');
  return duplicates;
}

export function duplicateError(duplicates: ('username' | 'email')[]): HttpError {
  const message =
    duplicates.length === 2
      ? 'Brugernavnet og e-mailadressen er allerede i brug.'
      : duplicates[0] === 'username'
        ? 'Brugernavnet er allerede i brug. Vælg et andet.'
        : 'Der findes allerede en konto med denne e-mailadresse. Log ind i stedet, eller nulstil din adgangskode.';
  return conflict(message, duplicates);
}

/**
 * Creates an account with a QR code, locks the code to it and logs it in, all in one transaction.
 * Registration always brings a code (SPEC.md §1); the one exception is the setup link of an
 * approved reseller application, which passes `qrCode: null` and its own step (`andThen`, in the
 * same transaction: the account and what it is for exist together or not at all).
 */
export async function register(
  deps: Deps,
  input: Required<Omit<RegisterBody, 'qrCode'>> & { qrCode: string | null },
  andThen?: (tx: Tx, user: UserRow) => Promise<void>,
) {
  if (input.qrCode !== null && !(await isClaimable(deps.db, input.qrCode))) throw new HttpError(400, CODE_NOT_USABLE, { field: 'qrCode' });
  const duplicates = await takenFields(deps, input.username, input.email);
  if (duplicates.length > 0) throw duplicateError(duplicates);

  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ fullName: input.fullName, username: input.username, email: input.email, passwordHash })
        .returning();
      if (input.qrCode !== null) {
        const result = await claimCode(tx, input.qrCode, user!.id, deps.now());
        // Someone claimed the code between the check above and now: undo the account too.
        if (result !== 'claimed') throw new HttpError(400, CODE_NOT_USABLE, { field: 'qrCode' });
      }
      await andThen?.(tx, user!);
      const session = await createSession(tx, deps, user!.id);
      return { user: user!, session };
    });
  } catch (error) {
    // Two registrations with the same name at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateError(await takenFields(deps, input.username, input.email));
    throw error;
  }
}

export const RESET_REQUESTED =
  'Hvis e-mailadressen hører til en konto, har vi sendt et link til at vælge en ny adgangskode. Linket virker i en time.';

/** Asked for on the login page: a reset link by e-mail; silent for unknown addresses. */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  await deps.db.transaction((tx) => sendPasswordReset(tx, deps, user));
  deps.jobs.wake();
}

/**
 * Writes a reset token and queues its e-mail, in the caller's transaction: the login page's request
 * and a staff member's (/admin/users/{id}, which records it in the audit log in the same one) send
 * the same letter. The caller wakes the job runner after committing.
 */
export async function sendPasswordReset(tx: Db | Tx, deps: Pick<Deps, 'now' | 'randomBytes' | 'config'>, user: Pick<UserRow, 'id' | 'email' | 'fullName'>): Promise<void> {
  const token = newToken(deps.randomBytes);
  const expiresAt = new Date(deps.now().getTime() + PASSWORD_RESET_TTL_MS);
  await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId: user.id, expiresAt, createdAt: deps.now() });
  await enqueue(tx, SEND_MAIL, passwordResetMail({ to: user.email, name: user.fullName, link: `${deps.config.BASE_URL}/reset-password/${token}` }), deps.now());
}

const RESET_UNKNOWN = 'Linket til at nulstille adgangskoden er ikke gyldigt. Bed om et nyt link på login-siden.';
const RESET_USED = 'Linket er allerede brugt. Bed om et nyt link på login-siden, hvis du igen har brug for at nulstille adgangskoden.';
const RESET_EXPIRED = 'Linket er udløbet, da det kun virker i en time. Bed om et nyt link på login-siden.';

async function usableReset(deps: Deps, token: string) {
  const [reset] = await deps.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashToken(token)));
  return usableLink(reset, deps.now(), { unknown: RESET_UNKNOWN, used: RESET_USED, expired: RESET_EXPIRED });
}

export async function checkPasswordReset(deps: Deps, token: string): Promise<void> {
  await usableReset(deps, token);
}

/**
 * Sets a new password with a reset link. Every open reset link of the account is spent and every
 * session of the account ends, so whoever may have known the old password is logged out everywhere.
 */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const reset = await usableReset(deps, token);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    // Spending the token is the guard against using one link twice at the same moment.
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: deps.now() })
      .where(sql`${passwordResets.tokenHash} = ${reset.tokenHash} and ${passwordResets.usedAt} is null`)
      .returning();
    if (spent.length === 0) throw new HttpError(410, RESET_USED);
    // And every other open link of the account: a link in an older e-mail (or one someone else
    // asked for) must not set the password again after the owner has chosen a new one.
    await tx
      .update(passwordResets)
      .set({ usedAt: deps.now() })
      .where(sql`${passwordResets.userId} = ${reset.userId} and ${passwordResets.usedAt} is null`);
    await tx.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
  });
  // Whoever kept the account's login shut by guessing wrong does not keep the owner, who has just
  // proved who they are with the e-mail, out for the rest of the window.
  await deps.rateLimiter.reset(loginAttemptsKey({ id: reset.userId }, ''));
}

