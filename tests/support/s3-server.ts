/**
 * A real S3 API (s3rver) on loopback with its own temporary directory, so the S3 storage is tested
 * over HTTP with the real SDK and no network beyond 127.0.0.1.
 *
 * s3rver runs in a child process started with --openssl-legacy-provider: it encrypts ListObjectsV2
 * continuation tokens with DES, which OpenSSL 3 (Node ≥ 17) only offers through that provider, so
 * in this process every truncated listing (any pagination) fails with a 500. A child process also
 * keeps s3rver's logging (winston, Koa) away from the test's console.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** "METHOD /path?query" of every request received so far, so a test can see how a client talked. */
  requests(): Promise<string[]>;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

type FromChild = { type: 'listening'; address: string; port: number } | { type: 'requests'; id: number; requests: string[] };

/** Runs in the child (CommonJS, plain JavaScript). */
const CHILD = `
const S3rver = require(process.env.S3RVER_MAIN);
const server = new S3rver(JSON.parse(process.env.S3RVER_OPTIONS));
const requests = [];
server.run().then(
  (address) => {
    server.httpServer.on('request', (request) => requests.push(request.method + ' ' + request.url));
    process.send({ type: 'listening', address: address.address, port: address.port });
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('message', (message) => {
  if (message.type === 'requests') process.send({ type: 'requests', id: message.id, requests });
});
// The parent closes the channel to stop us, or dies: either way, go.
process.on('disconnect', () => process.exit(0));
`;

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'mindested-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'mindested-s3-'));
  const s3rverOptions = {
    address: LOOPBACK,
    port: 0, // a free port chosen by the system
    directory,
    silent: true,
    // Path-style only: virtual-host buckets would need DNS names for the bucket.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  };
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD], {
    env: { S3RVER_MAIN: createRequire(import.meta.url).resolve('s3rver'), S3RVER_OPTIONS: JSON.stringify(s3rverOptions) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = once(child, 'exit');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) child.disconnect();
      else child.kill();
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };

  let port: number;
  try {
    const listening = await new Promise<{ address: string; port: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not start within 15 s')), 15_000);
      child.on('message', (message: FromChild) => {
        if (message.type !== 'listening') return;
        clearTimeout(timer);
        resolve(message);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code}) before listening: ${stderr.trim()}`));
      });
      child.once('error', reject);
    });
    if (listening.address !== LOOPBACK) throw new Error(`s3rver listens on ${listening.address}, not on loopback`);
    port = listening.port;
  } catch (error) {
    await stop();
    throw error;
  }

  let nextId = 0;
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    bucket,
    // s3rver's built-in account; it does not verify V4 signatures, but the SDK still signs.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    requests() {
      // Asked over IPC after a response has arrived, so the child has seen every request before it.
      const id = nextId++;
      return new Promise((resolve) => {
        const listener = (message: FromChild) => {
          if (message.type !== 'requests' || message.id !== id) return;
          child.off('message', listener);
          resolve(message.requests);
        };
        child.on('message', listener);
        child.send({ type: 'requests', id });
      });
    },
    close: stop,
  };
}
