import type { FastifyBaseLogger } from 'fastify';
import type { Providers } from './ai/providers';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { JobRunner } from './lib/jobs';
import type { RateLimiter } from './lib/rate-limit';
import type { Storage } from './lib/storage';
import type { RecentMemorials } from './memorials/types';
import type { StatsCounter } from './stats/counter';
import type { UploadLimits } from './lib/uploads';

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
  /**
   * For calls that come by the thousand (QR codes scanned and validated, candles and greetings on
   * All Saints' evening): exact on this server, written to the shared table in batches
   * (lib/batched-rate-limit.ts, docs/decisions/0017).
   */
  lookupLimiter: RateLimiter;
  /** The AI providers this installation has (ai/providers.ts); null where one is not configured. */
  ai: Providers;
  /** Media files: the local disk or an S3-compatible bucket. */
  storage: Storage;
  log: FastifyBaseLogger;
  /**
   * Told after a memorial (or its gallery) changed on this server, so this server's visitors see
   * the change at once (memorials/changes.ts); other servers see it within a second.
   */
  memorialChanged: (memorialId: string) => void;
  /** Memorials as visitors find them, read at most once a second (memorials/recent.ts). */
  recentMemorials: RecentMemorials;
  /** The largest photo and video taken (lib/uploads.ts); tests pass small ones. */
  uploadLimits: UploadLimits;
  /** Visits and QR scans per memorial and day, counted in memory and written in batches (stats/counter.ts). */
  stats: StatsCounter;
  /**
   * shuttingDown turns true when the app starts to close (a SIGTERM in main.ts), so readiness
   * answers 503 and a load balancer stops sending before the server stops listening.
   */
  lifecycle: { shuttingDown: boolean };
}
