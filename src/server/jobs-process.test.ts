/**
 * JOBS_PROCESS=1 on PostgreSQL: the real server (tsx src/server/main.ts) runs its jobs in a child
 * at niceness 10, which sends the e-mail the web process queued; a child that dies is started
 * again, and SIGTERM stops both. The embedded database refuses the setting (config.test.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort } from '../../tests/support/server-process';
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp-capture';
import { TEMPLATE_DB, TEST_DB_PREFIX, withDatabase } from '../../tests/support/test-database';
import { JOBS_NICENESS } from './jobs-process';

const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const serverUrl = process.env.DATABASE_URL;
const name = `${TEST_DB_PREFIX}_jobs_${randomBytes(4).toString('hex')}`;
let smtp: SmtpCapture;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!serverUrl) return;
  smtp = await startSmtpCapture();
  await admin(`create database ${name} template ${TEMPLATE_DB}`);
});
afterAll(async () => {
  if (!serverUrl) return;
  await smtp.close();
  await admin(`drop database if exists ${name} with (force)`);
});

/** Niceness is the 19th field of /proc/<pid>/stat (after the name in parentheses). */
async function niceness(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, output: () => string): Promise<T> {
  for (let tries = 0; tries < 300; tries++) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen:\n${output()}`);
}

describe.skipIf(!serverUrl)('jobs in their own process', () => {
  it('runs the queue in a lower-priority child, starts it again when it dies, and stops it with the server', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(TSX, ['src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        TWO_FACTOR_KEY: 'a6f1c0d2e3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATABASE_URL: withDatabase(serverUrl!, name),
        MEDIA_ON_LOCAL_DISK: '1',
        DATA_DIR: path.join(ROOT, 'node_modules/.cache/jobs-process-test'),
        CLIENT_DIR: path.join(ROOT, 'node_modules/.cache/jobs-process-test/no-client'),
        SMTP_URL: smtp.url,
        JOBS_PROCESS: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const jobPids = () => [...output.matchAll(/"pid":(\d+),"niceness":\d+,"msg":"jobs run in their own process"/g)].map((match) => Number(match[1]));
    const contact = (email: string) =>
      fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ name: 'Ida Hansen', email, message: 'Et spørgsmål om vores mindeside.' }),
      });

    try {
      await until('start', async () => (await fetch(`${baseUrl}/api/health/live`).catch(() => null))?.status === 200 || undefined, () => output);
      const first = await until('the job process', () => jobPids()[0], () => output);
      expect(await niceness(first)).toBe(JOBS_NICENESS);

      // The web process queues the receipt; the child sends it.
      expect((await contact('ida@example.dk')).status).toBe(201);
      await smtp.waitFor((mail) => mail.to.includes('ida@example.dk'));

      process.kill(first, 'SIGKILL');
      const second = await until('a new job process', () => jobPids()[1], () => output);
      expect(output).toContain('the job process stopped; starting it again');
      expect((await contact('ole@example.dk')).status).toBe(201);
      await smtp.waitFor((mail) => mail.to.includes('ole@example.dk'));

      process.kill(-child.pid!, 'SIGTERM');
      expect(await exited).toBe(0);
      await until('the job process to end', () => !alive(second) || undefined, () => output);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
  }, 120_000);
});
