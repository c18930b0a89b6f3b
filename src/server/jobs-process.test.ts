/**
 * JOBS_PROCESS=1 on PostgreSQL: the real server (tsx src/server/main.ts) runs its jobs in a child
 * at the lowest priority (nice 19), which sends the e-mail the web process queued; a child that
 * dies is started again, and SIGTERM stops both. The embedded database refuses the setting
 * (config.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../tests/support/server-process';
import { type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp-capture';
import { startSourceServer } from '../../tests/support/source-server';
import { TEMPLATE_DB, TEST_DB_PREFIX, withDatabase } from '../../tests/support/test-database';
import { JOBS_NICENESS } from './jobs-process';

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

/** The CPUs a process may run on, as /proc/<pid>/status lists them (e.g. "0" or "0-1"). */
async function cpusOf(pid: number): Promise<string> {
  return /^Cpus_allowed_list:\s*(\S+)$/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))![1]!;
}

/** JOBS_CPUS as this machine allows: its last CPU for the jobs, the others for the web process. */
const LAST_CPU = cpus().length - 1;

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
  it('runs the queue in a lower-priority child on CPUs of its own, starts it again when it dies, and stops it with the server', async () => {
    const server = await startSourceServer({
      DATABASE_URL: withDatabase(serverUrl!, name),
      MEDIA_ON_LOCAL_DISK: '1',
      DATA_DIR: path.join(ROOT, 'node_modules/.cache/jobs-process-test'),
      CLIENT_DIR: path.join(ROOT, 'node_modules/.cache/jobs-process-test/no-client'),
      SMTP_URL: smtp.url,
      JOBS_PROCESS: '1',
      // One CPU cannot be split; there the child still runs apart, at its priority.
      ...(LAST_CPU > 0 ? { JOBS_CPUS: String(LAST_CPU) } : {}),
    });
    const { baseUrl, output } = server;
    const jobPids = () => [...output().matchAll(/"pid":(\d+),"niceness":\d+,"msg":"jobs run in their own process"/g)].map((match) => Number(match[1]));
    const contact = (email: string) =>
      fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ name: 'Ida Hansen', email, message: 'Et spørgsmål om vores mindeside.' }),
      });

    try {
      const first = await until('the job process', () => jobPids()[0], output);
      expect(await niceness(first)).toBe(JOBS_NICENESS);
      if (LAST_CPU > 0) {
        expect(await cpusOf(first)).toBe(String(LAST_CPU));
        const web = Number(/"pid":(\d+),"cpus":"[^"]*","msg":"the web process runs on its own CPUs"/.exec(output())![1]);
        expect(await cpusOf(web)).toBe(LAST_CPU === 1 ? '0' : `0-${LAST_CPU - 1}`);
      }

      // The web process queues the receipt; the child sends it.
      expect((await contact('ida@example.dk')).status).toBe(201);
      await smtp.waitFor((mail) => mail.to.includes('ida@example.dk'));

      process.kill(first, 'SIGKILL');
      const second = await until('a new job process', () => jobPids()[1], output);
      expect(output()).toContain('the job process stopped; starting it again');
      if (LAST_CPU > 0) expect(await cpusOf(second)).toBe(String(LAST_CPU));
      expect((await contact('ole@example.dk')).status).toBe(201);
      await smtp.waitFor((mail) => mail.to.includes('ole@example.dk'));

      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      await until('the job process to end', () => !alive(second) || undefined, output);
    } finally {
      server.kill();
    }
  }, 120_000);
});
