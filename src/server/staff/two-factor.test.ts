/**
 * Staff two-factor on a real database with the test's clock: set-up and its first code, the
 * previous 30-second step taken and two steps back refused, a code never taken twice (not even in
 * another session), recovery codes single-use, guesses locked out, the secret sealed at rest, an
 * admin's reset, and every staff call refused until the session has passed the second factor.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { staffMessages, twoFactorMessages } from '../../shared/staff';
import { staffActions, staffRecoveryCodes, staffTwoFactor } from '../db/schema';
import { secretFromText, totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP = 30_000;
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.request({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const status = async (cookie: string) => (await call('GET', '/api/admin/two-factor-verification-status', cookie)).json();
const verify = (cookie: string, code: string) => call('POST', '/api/admin/two-factor-verification', cookie, { code });
/** A call every production staff member may make once they have passed the second factor. */
const staffCall = (cookie: string) => call('POST', '/api/admin/qr-packages', cookie, { name: 'Prøvetryk', size: 1 });

/** A staff member, signed in without the second factor. */
async function staff(role: Role = 'support') {
  const user = await createUser(t.database.db, { role });
  return { user, cookie: await signIn(t, user, { twoFactorVerified: false }) };
}

/** Sets up two-factor in this session with the code the app shows now; the secret and the recovery codes. */
async function setUp(cookie: string) {
  const started = await call('POST', '/api/admin/two-factor-setup', cookie);
  expect(started.statusCode, started.body).toBe(200);
  const { secret: text, setupToken } = started.json<{ secret: string; setupToken: string }>();
  const secret = secretFromText(text);
  const confirmed = await call('POST', '/api/admin/two-factor-setup/confirm', cookie, { setupToken, code: totpCode(secret, t.clock.now()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, text, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('set-up', () => {
  it('shows the QR code and the secret, confirms with a first code, verifies this session and gives ten recovery codes', async () => {
    const { user, cookie } = await staff('support');
    expect(await status(cookie)).toEqual({ isRequired: true, isVerified: false, isSetUp: false });

    const started = await call('POST', '/api/admin/two-factor-setup', cookie);
    expect(started.statusCode).toBe(200);
    const body = started.json<{ otpauthUri: string; secret: string; qrSvg: string; setupToken: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secretFromText(body.secret)).toHaveLength(20);
    expect(body.otpauthUri).toBe(`otpauth://totp/Mindested:${user.username}?secret=${body.secret}&issuer=Mindested`);
    expect(body.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(started.headers['cache-control']).toBe('no-store');

    const wrong = await call('POST', '/api/admin/two-factor-setup/confirm', cookie, { setupToken: body.setupToken, code: '000000' === totpCode(secretFromText(body.secret), t.clock.now()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: twoFactorMessages.setupCodeWrong, field: 'code' });
    expect(await status(cookie)).toEqual({ isRequired: true, isVerified: false, isSetUp: false });

    const confirmed = await call('POST', '/api/admin/two-factor-setup/confirm', cookie, { setupToken: body.setupToken, code: totpCode(secretFromText(body.secret), t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/);
    expect(await status(cookie)).toEqual({ isRequired: true, isVerified: true, isSetUp: true });

    const audit = await t.database.db.select().from(staffActions).where(and(eq(staffActions.actorId, user.id), eq(staffActions.action, 'two-factor.set-up')));
    expect(audit).toMatchObject([{ targetUserId: user.id, details: { replaced: false } }]);
  });

  it('keeps the secret sealed in the database, and only hashes of the recovery codes', async () => {
    const { user, cookie } = await staff('production');
    const { secret, text, recoveryCodes } = await setUp(cookie);
    const [row] = await t.database.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
    expect(row!.secretSealed).toMatch(/^v1\.[\w-]+$/);
    for (const plain of [text, Buffer.from(secret).toString('hex'), Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('base64url')]) {
      expect(row!.secretSealed).not.toContain(plain);
    }
    const stored = await t.database.db.select({ hash: staffRecoveryCodes.codeHash }).from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.hash).join(' ');
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace(/-/g, ''));
    }
  });

  it('refuses another account’s set-up and one left for more than half an hour', async () => {
    const first = await staff();
    const second = await staff();
    const started = (await call('POST', '/api/admin/two-factor-setup', first.cookie)).json<{ secret: string; setupToken: string }>();
    const code = totpCode(secretFromText(started.secret), t.clock.now());
    const stolen = await call('POST', '/api/admin/two-factor-setup/confirm', second.cookie, { setupToken: started.setupToken, code });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(twoFactorMessages.setupExpired);

    t.clock.advance(31 * 60_000);
    const late = await call('POST', '/api/admin/two-factor-setup/confirm', first.cookie, { setupToken: started.setupToken, code: totpCode(secretFromText(started.secret), t.clock.now()) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(twoFactorMessages.setupExpired);
    expect(await status(first.cookie)).toMatchObject({ isSetUp: false });
  });

  it('replaces a working factor only from a session that passed it', async () => {
    const { user, cookie } = await staff('admin');
    const old = await setUp(cookie);
    t.clock.advance(STEP);

    const other = await signIn(t, user, { twoFactorVerified: false });
    const refused = await call('POST', '/api/admin/two-factor-setup', other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(twoFactorMessages.alreadySetUp);

    const replacement = await setUp(cookie);
    expect(replacement.text).not.toBe(old.text);
    t.clock.advance(STEP);
    expect((await verify(other, totpCode(old.secret, t.clock.now()))).statusCode).toBe(400);
    expect((await verify(other, old.recoveryCodes[0]!)).json().message).toBe(twoFactorMessages.wrongRecoveryCode);
    expect((await verify(other, totpCode(replacement.secret, t.clock.now()))).statusCode).toBe(204);
    const audit = await t.database.db.select().from(staffActions).where(and(eq(staffActions.actorId, user.id), eq(staffActions.action, 'two-factor.set-up')));
    expect(audit.map((a) => a.details)).toEqual([{ replaced: false }, { replaced: true }]);
  });
});

describe('verification', () => {
  it('takes the current step’s code and the previous step’s, refuses two steps back, and never takes a code twice', async () => {
    const { user, cookie } = await staff('support');
    const { secret } = await setUp(cookie);
    t.clock.advance(2 * STEP);

    const tooOld = await verify(await signIn(t, user, { twoFactorVerified: false }), totpCode(secret, new Date(t.clock.now().getTime() - 2 * STEP)));
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json()).toEqual({ message: twoFactorMessages.wrongCode, field: 'code' });

    const session = await signIn(t, user, { twoFactorVerified: false });
    const previous = totpCode(secret, new Date(t.clock.now().getTime() - STEP));
    expect((await verify(session, previous)).statusCode).toBe(204);
    expect(await status(session)).toEqual({ isRequired: true, isVerified: true, isSetUp: true });

    // The same code, in this session or a new one, within its window: refused, and said why.
    const another = await signIn(t, user, { twoFactorVerified: false });
    const replay = await verify(another, previous);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: twoFactorMessages.usedCode, field: 'code' });
    expect(await status(another)).toMatchObject({ isVerified: false });

    // The current step's code is newer than the one taken: it is good, once.
    const current = totpCode(secret, t.clock.now());
    expect((await verify(another, ` ${current.slice(0, 3)} ${current.slice(3)} `)).statusCode).toBe(204);
    expect((await verify(await signIn(t, user, { twoFactorVerified: false }), current)).json().message).toBe(twoFactorMessages.usedCode);
  });

  it('takes each recovery code once, however it is typed, and writes it in the audit log', async () => {
    const { user, cookie } = await staff('production');
    const { recoveryCodes } = await setUp(cookie);
    const code = recoveryCodes[3]!;

    const first = await signIn(t, user, { twoFactorVerified: false });
    expect((await verify(first, ` ${code.toLowerCase().replace(/-/g, ' ')} `)).statusCode).toBe(204);
    expect(await status(first)).toMatchObject({ isVerified: true });

    const second = await signIn(t, user, { twoFactorVerified: false });
    const again = await verify(second, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: twoFactorMessages.usedRecoveryCode, field: 'code' });
    expect((await verify(second, 'ABCD-EFGH-JK')).json().message).toBe(twoFactorMessages.wrongRecoveryCode);
    expect((await verify(second, 'hej')).json().message).toBe(twoFactorMessages.wrongCode);
    expect((await verify(second, recoveryCodes[4]!)).statusCode).toBe(204);

    const used = await t.database.db.select().from(staffActions).where(and(eq(staffActions.actorId, user.id), eq(staffActions.action, 'two-factor.recovery-code-used')));
    expect(used).toHaveLength(2);
  });

  it('locks the account out after as many wrong codes as the limit allows, even from the right code, until the window ends', async () => {
    const { user, cookie } = await staff('support');
    const { secret } = await setUp(cookie);
    t.clock.advance(STEP);
    const session = await signIn(t, user, { twoFactorVerified: false });
    const wrong = totpCode(secret, new Date(t.clock.now().getTime() + 10 * STEP));
    for (let n = 0; n < t.app.deps.config.RATE_LIMIT_TWO_FACTOR_PER_ACCOUNT; n += 1) {
      expect((await verify(session, wrong)).statusCode).toBe(400);
    }
    // A new session does not start the count afresh: it is the account's.
    const locked = await verify(await signIn(t, user, { twoFactorVerified: false }), totpCode(secret, t.clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^For mange forsøg\. Prøv igen om \d+ minutter\.$/);
    expect(locked.headers['retry-after']).toBeDefined();

    t.clock.advance(t.app.deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000);
    expect((await verify(session, totpCode(secret, t.clock.now()))).statusCode).toBe(204);
  });

  it('sends a staff member without a factor to set it up first', async () => {
    const { cookie } = await staff('support');
    const response = await verify(cookie, '123456');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(staffMessages.twoFactorSetUpFirst);
  });
});

describe('the door', () => {
  it('refuses every staff call of a session that has not passed the second factor, and opens once it has', async () => {
    const { user, cookie } = await staff('production');
    const { secret } = await setUp(await signIn(t, user, { twoFactorVerified: false }));
    t.clock.advance(STEP);

    const refused = await staffCall(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: staffMessages.twoFactorRequired });
    expect((await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor-reset', cookie)).statusCode).toBe(403);

    expect((await verify(cookie, totpCode(secret, t.clock.now()))).statusCode).toBe(204);
    expect((await staffCall(cookie)).statusCode).toBe(201);
  });

  it('answers the status to staff only', async () => {
    expect((await call('GET', '/api/admin/two-factor-verification-status')).statusCode).toBe(401);
    const family = await createUser(t.database.db);
    const response = await call('GET', '/api/admin/two-factor-verification-status', await signIn(t, family));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(staffMessages.notStaff);
  });
});

describe('an admin’s reset', () => {
  it('removes another staff member’s factor and codes and ends their sessions’ verification', async () => {
    const admin = await staff('admin');
    await setUp(admin.cookie);
    const target = await staff('production');
    await setUp(target.cookie);
    expect((await staffCall(target.cookie)).statusCode).toBe(201);

    const reset = await call('POST', `/api/admin/users/${target.user.id}/two-factor-reset`, admin.cookie);
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await status(target.cookie)).toEqual({ isRequired: true, isVerified: false, isSetUp: false });
    expect((await staffCall(target.cookie)).json().message).toBe(staffMessages.twoFactorRequired);
    expect(await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, target.user.id))).toEqual([]);
    // Set up anew, from the session that had to verify: the admin vouched for it.
    t.clock.advance(STEP);
    await setUp(target.cookie);
    expect((await staffCall(target.cookie)).statusCode).toBe(201);

    const audit = await t.database.db.select().from(staffActions).where(and(eq(staffActions.actorId, admin.user.id), eq(staffActions.action, 'two-factor.reset')));
    expect(audit).toMatchObject([{ targetUserId: target.user.id, actorName: admin.user.fullName, details: { hadFactor: true } }]);
  });

  it('refuses an admin’s own reset, an unknown account, and everyone but admins', async () => {
    const admin = await staff('admin');
    await setUp(admin.cookie);
    const own = await call('POST', `/api/admin/users/${admin.user.id}/two-factor-reset`, admin.cookie);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(twoFactorMessages.resetOwn);
    const unknown = await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/two-factor-reset', admin.cookie);
    expect(unknown.statusCode).toBe(404);

    const support = await staff('support');
    const refused = await call('POST', `/api/admin/users/${admin.user.id}/two-factor-reset`, await signIn(t, support.user));
    expect(refused.statusCode).toBe(403);
    expect(await status(admin.cookie)).toMatchObject({ isSetUp: true, isVerified: true });
  });
});

describe('TWO_FACTOR_REQUIRED=0', () => {
  it('lets staff in without the second factor, and says it is not required', async () => {
    const relaxed = await createTestApp({ TWO_FACTOR_REQUIRED: '0' });
    try {
      const user = await createUser(relaxed.database.db, { role: 'production' });
      const cookie = await signIn(relaxed, user, { twoFactorVerified: false });
      const headers = { cookie };
      expect((await relaxed.request({ method: 'GET', url: '/api/admin/two-factor-verification-status', headers })).json()).toEqual({ isRequired: false, isVerified: false, isSetUp: false });
      expect((await relaxed.request({ method: 'POST', url: '/api/admin/qr-packages', headers, payload: { name: 'Prøvetryk', size: 1 } })).statusCode).toBe(201);
    } finally {
      await relaxed.close();
    }
  });
});
