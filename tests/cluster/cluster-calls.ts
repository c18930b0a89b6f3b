/**
 * What the cluster tests (tests/cluster) share: the API called over HTTP through HAProxy or at one
 * instance directly, QR codes made with the operator CLI on the cluster's database, a look into
 * that database, each instance's request counters from its /metrics, and the bucket's objects.
 * Not a test file itself (vitest.cluster.config.ts runs *.test.ts only).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { ClusterWorld } from '../support/cluster-world';
import { ROOT } from '../support/server-process';

/** A phone's browser: a visit counts only from something that does not say it is a bot (stats/visits.ts). */
export const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export interface Answer<T> {
  status: number;
  body: T;
  /** The session cookie the answer set, if any. */
  session: string | null;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  session?: string | null;
  headers?: Record<string, string>;
}

/**
 * Calls for one cluster: `to` is where the request goes (the cluster's url, HAProxy, or an
 * instance's own). Every request carries the public address (BASE_URL, HAProxy's) as its Origin,
 * as a browser on the site would. `sent` counts the requests made, for comparing with the
 * instances' own counters.
 */
export function clusterCalls(world: ClusterWorld) {
  let sent = 0;

  async function raw(to: string, method: string, pathname: string, init: { headers?: Record<string, string>; body?: BodyInit; session?: string | null } = {}) {
    sent += 1;
    return fetch(`${to}${pathname}`, {
      method,
      headers: {
        origin: world.cluster.url,
        ...(init.session ? { cookie: `${SESSION_COOKIE}=${init.session}` } : {}),
        ...init.headers,
      },
      body: init.body,
      redirect: 'manual',
    });
  }

  async function call<T = Record<string, unknown>>(to: string, method: string, pathname: string, options: CallOptions = {}): Promise<Answer<T>> {
    const response = await raw(to, method, pathname, {
      session: options.session,
      headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      session: cookie ? cookie.slice(SESSION_COOKIE.length + 1) || null : null,
      headers: response.headers,
    };
  }

  return {
    raw,
    call,
    /** How many requests these calls have sent. */
    get sent() {
      return sent;
    },
  };
}

export type Calls = ReturnType<typeof clusterCalls>;

export interface Family {
  fullName: string;
  email: string;
  username: string;
  password: string;
  /** The session registering gave. */
  session: string;
}

/** A new account registered with `code` at `to` (POST /api/register), signed in. */
export async function registerFamily(api: Calls, to: string, code: string, fullName = 'Karen Mortensen'): Promise<Family> {
  const tag = Math.random().toString(36).slice(2, 8);
  const details = { fullName, email: `familie${tag}@eksempel.dk`, username: `familie${tag}`, password: 'rosenhave-1948' };
  const response = await api.call(to, 'POST', `/api/register?t=${Date.now()}`, { body: { ...details, qrCode: code } });
  if (response.status !== 201 || !response.session) throw new Error(`registering failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...details, session: response.session };
}

/** `qr:generate --count n` of the operator CLI on the cluster's database: n unclaimed codes. */
export async function generateCodes(databaseUrl: string, count: number): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'dist/server/cli.mjs'), 'qr:generate', '--count', String(count)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
  });
  const codes = stdout.split('\n').map((line) => line.trim()).filter(Boolean);
  if (codes.length !== count) throw new Error(`qr:generate gave ${codes.length} codes, not ${count}`);
  return codes;
}

/** One query on the cluster's database. */
export async function query<T extends Record<string, unknown>>(databaseUrl: string, statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/** Routes an instance answers that are not a test's own requests: HAProxy's checks and our scrapes. */
const NOT_OURS = new Set(['/api/health/ready', '/api/health/live', '/api/health', '/metrics']);

/**
 * The requests an instance has answered so far (mindested_http_requests_total: of one route
 * pattern, or of all but the checks and the scrapes), read from its /metrics over loopback, past
 * HAProxy.
 */
export async function answered(instanceUrl: string, onlyRoute?: string): Promise<number> {
  const response = await fetch(`${instanceUrl}/metrics`);
  if (response.status !== 200) throw new Error(`${instanceUrl}/metrics answered ${response.status}`);
  let total = 0;
  for (const line of (await response.text()).split('\n')) {
    const match = /^mindested_http_requests_total\{(.*)\} (\d+(?:\.\d+)?)$/.exec(line);
    if (!match) continue;
    const route = /route="([^"]*)"/.exec(match[1]!)?.[1];
    if (onlyRoute !== undefined ? route !== onlyRoute : route !== undefined && NOT_OURS.has(route)) continue;
    total += Number(match[2]);
  }
  return total;
}

/** The bucket of the world, through the S3 API as the instances use it. */
export function bucketClient(world: ClusterWorld) {
  const s3 = new S3Client({
    endpoint: world.bucket.endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: world.bucket.accessKeyId, secretAccessKey: world.bucket.secretAccessKey },
  });
  return {
    /** The object's size and type, or null when there is none. */
    async head(key: string): Promise<{ bytes: number; contentType: string } | null> {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: world.bucket.bucket, Key: key }));
        return { bytes: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    /** Every key under `prefix`. */
    async keys(prefix: string): Promise<string[]> {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: world.bucket.bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    async get(key: string): Promise<Buffer> {
      const object = await s3.send(new GetObjectCommand({ Bucket: world.bucket.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    close: () => s3.destroy(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `probe` until it says yes; resolves with the milliseconds it took, or throws after `timeoutMs`. */
export async function pollUntil(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
