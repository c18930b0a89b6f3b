/**
 * One cluster test file's world: a fresh PostgreSQL database, an S3 bucket (s3rver on loopback), an
 * SMTP capture, and three production servers behind HAProxy (src/cluster/cluster.ts), started once
 * per file and stopped after it. Every line an instance logs at level error or above fails the test
 * it happened in, as in the journeys.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type Cluster, freePortRun, startCluster } from '../../src/cluster/cluster';
import { adminQuery } from './e2e-base';
import { type S3TestServer, startS3Server } from './s3-server';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { TEST_DB_PREFIX, withDatabase } from './test-database';

/** The cluster tests' databases: <prefix>_cluster_<pid of the test worker>_<random>. */
export const CLUSTER_DB_PREFIX = `${TEST_DB_PREFIX.replace(/^mindested_test/, 'mindested')}_cluster_`;

export interface ClusterWorld {
  readonly cluster: Cluster;
  readonly mail: SmtpCapture;
  readonly bucket: S3TestServer;
  /** The cluster's database, for a test that looks at what was stored. */
  readonly databaseUrl: string;
  /** An error line this test provokes on purpose (matched against the instance's JSON log line). */
  expectError(pattern: RegExp): void;
}

export interface ClusterWorldOptions {
  instances?: number;
  /** The PostgreSQL server to make the cluster's database on (default DATABASE_URL's), asked when the cluster starts. */
  postgres?: () => string;
  /** More of the instances' settings (limits, JOBS_PROCESS, …). */
  env?: Record<string, string>;
}

/** Lines at pino's level error (50) or above. */
function isError(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
  } catch {
    return false;
  }
}

export function setupCluster(options: ClusterWorldOptions = {}): ClusterWorld {
  // Not under the unit tests' prefix, whose set-up drops every database it finds under it as left
  // behind; the cluster suite's own set-up drops only those whose process is gone.
  const name = `${CLUSTER_DB_PREFIX}${process.pid}_${randomBytes(5).toString('hex')}`;
  let cluster: Cluster | undefined;
  let mail: SmtpCapture | undefined;
  let bucket: S3TestServer | undefined;
  let errors: string[] = [];
  const expectedErrors: RegExp[] = [];

  let serverUrl = process.env.DATABASE_URL!;

  beforeAll(async () => {
    if (options.postgres) serverUrl = options.postgres();
    await adminQuery(serverUrl, `create database ${name}`);
    [mail, bucket] = await Promise.all([startSmtpCapture(), startS3Server()]);
    cluster = await startCluster({
      instances: options.instances ?? 3,
      // HAProxy's port; the instances take the next ones, so the probe looks for a free run.
      port: await freePortRun(1 + (options.instances ?? 3)),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: withDatabase(serverUrl, name),
        S3_BUCKET: bucket.bucket,
        S3_ENDPOINT: bucket.endpoint,
        S3_ACCESS_KEY_ID: bucket.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
        SMTP_URL: mail.url,
        TWO_FACTOR_KEY: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      onLine: (who, line) => {
        if (isError(line) && !expectedErrors.some((pattern) => pattern.test(line))) errors.push(`[${who}] ${line}`);
      },
    });
  });

  afterEach(() => {
    const found = errors;
    errors = [];
    expectedErrors.length = 0;
    if (found.length) throw new Error(`Errors logged by the instances:\n${found.join('\n')}`);
  });

  afterAll(async () => {
    await cluster?.stop();
    await Promise.all([mail?.close(), bucket?.close()]);
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  });

  return {
    get cluster() {
      if (!cluster) throw new Error('the cluster is not running');
      return cluster;
    },
    get mail() {
      return mail!;
    },
    get bucket() {
      return bucket!;
    },
    get databaseUrl() {
      return withDatabase(serverUrl, name);
    },
    expectError(pattern) {
      expectedErrors.push(pattern);
    },
  };
}
