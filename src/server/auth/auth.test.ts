import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodeEvents, qrCodes, sessions } from '../db/schema';
import { createCode, createUser } from '../../../tests/support/factories';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/login?t=${Date.now()}`, payload: body, headers });

describe('GET /api/user', () => {
  it('answers 401 with a Danish message when nobody is logged in', async () => {
    const response = await t.request({ method: 'GET', url: '/api/user?t=1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Du er ikke logget ind.' });
  });

  it('answers 401 for an unknown session cookie', async () => {
    const response = await t.request({ method: 'GET', url: '/api/user', headers: { cookie: 'mindested_session=opdigtet' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('logs in with the username in any case and returns the user without secrets', async () => {
    const user = await createUser(t.database.db, { username: 'KarenJ', fullName: 'Karen Jensen' });
    const response = await login({ username: 'karenj', password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: user.id, username: 'KarenJ', fullName: 'Karen Jensen', isAdmin: false, qrCodeLinked: false });
    expect(body).not.toHaveProperty('passwordHash');

    const cookie = response.cookies.find((c) => c.name === 'mindested_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();

    const me = await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('logs in with the e-mail address', async () => {
    const user = await createUser(t.database.db);
    const response = await login({ username: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('marks the cookie Secure when served over HTTPS behind a trusted proxy', async () => {
    const secure = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const user = await createUser(secure.database.db);
      const response = await secure.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: user.password },
        headers: { 'x-forwarded-proto': 'https', host: 'mindested.dk', origin: 'https://mindested.dk' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'mindested_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const user = await createUser(t.database.db);
    const wrong = await login({ username: user.username, password: 'forkert-kode' });
    const unknown = await login({ username: 'ingen-saadan', password: 'forkert-kode' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Forkert brugernavn, e-mail eller adgangskode.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it.each([
    [{ username: 'k', password: 'hemmelig' }, 'username', 'Brugernavn eller email skal være mindst 2 tegn.'],
    [{ username: 'karen', password: '12345' }, 'password', 'Adgangskode skal være mindst 6 tegn.'],
    [{ username: 'karen', password: 'hemmelig', qrCode: 'ABC' }, 'qrCode', 'QR-koden er ikke gyldig. Tjek at du har skrevet den rigtigt.'],
  ])('names the field of a validation error (%j)', async (body, field, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
  });

  it('answers a malformed JSON body with 400 and a Danish message, never a stack', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Forespørgslen kunne ikke læses.' });
  });

  it('locks an unclaimed QR code to the account and says so', async () => {
    const user = await createUser(t.database.db);
    const code = await createCode(t.database.db);
    const typed = `${code.code.slice(0, 5).toLowerCase()}-${code.code.slice(5)}`;
    const response = await login({ username: user.username, password: user.password, qrCode: typed });
    expect(response.statusCode).toBe(200);
    expect(response.json().qrCodeLinked).toBe(true);
    const [row] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code.code));
    expect(row).toMatchObject({ status: 'claimed', claimedBy: user.id });
    const events = await t.database.db.select().from(qrCodeEvents).where(eq(qrCodeEvents.code, code.code));
    expect(events.map((e) => [e.event, e.actorId])).toEqual([['claimed', user.id]]);
  });

  it("logs in but links nothing when the code is someone else's", async () => {
    const owner = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const code = await createCode(t.database.db, { status: 'claimed', claimedBy: owner.id });
    const response = await login({ username: other.username, password: other.password, qrCode: code.code });
    expect(response.statusCode).toBe(200);
    expect(response.json().qrCodeLinked).toBe(false);
    const [row] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code.code));
    expect(row!.claimedBy).toBe(owner.id);
  });

  it('rotates the session: the cookie the browser had before stops working', async () => {
    const user = await createUser(t.database.db);
    const first = await login({ username: user.username, password: user.password });
    const second = await login({ username: user.username, password: user.password }, { cookie: cookieFrom(first) });
    expect(cookieFrom(second)).not.toBe(cookieFrom(first));
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(first) } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(second) } })).statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const user = await createUser(t.database.db);
    const response = await login({ username: user.username, password: user.password });
    const token = response.cookies.find((c) => c.name === 'mindested_session')!.value;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a request from a foreign origin', async () => {
    const user = await createUser(t.database.db);
    const response = await login({ username: user.username, password: user.password }, { origin: 'https://ondt.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Forespørgslen kom fra et andet websted og blev afvist.');
  });

  it('ends a session when it expires', async () => {
    const user = await createUser(t.database.db);
    const response = await login({ username: user.username, password: user.password });
    t.clock.advance(31 * 24 * 60 * 60_000);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(response) } })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('destroys the session on the server, not only the cookie', async () => {
    const user = await createUser(t.database.db);
    const response = await login({ username: user.username, password: user.password });
    const cookie = cookieFrom(response);
    const logout = await t.request({ method: 'POST', url: '/api/logout?t=1', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'mindested_session')!.value).toBe('');
    // The old cookie, replayed, is worthless.
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('succeeds without a session too', async () => {
    expect((await t.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
  });
});
