/**
 * The storage's contract: what the front (storage.ts) offers the rooms and what a driver
 * (storage-disk.ts, storage-s3.ts) implements. A leaf module, so the drivers and the front import
 * the same types without importing each other: storage.ts imports the drivers, never the reverse.
 */
export interface PutOptions {
  contentType: string;
  /**
   * Stored with the object: it matters when a bucket is served straight to browsers or through a
   * CDN. get() does not return it; the server sets its own caching headers.
   */
  cacheControl?: string;
}

/**
 * A byte range as in HTTP's Range header: `start` and `end` are both inclusive, `end` defaults to
 * the last byte and an `end` past the last byte is cut to it. A `start` at or past the end of the
 * object throws RangeNotSatisfiableError (the route answers 416).
 */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObject {
  /** Must be read to the end or destroyed: with S3 it holds an HTTP connection. */
  body: NodeJS.ReadableStream;
  contentType: string;
  /** Bytes in `body` (the length of the range when one was asked for). */
  bytes: number;
  /** Quoted, as in an HTTP ETag header. */
  etag?: string;
  /** Size of the whole object. */
  totalBytes: number;
}

export interface ObjectInfo {
  contentType: string;
  bytes: number;
  etag?: string;
}

export interface Storage {
  /**
   * Stores the whole body under the key, replacing what was there; readers see the old object or
   * the new one, never a part. A stream body is read to its end; when the put fails part-way the
   * stream may be left destroyed, and nothing new is stored under the key.
   */
  put(key: string, body: Buffer | NodeJS.ReadableStream, options: PutOptions): Promise<{ bytes: number }>;
  /** null when the key does not exist. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` and returns how many there were. The
   * prefix must end with "/" so purging memorial "ab" never touches memorial "abc".
   */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * The key of every object under `prefix` ("" for all of them), each once, in no promised order:
   * for the backup (backup/backup.ts), which must find files no row names any more too.
   */
  list(prefix: string): AsyncIterable<string>;
  /** For the start-up log: "lokal disk: /path" or "S3: bucket@endpoint". */
  describe(): string;
}

export interface DiskStorageOptions {
  kind: 'disk';
  root: string;
}

export interface S3StorageOptions {
  kind: 's3';
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Hetzner, …); unset means AWS. */
  endpoint?: string;
  /** Unset means the SDK's default chain (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Puts every key under this folder of the bucket, so one bucket can hold several installations. */
  prefix?: string;
}

export type StorageOptions = DiskStorageOptions | S3StorageOptions;

/**
 * What a driver implements. It receives only keys, prefixes and ranges the front has checked. It
 * answers a range that starts past the end with `{ unsatisfiable }` and the front throws, so a driver
 * needs nothing from the front (which imports it).
 */
export interface StorageDriver extends Omit<Storage, 'get'> {
  get(key: string, range?: ByteRange): Promise<StoredObject | { unsatisfiable: true; totalBytes: number } | null>;
}
