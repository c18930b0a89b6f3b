import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_WINDOW_MINUTES: '15',
    RATE_LIMIT_LOGIN_PER_IP: '6',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3',
    RATE_LIMIT_REGISTER_PER_IP: '2',
    RATE_LIMIT_RESET_PER_IP: '4',
    RATE_LIMIT_RESET_PER_ACCOUNT: '2',
  });
});
afterAll(() => t.close());

const login = (ip: string, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: ip });

describe('rate limits', () => {
  it('locks an account after repeated wrong passwords, from any address, and says when to retry', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 3; i++) expect((await login(`10.0.0.${i + 1}`, user.username, 'forkert-kode')).statusCode).toBe(401);
    // Even the right password is refused now: the guesser must not learn that it was right.
    const limited = await login('10.0.0.9', user.username, user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'For mange forsøg. Prøv igen om 15 minutter.' });
    expect(Number(limited.headers['retry-after'])).toBe(900);

    t.clock.advance(10 * 60_000);
    expect((await login('10.0.0.9', user.username, user.password)).json().message).toBe('For mange forsøg. Prøv igen om 5 minutter.');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await login('10.0.0.9', user.username, user.password)).statusCode).toBe(200);
  });

  it('forgets failed attempts after a successful login', async () => {
    const user = await createUser(t.database.db);
    await login('10.0.1.1', user.username, 'forkert-kode');
    await login('10.0.1.1', user.username, 'forkert-kode');
    expect((await login('10.0.1.1', user.username, user.password)).statusCode).toBe(200);
    await login('10.0.1.1', user.username, 'forkert-kode');
    await login('10.0.1.1', user.username, 'forkert-kode');
    expect((await login('10.0.1.1', user.username, user.password)).statusCode).toBe(200);
  });

  it('counts an account once whether it is named by username (any case) or e-mail address', async () => {
    const user = await createUser(t.database.db);
    expect((await login('10.0.6.1', user.username.toUpperCase(), 'forkert-kode')).statusCode).toBe(401);
    expect((await login('10.0.6.2', user.email, 'forkert-kode')).statusCode).toBe(401);
    expect((await login('10.0.6.3', user.username, 'forkert-kode')).statusCode).toBe(401);
    expect((await login('10.0.6.4', user.email.toUpperCase(), user.password)).statusCode).toBe(429);
  });

  // Fifty guesses at once must cost the guesser as much as fifty in a row: each is counted before
  // its password is checked, so at most the limit's number of them are ever checked (401).
  it('checks at most the limit of concurrent wrong passwords, by username and e-mail alike', async () => {
    const user = await createUser(t.database.db);
    const mixedCase = user.username.replace(/^./, (first) => first.toUpperCase());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`10.0.7.${i + 1}`, i % 2 === 0 ? mixedCase : user.email, `forkert-${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
    // Full now: the right password is refused like any other.
    expect((await login('10.0.7.99', user.email, user.password)).statusCode).toBe(429);
  });

  it('refuses the right password that comes after the limit among concurrent wrong ones', async () => {
    const user = await createUser(t.database.db);
    const wrong = Array.from({ length: 49 }, (_, i) => login(`10.0.8.${i + 1}`, i % 2 === 0 ? user.username.toUpperCase() : user.email, `forkert-${i}`));
    const right = login('10.0.8.99', user.email, user.password);
    const statuses = (await Promise.all([...wrong, right])).map((answer) => answer.statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
  });

  it('does not lock out a user who mistypes twice and then logs in', async () => {
    const user = await createUser(t.database.db);
    expect((await login('10.0.9.1', user.username, 'forkert-kode')).statusCode).toBe(401);
    expect((await login('10.0.9.1', user.email, 'forkert-kode')).statusCode).toBe(401);
    expect((await login('10.0.9.1', user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login('10.0.9.2', user.username, 'forkert-kode')).statusCode).toBe(401);
    expect((await login('10.0.9.3', user.username, user.password)).statusCode).toBe(429);
  });

  it('limits a name that belongs to no account exactly as one that does', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(`10.0.10.${i + 1}`, i % 2 ? 'Ingen-Saadan' : 'ingen-saadan', 'forkert-kode')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('limits logins per address, without touching other addresses', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 6; i++) expect((await login('10.0.2.1', user.username, user.password)).statusCode).toBe(200);
    expect((await login('10.0.2.1', user.username, user.password)).statusCode).toBe(429);
    expect((await login('10.0.2.2', user.username, user.password)).statusCode).toBe(200);
  });

  it('limits registrations per address', async () => {
    const attempt = async (i: number) => {
      const code = await createCode(t.database.db);
      return t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.0.3.1',
        payload: { fullName: 'Ny Bruger', username: `ny${i}`, email: `ny${i}@eksempel.dk`, password: 'hemmelig', qrCode: code.code },
      });
    };
    expect((await attempt(1)).statusCode).toBe(201);
    expect((await attempt(2)).statusCode).toBe(201);
    const limited = await attempt(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg\. Prøv igen om \d+ minutter\.$/);
  });

  it('limits reset e-mails per address and per account', async () => {
    const user = await createUser(t.database.db);
    const reset = (ip: string, email: string) => t.app.inject({ method: 'POST', url: '/api/password-reset', remoteAddress: ip, payload: { email } });
    expect((await reset('10.0.4.1', user.email)).statusCode).toBe(200);
    expect((await reset('10.0.4.2', user.email)).statusCode).toBe(200);
    expect((await reset('10.0.4.3', user.email)).statusCode).toBe(429);
    expect((await reset('10.0.5.1', 'a@eksempel.dk')).statusCode).toBe(200);
    expect((await reset('10.0.5.1', 'b@eksempel.dk')).statusCode).toBe(200);
    expect((await reset('10.0.5.1', 'c@eksempel.dk')).statusCode).toBe(200);
    expect((await reset('10.0.5.1', 'd@eksempel.dk')).statusCode).toBe(200);
    expect((await reset('10.0.5.1', 'e@eksempel.dk')).statusCode).toBe(429);
  });
});
