/**
 * Object storage for uploaded media (photo variants, videos), addressed by a relative key such as
 * `memorials/<memorialId>/<mediaId>/640.webp`.
 *
 * Why two implementations: a single server must start with no set-up (ARCHITECTURE.md), so by
 * default media lives on the local disk under DATA_DIR. Several instances behind a load balancer
 * cannot share one machine's disk, and media outgrows one disk first, so the same interface also
 * talks to any S3-compatible bucket that all instances share. One contract test
 * (storage.test.ts) runs against both, so code above this interface cannot tell them apart.
 *
 * This module is the front: it checks keys, prefixes and ranges once for both drivers
 * (storage-disk.ts, storage-s3.ts) and turns a driver's "range past the end" answer into
 * RangeNotSatisfiableError. The types both sides share live in storage-types.ts, so no import
 * leads from a driver back here.
 */
import { createDiskStorage } from './storage-disk';
import { checkS3Options, describeS3 } from './storage-s3-options';
import type { ByteRange, PutOptions, S3StorageOptions, Storage, StorageDriver, StorageOptions } from './storage-types';

// The rooms ask the front for the storage and its range; the rest of the contract is the drivers'.
export type { ByteRange, Storage } from './storage-types';

/** A range that starts at or past the end of the object. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly totalBytes: number) {
    super(`range not satisfiable: the object has ${totalBytes} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}

// Lower case only: S3 keys are case-sensitive and some disks are not, so "A.jpg" and "a.jpg"
// would be one object on a Mac and two in a bucket.
const KEY_CHARACTERS = /^[a-z0-9._/-]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * Throws unless `key` is a relative key of lower-case segments. Keys are built by our own code,
 * never taken from a request, so a bad one is a programmer error and a plain Error.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new Error('storage key must be a non-empty string');
  if (key.length > MAX_KEY_LENGTH) throw new Error(`storage key is longer than ${MAX_KEY_LENGTH} characters`);
  if (key.includes('\\')) throw new Error(`storage key must not contain a backslash: ${JSON.stringify(key)}`);
  if (key.startsWith('/')) throw new Error(`storage key must be relative: ${JSON.stringify(key)}`);
  if (!KEY_CHARACTERS.test(key)) throw new Error(`storage key may only contain a-z 0-9 . _ / -: ${JSON.stringify(key)}`);
  for (const segment of key.split('/')) {
    if (segment === '') throw new Error(`storage key has an empty segment: ${JSON.stringify(key)}`);
    // Covers "." and "..", and reserves dot-names for the disk driver's temporary and
    // content-type files, so no key can ever collide with them.
    if (segment.startsWith('.')) throw new Error(`storage key segment must not start with ".": ${JSON.stringify(key)}`);
  }
}

/** A prefix is a valid key followed by "/": whole segments only, and never the whole store. */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) throw new Error(`storage prefix must end with "/": ${JSON.stringify(prefix)}`);
  assertValidKey(prefix.slice(0, -1));
}

function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) throw new Error(`range start must be a whole number ≥ 0, got ${start}`);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) throw new Error(`range end must be a whole number ≥ start, got ${end}`);
}

function assertValidPutOptions(options: PutOptions): void {
  // These end up in HTTP headers (S3, and our own responses): no control characters.
  if (!/^[\x20-\x7e]+$/.test(options.contentType ?? '')) throw new Error(`content type must be printable ASCII: ${JSON.stringify(options.contentType)}`);
  if (options.cacheControl !== undefined && !/^[\x20-\x7e]+$/.test(options.cacheControl)) {
    throw new Error(`cache control must be printable ASCII: ${JSON.stringify(options.cacheControl)}`);
  }
}

/**
 * The storage could not be reached or failed on its side (a bucket's service down, a 5xx, a
 * timeout): the request is answered 503 with a Danish "try again" (app.ts), not as our own fault.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the media storage is unreachable', { cause });
  }
}

/** Errors of the network or of the bucket's side, found anywhere in the cause chain. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

function isUnreachable(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const { code, name, $metadata } = at as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
    if ((code && UNREACHABLE_CODES.has(code)) || name === 'TimeoutError' || ($metadata?.httpStatusCode ?? 0) >= 500) return true;
  }
  return false;
}

async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isUnreachable(error) ? new StorageUnavailableError(error) : error;
  }
}

/** Wraps a driver with the checks every implementation shares, and says when it cannot be reached. */
export function withChecks(driver: StorageDriver): Storage {
  return {
    async put(key, body, options) {
      assertValidKey(key);
      assertValidPutOptions(options);
      return reaching(() => driver.put(key, body, options));
    },
    async get(key, range) {
      assertValidKey(key);
      if (range) assertValidRange(range);
      const found = await reaching(() => driver.get(key, range));
      if (found && 'unsatisfiable' in found) throw new RangeNotSatisfiableError(found.totalBytes);
      return found;
    },
    async head(key) {
      assertValidKey(key);
      return reaching(() => driver.head(key));
    },
    async delete(key) {
      assertValidKey(key);
      return reaching(() => driver.delete(key));
    },
    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      return reaching(() => driver.deletePrefix(prefix));
    },
    list(prefix) {
      if (prefix !== '') assertValidPrefix(prefix);
      return driver.list(prefix);
    },
    describe: () => driver.describe(),
  };
}

export function createStorage(options: StorageOptions): Storage {
  switch (options.kind) {
    case 'disk':
      return withChecks(createDiskStorage(options.root));
    case 's3':
      return withChecks(lazyS3Driver(options));
  }
}

/**
 * The bucket's driver with the AWS SDK loaded on first use: a server without a bucket never loads
 * it (many megabytes of modules). The settings are checked at once all the same, so a bad one
 * still stops the start.
 */
function lazyS3Driver(options: S3StorageOptions): StorageDriver {
  checkS3Options(options);
  let loaded: Promise<StorageDriver> | undefined;
  const driver = () => (loaded ??= import('./storage-s3').then(({ createS3Storage }) => createS3Storage(options)));
  return {
    put: async (key, body, putOptions) => (await driver()).put(key, body, putOptions),
    get: async (key, range) => (await driver()).get(key, range),
    head: async (key) => (await driver()).head(key),
    delete: async (key) => (await driver()).delete(key),
    deletePrefix: async (prefix) => (await driver()).deletePrefix(prefix),
    async *list(prefix) {
      yield* (await driver()).list(prefix);
    },
    describe: () => describeS3(options),
  };
}

/** The storage the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function storageOptionsFrom(config: {
  DATA_DIR: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX?: string;
}): StorageOptions {
  if (!config.S3_BUCKET) return { kind: 'disk', root: `${config.DATA_DIR}/media` };
  return {
    kind: 's3',
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  };
}
