/**
 * The second factor of the staff (PRODUCT.md "People and roles", SPEC.md §7): set-up with a first
 * code, verification with a code from the app or a recovery code, and an admin's reset. A code is
 * taken once: the step of the last one taken is kept, and that code or any older one is refused,
 * in any session. Guesses are counted per account (RATE_LIMIT_TWO_FACTOR_PER_ACCOUNT).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { type TwoFactorSetup, type TwoFactorStatus, twoFactorMessages as say, staffMessages } from '../../shared/staff';
import type { SessionRow } from '../auth/sessions';
import type { Tx } from '../db/connection';
import { sessions, staffRecoveryCodes, staffTwoFactor, users } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { recordStaffAction } from './audit';
import type { StaffCaller } from './guard';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { matchTotp, newTotpSecret, otpauthUri, secretFromText, secretText } from './totp';

type TwoFactorDeps = Pick<Deps, 'db' | 'now' | 'randomBytes' | 'config' | 'rateLimiter'> & { box: SecretBox };

/** A set-up not confirmed within half an hour starts again: the person has surely left it. */
const SETUP_TTL_MS = 30 * 60_000;

const sealContext = (userId: string) => `staff_two_factor:${userId}`;
const setupContext = (userId: string) => `two-factor-setup:${userId}`;

async function confirmedFactor(db: Deps['db'] | Tx, userId: string) {
  const [row] = await db
    .select()
    .from(staffTwoFactor)
    .where(and(eq(staffTwoFactor.userId, userId), isNotNull(staffTwoFactor.confirmedAt)));
  return row;
}

export async function twoFactorStatus(deps: Pick<Deps, 'db' | 'config'>, caller: StaffCaller): Promise<TwoFactorStatus> {
  return {
    isRequired: deps.config.TWO_FACTOR_REQUIRED,
    isVerified: caller.session.twoFactorVerifiedAt !== null,
    isSetUp: (await confirmedFactor(deps.db, caller.user.id)) !== undefined,
  };
}

/** A working factor is replaced only from a session that passed it: a password alone must not swap the phone. */
async function refuseUnverifiedReplacement(db: Deps['db'] | Tx, caller: StaffCaller) {
  if (caller.session.twoFactorVerifiedAt === null && (await confirmedFactor(db, caller.user.id))) throw conflict(say.alreadySetUp);
}

export async function startSetUp(deps: TwoFactorDeps, caller: StaffCaller): Promise<TwoFactorSetup> {
  await refuseUnverifiedReplacement(deps.db, caller);
  const secret = newTotpSecret(deps.randomBytes);
  const uri = otpauthUri(secret, caller.user.username);
  const payload = Buffer.from(`${deps.now().getTime()}.${secretText(secret)}`, 'utf8');
  return {
    otpauthUri: uri,
    secret: secretText(secret),
    // Error correction M: read off a screen, never worn like a stone.
    qrSvg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } }),
    setupToken: deps.box.seal(payload, setupContext(caller.user.id)),
  };
}

function openSetupToken(deps: TwoFactorDeps, caller: StaffCaller, token: string): Uint8Array {
  const opened = deps.box.open(token, setupContext(caller.user.id))?.toString('utf8');
  const [issued, secret] = opened?.split('.') ?? [];
  if (!issued || !secret) throw badRequest(say.setupExpired);
  if (deps.now().getTime() - Number(issued) > SETUP_TTL_MS) throw badRequest(say.setupExpired);
  return secretFromText(secret);
}

/** Confirms a set-up with its first code: stores the sealed secret and new recovery codes, and verifies this session. */
export async function confirmSetUp(
  deps: TwoFactorDeps,
  caller: StaffCaller,
  request: FastifyRequest,
  body: { setupToken: string; code: string },
): Promise<string[]> {
  const secret = openSetupToken(deps, caller, body.setupToken);
  const at = deps.now();
  const step = matchTotp(secret, body.code.replace(/\s/g, ''), at);
  if (step === null) throw badRequest(say.setupCodeWrong, 'code');
  const codes = newRecoveryCodes(deps.randomBytes);
  await deps.db.transaction(async (tx) => {
    const replaced = (await confirmedFactor(tx, caller.user.id)) !== undefined;
    await refuseUnverifiedReplacement(tx, caller);
    const row = { secretSealed: deps.box.seal(secret, sealContext(caller.user.id)), confirmedAt: at, lastStep: step, createdAt: at };
    await tx
      .insert(staffTwoFactor)
      .values({ userId: caller.user.id, ...row })
      .onConflictDoUpdate({ target: staffTwoFactor.userId, set: row });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, caller.user.id));
    await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ userId: caller.user.id, codeHash: hashRecoveryCode(normaliseRecoveryCode(code)!), createdAt: at })));
    await markVerified(tx, caller.session, at);
    await recordStaffAction(tx, at, request, caller.user, { action: 'two-factor.set-up', targetUserId: caller.user.id, details: { replaced } });
  });
  return codes;
}

