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
