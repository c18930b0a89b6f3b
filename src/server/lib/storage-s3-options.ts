/**
 * What can be known of an S3 bucket's settings without the AWS SDK: whether they make sense, the
 * key prefix, and the line the start-up log shows. storage.ts uses it to check the settings at
 * start-up and to describe the bucket while the SDK itself is loaded only on first use.
 */
import type { S3StorageOptions } from './storage-types';

/** "media/prod" or "/media/prod/" → "media/prod/"; unset or "/" → "". */
export function normalizePrefix(prefix: string | undefined): string {
  const segments = (prefix ?? '').split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new Error(`S3 prefix must not contain "." or "..": ${JSON.stringify(prefix)}`);
  return segments.length === 0 ? '' : `${segments.join('/')}/`;
}

/** Throws on settings no bucket could be used with; returns the normalised key prefix. */
export function checkS3Options(options: Omit<S3StorageOptions, 'kind'>): string {
  if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
    throw new Error('S3 needs both an access key id and a secret access key, or neither (to use the default credentials)');
  }
  return normalizePrefix(options.prefix);
}

/** For the start-up log: "S3: bucket/prefix@endpoint". */
export function describeS3(options: Omit<S3StorageOptions, 'kind'>): string {
  const prefix = normalizePrefix(options.prefix);
  return `S3: ${options.bucket}${prefix ? `/${prefix.slice(0, -1)}` : ''}@${options.endpoint ?? `s3.${options.region}.amazonaws.com`}`;
}
