import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { JobRunner } from './lib/jobs';
import type { RateLimiter } from './lib/rate-limit';

/**
 * What the domains need from the outside world. Time and randomness are passed in (ARCHITECTURE.md)
 * so that tests can move the clock past an expiry without mocking modules.
 */
export interface Deps {
  config: Config;
  db: Db;
  now: () => Date;
  randomBytes: (size: number) => Uint8Array;
  jobs: JobRunner;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}
