import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { expectServerError } from '../../../tests/support/server-errors';
import sharp from 'sharp';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type Storage, createStorage, withChecks } from '../lib/storage';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Storage whose every call fails, as a bucket does when its service is down. */
function brokenStorage(): Storage {
  const storage = createStorage({ kind: 'disk', root: '/nonexistent-health-test' });
  return { ...storage, head: () => Promise.reject(new Error('connect ECONNREFUSED')) };
}

describe('GET /api/health/live', () => {
  it('answers 200 without asking the database', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.request({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    await other.app.close();
    await other.mail.close();
  });
});

describe('GET /api/health/ready (and /api/health, the same)', () => {
  it('answers 200 while the database and the storage answer', async () => {
    for (const url of ['/api/health/ready', '/api/health']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 503 when the database is gone', async () => {
    expectServerError(/Cannot use a pool after calling end on the pool|PGlite is closed|closed/i);
    const other = await createTestApp();
    await other.database.close();
    for (const url of ['/api/health/ready', '/api/health']) {
      const response = await other.request({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Databasen svarer ikke.', status: 'error', database: 'unreachable', storage: 'ok' });
    }
    await other.app.close();
    await other.mail.close();
  });

  it('stays ready when the storage does not answer, and says so: the pages need only the database', async () => {
    expectServerError(/ECONNREFUSED/);
    const other = await createTestApp({}, { storage: brokenStorage() });
    try {
      const response = await other.request({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Lageret til billeder og filer svarer ikke.', status: 'degraded', database: 'ok', storage: 'unreachable' });
    } finally {
      await other.close();
    }
  });

  it('answers an upload while the bucket is away with 503 and a Danish "try again", and the page still answers', async () => {
    expectServerError(/media storage unreachable/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const failing = createStorage({ kind: 'disk', root: '/nonexistent-health-test' });
    const other = await createTestApp({}, { storage: withChecks({ ...failing, put: () => Promise.reject(refused), head: () => Promise.reject(refused) }) });
    try {
      const owner = await signIn(other, await createUser(other.database.db));
      const memorial = (await other.request({ method: 'POST', url: '/api/memorials', headers: { cookie: owner }, payload: { name: 'Karen Jensen' } })).json<{ id: string; slug: string }>();
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 120, b: 150 } } }).jpeg().toBuffer();
      const boundary = '----health-test';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await other.request({ method: 'POST', url: `/api/memorials/${memorial.id}/media`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner } });
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toEqual({ message: 'Billeder og filer kan ikke gemmes eller hentes lige nu. Prøv igen om lidt.' });
      expect(upload.headers['retry-after']).toBe('30');
      expect((await other.request({ method: 'GET', url: `/api/memorials/${memorial.slug}` })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 once the app begins to close, while liveness still answers', async () => {
    const other = await createTestApp();
    try {
      // Set as main.ts's SIGTERM (through app.close's preClose hook) sets it; the next test shows that.
      other.app.deps.lifecycle.shuttingDown = true;
      const ready = await other.request({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Serveren lukker ned.', status: 'shutting-down' });
      expect((await other.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('sets the flag when the app is closed', async () => {
    const other = await createTestApp();
    expect(other.app.deps.lifecycle.shuttingDown).toBe(false);
    await other.close();
    expect(other.app.deps.lifecycle.shuttingDown).toBe(true);
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/api/findes-ikke' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
  });
});
