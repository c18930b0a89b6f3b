import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/connection';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:9' }), db: database.db, logger: false });
  // A route that fails the way a bug would, to see what a client gets.
  app.get('/api/test-boom', async () => {
    throw new Error('hemmelig intern detalje at /srv/app.ts:12');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('errors', () => {
  it('turns an unexpected error into a Danish 500 with no detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Der skete en fejl på serveren. Prøv igen om lidt.' });
    expect(response.body).not.toContain('hemmelig');
  });

  it('answers a body that is too large with 413 in Danish', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'hemmelig' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Forespørgslen er for stor.' });
  });

  it('answers an unknown content type with 415 in Danish', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Forespørgslen har en ukendt indholdstype.' });
  });

  it('words a missing field or a wrong type in Danish for a person', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/login', payload: { password: 'hemmelig' } });
    expect(missing.json()).toEqual({ message: 'Udfyld feltet.', field: 'username' });
    const wrongType = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 42, password: 'hemmelig' } });
    expect(wrongType.json()).toEqual({ message: 'Feltet har en forkert værdi.', field: 'username' });
    const notAnObject = await app.inject({ method: 'POST', url: '/api/login', payload: 'hej', headers: { 'content-type': 'text/plain' } });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toBe('Feltet har en forkert værdi.');
  });

  it('allows same-origin and origin-less writes, refuses cross-site ones', async () => {
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/logout', headers });
    expect((await post({ origin: 'http://localhost:5000' })).statusCode).toBe(204);
    expect((await post({})).statusCode).toBe(204);
    expect((await post({ origin: 'http://localhost:5001' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('config', () => {
  it('stops on a bad value with one line naming it', () => {
    expect(() => loadConfig({ PORT: 'fem' })).toThrow('Ugyldig konfiguration: PORT skal være et tal');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Ugyldig konfiguration: DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_IP: '0' })).toThrow(/^Ugyldig konfiguration: RATE_LIMIT_LOGIN_PER_IP/);
  });

  it('derives BASE_URL from PORT and resolves DATA_DIR', () => {
    const config = loadConfig({ PORT: '5123', DATA_DIR: 'data' });
    expect(config.BASE_URL).toBe('http://localhost:5123');
    expect(config.DATA_DIR).toMatch(/^\/.*\/data$/);
    expect(loadConfig({ BASE_URL: 'https://mindested.dk/' }).baseOrigin).toBe('https://mindested.dk');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

