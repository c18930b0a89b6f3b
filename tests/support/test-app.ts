/**
 * The real app on a real database with a clock the test moves and mail going to a real SMTP
 * capture. Requests go through app.inject(), Fastify's in-process HTTP.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppInput, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Storage, createStorage } from '../../src/server/lib/storage';
import type { ConnectionLog, Database } from '../../src/server/db/connection';
import type { UploadLimits } from '../../src/server/lib/uploads';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { recordServerLogLine } from './server-errors';
import { createTestDatabase } from './test-database';

/** One key for the whole test process, so a test may seal and open with it too. */
export const TEST_TWO_FACTOR_KEY = randomBytes(32).toString('hex');

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = new Date('2026-11-01T10:00:00Z')): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  mail: SmtpCapture;
  /** Sends a request as a browser on our own site would (same-origin). */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * `clientDir`: a built (or hand-made) client to serve, for tests of the HTML pages. `uploadLimits`:
 * small ones, so a test goes past them in kilobytes. `onRoute`: told of every route as it is added
 * (see AppInput). `connectionLog`: told of database connections PostgreSQL cut.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clientDir?: string;
    storage?: Storage;
    uploadLimits?: Partial<UploadLimits>;
    onRoute?: AppInput['onRoute'];
    connectionLog?: ConnectionLog;
    /** A second instance of that app: its database, storage, mail and clock; closing it closes only itself. */
    instanceOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const first = options.instanceOf;
  const database = first?.database ?? (await createTestDatabase({ log: options.connectionLog }));
  const mail = first?.mail ?? (await startSmtpCapture());
  const clock = first?.clock ?? createClock();
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'mindested-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: 'http://localhost:5000',
    DATA_DIR: '/nonexistent-test-data-dir',
    SMTP_URL: mail.url,
    // Errors only, and each one fails the test that did not expect it (server-errors.ts).
    LOG_LEVEL: 'error',
    // Staff two-factor secrets are sealed with it; DATA_DIR above is not a place to keep a key file.
    TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    now: clock.now,
    randomBytes,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) recordServerLogLine(line);
        done();
      },
    }),
    clientDir: options.clientDir,
    onRoute: options.onRoute,
    // Media on a disk of the test's own, removed when it closes.
    storage: options.storage ?? first?.app.deps.storage ?? createStorage({ kind: 'disk', root: mediaDir }),
    uploadLimits: options.uploadLimits,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mail,
    request: (options) => app.inject({ ...options, headers: { origin: config.baseOrigin, ...options.headers } }),
    async close() {
      await app.close();
      if (first) return rm(mediaDir, { recursive: true, force: true });
      await database.close();
      await mail.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, as a Cookie header value for the next request. */
export function cookieFrom(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'mindested_session');
  if (!cookie) throw new Error('the response set no session cookie');
  return `mindested_session=${cookie.value}`;
}
