/**
 * The server's own log, as written: a request's line names its method and address, never the
 * caller's IP address nor a working link's token.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/connection';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'info', SMTP_URL: 'smtp://127.0.0.1:9' }), db: database.db, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('keeps no IP address and no token of a link in the log', async () => {
  const token = 'hemmeligt-token-0123456789abcdefghijklmnopq';
  for (const url of [`/api/password-reset/${token}`, `/api/setup/${token}`, `/api/invitations/${token}`, `/api/post-decisions/${token}`, `/reset-password/${token}`, `/api/gdpr/account-deletion/${token}`, `/gdpr-data-request/slet/${token}`, '/api/health/live']) {
    await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.77' });
  }
  const requests = lines.map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string } }).filter((entry) => entry.req);
  expect(requests.map((entry) => entry.req!.url)).toEqual([
    '/api/password-reset/:token',
    '/api/setup/:token',
    '/api/invitations/:token',
    '/api/post-decisions/:token',
    '/reset-password/:token',
    '/api/gdpr/account-deletion/:token',
    '/gdpr-data-request/slet/:token',
    '/api/health/live',
  ]);
  const all = lines.join('\n');
  expect(all).not.toContain('203.0.113.77');
  expect(all).not.toContain(token);
});
