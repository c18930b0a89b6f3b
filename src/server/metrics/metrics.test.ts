import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { signIn, signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { performanceResponse } from '../../shared/performance';
import { staffMessages } from '../../shared/staff';
import { routeLabel } from './instance';

const TOKEN = 'skrab-token-til-overvaagning-0123456789';
const OUTSIDE = '203.0.113.9';
const MEMORIAL_ID = '0b0c5a41-7d0e-4c8e-9d7c-3c1a2f9e4b11';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('GET /metrics', () => {
  it('answers a scraper on this machine in Prometheus text, labelled by route pattern, never by address', async () => {
    await t.request({ method: 'GET', url: `/api/memorials/${MEMORIAL_ID}` });
    await t.request({ method: 'GET', url: '/api/health/ready' });
    await t.request({ method: 'GET', url: '/api/findes-ikke-4711' });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    for (const name of [
      'mindested_http_request_duration_seconds_bucket',
      'mindested_http_requests_total',
      'mindested_http_server_errors_total',
      'mindested_db_query_duration_seconds_count',
      'mindested_jobs_due',
      'mindested_jobs_failed_last_24h',
      'mindested_jobs_failed',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/mindested_http_requests_total\{method="GET",route="\/api\/memorials\/:id",status_class="4xx"\} 1/);
    expect(text).toMatch(/mindested_http_requests_total\{method="GET",route="\/api\/health\/ready",status_class="2xx"\} 1/);
    expect(text).toMatch(/mindested_http_requests_total\{method="GET",route="\(ingen rute\)",status_class="4xx"\} 1/);
    expect(text).not.toContain(MEMORIAL_ID);
    // The unknown address nowhere, as a label or in one (a bare "4711" may be a figure: a heap of 12,471,104 bytes).
    expect(text).not.toContain('findes-ikke');
    expect(text).not.toMatch(/"[^"\n]*4711[^"\n]*"/);
    // The readiness check asked the database, and that query was timed.
    expect(Number(/^mindested_db_query_duration_seconds_count (\d+)/m.exec(text)?.[1])).toBeGreaterThan(0);
    if (t.database.engine === 'postgres') expect(text).toMatch(/mindested_db_pool_connections\{state="max"\} 10/);
    else expect(text).not.toContain('mindested_db_pool_connections');
  });

  it('is an unknown address to a request that came through a proxy, even over loopback', async () => {
    for (const headers of <Record<string, string>[]>[{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }]) {
      const response = await scrape({ headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
    }
  });

  it('answers a scraper elsewhere that shows the token, and nobody else from outside', async () => {
    const withToken = await scrape({ remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': OUTSIDE } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('mindested_http_requests_total');

    for (const headers of <Record<string, string>[]>[{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }, { authorization: TOKEN }]) {
      const response = await scrape({ remoteAddress: OUTSIDE, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
    }
  });

  it('is answered over IPv6 loopback too', async () => {
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('when the database does not answer', () => {
  it('still answers, with the job queue unknown rather than empty', async () => {
    const other = await createTestApp();
    await other.database.close();
    try {
      const response = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      // prom-client writes "Nan"; Prometheus reads NaN in any case.
      expect(response.body).toMatch(/^mindested_jobs_due nan$/im);
      expect(response.body).toContain('process_resident_memory_bytes');
    } finally {
      await other.app.close();
      await other.mail.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('lets no request from outside through, whatever it shows', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: 'Bearer ' } });
      expect(response.statusCode).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/admin/performance', () => {
  it('shows an administrator with a verified second factor the last hour on this server', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    await t.request({ method: 'GET', url: `/api/memorials/${MEMORIAL_ID}` });
    const response = await t.request({ method: 'GET', url: '/api/admin/performance', headers: { cookie: admin.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = performanceResponse.parse(response.json());
    const memorial = body.routes.find((route) => route.route === '/api/memorials/:id' && route.method === 'GET');
    expect(memorial?.requests).toBeGreaterThanOrEqual(2);
    expect(memorial?.p95Ms).toBeGreaterThan(0);
    expect(body.routes.some((route) => route.route.includes(MEMORIAL_ID))).toBe(false);
    expect(body.database.engine).toBe(t.database.engine);
    expect(body.minutes).toHaveLength(60);
  });

  it('refuses anyone else: no session, another role, an administrator who has not passed the second factor', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/performance' })).statusCode).toBe(401);
    for (const role of ['user', 'support', 'production'] as const) {
      const person = await signedInUser(t, { role });
      const response = await t.request({ method: 'GET', url: '/api/admin/performance', headers: { cookie: person.cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: staffMessages.notStaff });
    }
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cookie = await signIn(t, admin, { twoFactorVerified: false });
    const response = await t.request({ method: 'GET', url: '/api/admin/performance', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: staffMessages.twoFactorRequired });
  });
});

describe('the route a request is counted under', () => {
  it('is its pattern; every built file shares one, so a deploy adds no labels', () => {
    expect(routeLabel('/api/memorials/:id')).toBe('/api/memorials/:id');
    expect(routeLabel('/assets/index-Dwq__F9b.js')).toBe('/assets/*');
    expect(routeLabel('/assets/fraunces-latin-wght-normal-ukD16Tqj.woff2')).toBe('/assets/*');
    expect(routeLabel(undefined)).toBe('(ingen rute)');
  });
});
