/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Hetzner, …), shared by every
 * server instance.
 *
 * Uploads: a Buffer is one PutObject. A stream goes through @aws-sdk/lib-storage's Upload: read
 * up to one part (8 MiB); if it ends by then (every photo variant) it is one PutObject, otherwise
 * (videos) a multipart upload of such parts, one at a time (queueSize 1), so memory stays at about
 * one part per upload however long the video, and a failed upload's parts are aborted. With 8 MiB
 * parts and S3's limit of 10,000 parts an object can be up to about 80 GiB.
 *
 * Checksums: SDK versions from 3.729 on add CRC32 checksums to every request and validate them on
 * responses by default, which many S3-compatible services (and s3rver in our tests) do not
 * support. We ask for them only when an operation requires them and send Content-MD5 ourselves,
 * which every S3-compatible service understands.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectInfo, S3StorageOptions, StorageDriver } from './storage-types';
import { checkS3Options, describeS3 } from './storage-s3-options';

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
/** S3 refuses parts smaller than this, except the last one. */
const MINIMUM_PART_SIZE = 5 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata as { httpStatusCode?: number } | undefined;
  return metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = error instanceof Error ? error.name : undefined;
  return statusOf(error) === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

function md5(body: Buffer): string {
  return createHash('md5').update(body).digest('base64');
}

/** Knobs for tests: smaller parts and pages exercise multipart uploads and pagination cheaply. */
export interface S3Tuning {
  partSize?: number;
  /** Keys per ListObjectsV2 page in deletePrefix; S3's maximum (and default) is 1000. */
  listPageSize?: number;
}

export function createS3Storage(options: Omit<S3StorageOptions, 'kind'>, tuning: S3Tuning = {}): StorageDriver {
  const partSize = tuning.partSize ?? DEFAULT_PART_SIZE;
  const listPageSize = tuning.listPageSize ?? 1000;
  if (partSize < MINIMUM_PART_SIZE) throw new Error(`S3 part size must be at least ${MINIMUM_PART_SIZE} bytes`);
  const prefix = checkS3Options(options);
  const Bucket = options.bucket;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => `${prefix}${key}`;

  async function putWhole(Key: string, body: Buffer, contentType: string, cacheControl: string | undefined) {
    await client.send(
      new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length, ContentMD5: md5(body), ContentType: contentType, CacheControl: cacheControl }),
    );
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return { contentType: found.ContentType ?? 'application/octet-stream', bytes: found.ContentLength ?? 0, ...(found.ETag ? { etag: found.ETag } : {}) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, { contentType, cacheControl }) {
      const Key = objectKey(key);
      if (Buffer.isBuffer(body)) {
        await putWhole(Key, body, contentType, cacheControl);
        return { bytes: body.length };
      }

      // Counted as it is read, so the answer says how many bytes were stored.
      let totalBytes = 0;
      const counted = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          totalBytes += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body.pipe(counted), ContentType: contentType, CacheControl: cacheControl },
        partSize,
        queueSize: 1,
        leavePartsOnError: false,
      });
      // A read error of the source ends the upload (and aborts its parts) instead of hanging it.
      body.once('error', (error) => counted.destroy(error));
      await upload.done();
      return { bytes: totalBytes };
    },

    async get(key, range) {
      let found;
      try {
        found = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}) }),
        );
      } catch (error) {
        if (isNotFound(error)) return null;
        if (statusOf(error) === 416) {
          // S3's 416 does not say how big the object is; the route needs it for Content-Range.
          const info = await head(key);
          return info ? { unsatisfiable: true, totalBytes: info.bytes } : null;
        }
        throw error;
      }
      const body = found.Body;
      if (!(body instanceof Readable)) throw new Error('S3 returned no readable body');
      const bytes = found.ContentLength ?? 0;
      let totalBytes = bytes;
      if (range) {
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(found.ContentRange ?? '');
        if (!match) {
          body.destroy();
          throw new Error(`S3 did not answer the range request with a Content-Range (got ${JSON.stringify(found.ContentRange)})`);
        }
        totalBytes = Number(match[3]);
        // Some servers answer "bytes=0-" on an empty object with 206 instead of 416.
        if (range.start >= totalBytes) {
          body.destroy();
          return { unsatisfiable: true, totalBytes };
        }
        // Never hand out other bytes than were asked for (s3rver, for one, answers "bytes=0-0"
        // with the whole object).
        const end = Math.min(range.end ?? totalBytes - 1, totalBytes - 1);
        if (Number(match[1]) !== range.start || Number(match[2]) !== end) {
          body.destroy();
          throw new Error(`S3 answered ${found.ContentRange} to a request for bytes ${range.start}-${end}`);
        }
      }
      return { body, contentType: found.ContentType ?? 'application/octet-stream', bytes, totalBytes, ...(found.ETag ? { etag: found.ETag } : {}) };
    },

    head,

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services answer 404.
        if (!isNotFound(error)) throw error;
      }
    },

    async deletePrefix(keyPrefix) {
      let count = 0;
      let ContinuationToken: string | undefined;
      do {
        // A page has at most 1000 keys, which is also DeleteObjects' limit. The continuation
        // token names the last key listed, so deleting the page does not disturb the listing.
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: objectKey(keyPrefix), ContinuationToken, MaxKeys: listPageSize }));
        const objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (objects.length > 0) {
          const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            const first = failed[0];
            throw new Error(`S3 could not delete ${failed.length} objects under ${keyPrefix}, e.g. ${first?.Key}: ${first?.Code} ${first?.Message}`);
          }
          count += objects.length;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return count;
    },

    async *list(keyPrefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: objectKey(keyPrefix), ContinuationToken, MaxKeys: listPageSize }));
        // The installation's folder of a shared bucket is ours alone; keys are given without it.
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    describe: () => describeS3(options),
  };
}