const markVerified = (tx: Tx, session: SessionRow, at: Date) =>
  tx.update(sessions).set({ twoFactorVerifiedAt: at }).where(eq(sessions.tokenHash, session.tokenHash));

/**
 * Verifies this session with a code from the app or a recovery code. Every attempt is counted
 * before it is checked (so guesses sent at once are limited like guesses in a row) and the count is
 * forgotten on success: the owner who mistyped starts afresh, a guesser waits out the window.
 */
export async function verifySession(deps: TwoFactorDeps, caller: StaffCaller, request: FastifyRequest, typed: string): Promise<void> {
  const attemptsKey = `two-factor:${caller.user.id}`;
  await deps.rateLimiter.consume({ key: attemptsKey, max: deps.config.RATE_LIMIT_TWO_FACTOR_PER_ACCOUNT, windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000 });
  const factor = await confirmedFactor(deps.db, caller.user.id);
  if (!factor) throw conflict(staffMessages.twoFactorSetUpFirst);
  const at = deps.now();
  const digits = typed.replace(/\s/g, '');
  await deps.db.transaction(async (tx) => {
    let recoveryCodeUsed = false;
    if (/^\d{6}$/.test(digits)) await takeTotp(deps, tx, factor, digits, at);
    else {
      await takeRecoveryCode(tx, caller.user.id, typed, at);
      recoveryCodeUsed = true;
    }
    await markVerified(tx, caller.session, at);
    if (recoveryCodeUsed) await recordStaffAction(tx, at, request, caller.user, { action: 'two-factor.recovery-code-used', targetUserId: caller.user.id });
  });
  await deps.rateLimiter.reset(attemptsKey);
}

async function takeTotp(deps: TwoFactorDeps, tx: Tx, factor: typeof staffTwoFactor.$inferSelect, code: string, at: Date): Promise<void> {
  const secret = deps.box.open(factor.secretSealed, sealContext(factor.userId));
  // A secret that no longer opens was sealed with another key: only a new set-up (an admin's reset) helps.
  if (!secret) throw new Error(`the two-factor secret of ${factor.userId} does not open with TWO_FACTOR_KEY`);
  const step = matchTotp(secret, code, at);
  if (step === null) throw badRequest(say.wrongCode, 'code');
  if (factor.lastStep !== null && step <= factor.lastStep) throw badRequest(say.usedCode, 'code');
  // Taken only if no one took this step meanwhile: two requests with one code, one wins.
  const taken = await tx
    .update(staffTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(staffTwoFactor.userId, factor.userId), factor.lastStep === null ? isNull(staffTwoFactor.lastStep) : eq(staffTwoFactor.lastStep, factor.lastStep)))
    .returning({ userId: staffTwoFactor.userId });
  if (taken.length === 0) throw badRequest(say.usedCode, 'code');
}

async function takeRecoveryCode(tx: Tx, userId: string, typed: string, at: Date): Promise<void> {
  const normalised = normaliseRecoveryCode(typed);
  if (!normalised) throw badRequest(say.wrongCode, 'code');
  const codeHash = hashRecoveryCode(normalised);
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(staffRecoveryCodes.userId, userId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  if (used.length > 0) return;
  const [spent] = await tx
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), eq(staffRecoveryCodes.codeHash, codeHash)));
  throw badRequest(spent ? say.usedRecoveryCode : say.wrongRecoveryCode, 'code');
}

/**
 * An admin removes another staff member's factor (a lost phone): their recovery codes go, and their
 * sessions must pass the second factor again, which they can only do after a new set-up.
 */
export async function resetTwoFactor(deps: Pick<Deps, 'db' | 'now'>, actor: StaffCaller, request: FastifyRequest, targetId: string): Promise<void> {
  if (targetId === actor.user.id) throw conflict(say.resetOwn);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, targetId));
    if (!target) throw notFound(say.userNotFound);
    const removed = await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, targetId)).returning({ confirmedAt: staffTwoFactor.confirmedAt });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, targetId));
    await tx.update(sessions).set({ twoFactorVerifiedAt: null }).where(eq(sessions.userId, targetId));
    await recordStaffAction(tx, at, request, actor.user, { action: 'two-factor.reset', targetUserId: targetId, details: { hadFactor: removed.some((r) => r.confirmedAt !== null) } });
  });
}
