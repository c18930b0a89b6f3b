/**
 * A package's export draws and packs its files on a thread of its own (export-worker.ts). Two
 * reasons (issue 23's budgets; decision 0027):
 *
 * - Memory. Drawing 10,000 symbols makes some 1.5 GB of short-lived strings. On the server's own
 *   heap V8 promoted enough of them, and let its old generation grow far enough before collecting
 *   them, that the server's resident set rose from 200 to 440 MB during an export, though a heap
 *   snapshot then held 40 MB (bench/qr-exports.ts, 29 November). A thread with a small heap of its
 *   own (LIMITS) collects its garbage early, and the server's heap never sees it.
 * - Everyone else. The drawing is seconds of CPU; on the server's thread it would stand between
 *   every other request and its answer, the warehouse's scans among them.
 *
 * The database reads, the archive's framing and the download stay on the server's thread; what
 * crosses is a batch of drawings one way and their packed bytes, in one buffer handed over, the
 * other. On the server's thread an archive's bytes are not copied again (zip-stream.ts).
 *
 * Measured (bench/qr-exports.ts, 29 November, 10,000 codes, one export after another on one
 * server): the server's peak 272 to 280 MB from 192 at rest, against 424 to 514 MB before.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobSheet } from './job-sheet';
import type { PackedFile, ZipSource } from './zip-stream';

/** What a file shows: one code's print symbol or laser tag, a plate of tags, or the laser's job sheet. */
export type Drawing =
  | { kind: 'print'; url: string; code: string }
  | { kind: 'tag'; url: string; code: string }
  | { kind: 'plate'; tags: { url: string; code: string }[]; title: string }
  | { kind: 'job-sheet'; sheet: JobSheet };

/** A file of the archive, to be drawn. */
export interface NamedDrawing {
  name: string;
  drawing: Drawing;
}

export interface DrawRequest {
  id: number;
  drawings: Drawing[];
}

/**
 * A batch drawn: every file's packed bytes one after another in `bytes` (one buffer, handed over
 * rather than copied), and each file's length, checksum and size unpacked.
 */
export type DrawResponse = { id: number; bytes: Uint8Array; files: { length: number; crc: number; size: number }[] } | { id: number; error: string };

/**
 * The thread's heap: its live data is the fonts, the encoder and one batch (a few MB), so a small
 * heap is collected often and stays small. The job sheet of 10,000 codes (pdfkit, with the pages
 * kept until their numbers are written) did not fit in 32 MB; 64 MB holds it. The young
 * generation is kept small too: what survives it is collected in the old one soon enough.
 */
const LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 2 };

/**
 * The thread. In the server's bundle (dist/server/main.mjs) its module is a bundle of its own beside
 * it (scripts/build-server.mjs). From the sources (tsx, the tests) it is the TypeScript file, which
 * a worker can only load through tsx's own import (a loader given to node in the worker's execArgv
 * does not reach a worker's ES modules on Node 20).
 */
function startWorker(): Worker {
  const options = { resourceLimits: LIMITS };
  if (import.meta.url.endsWith('.mjs')) return new Worker(new URL('./production/export-worker.mjs', import.meta.url), options);
  // tsx's API as an ES module (its CommonJS build looks for its loader in the wrong folder when run from a worker's script).
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs')).href;
  const source = new URL('./export-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}));`, { ...options, eval: true });
}

interface Waiting {
  resolve: (files: PackedFile[]) => void;
  reject: (error: Error) => void;
}

/**
 * The drawing thread. Started by an export and stopped when the last export using it ends, so
 * exports at the same moment share one (each waiting for its own batches), and the tens of MB of
 * its heap are given back between exports, which are a rare action. It never holds the process
 * open by itself; if it stops for another reason (an error, its heap's limit), the exports using
 * it fail with that and the next export starts a new one.
 */
interface DrawingThread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  nextId: number;
  users: number;
}
let thread: DrawingThread | undefined;

function startThread(): DrawingThread {
  const worker = startWorker();
  const current: DrawingThread = { worker, waiting: new Map<number, Waiting>(), nextId: 0, users: 0 };
  const failAll = (error: Error) => {
    if (thread === current) thread = undefined;
    for (const { reject } of current.waiting.values()) reject(error);
    current.waiting.clear();
  };
  worker.on('message', (response: DrawResponse) => {
    const asked = current.waiting.get(response.id);
    if (!asked) return;
    current.waiting.delete(response.id);
    if ('error' in response) return asked.reject(new Error(response.error));
    const bytes = Buffer.from(response.bytes.buffer, response.bytes.byteOffset, response.bytes.byteLength);
    let at = 0;
    asked.resolve(
      response.files.map(({ length, crc, size }) => {
        const packed = bytes.subarray(at, at + length);
        at += length;
        return { packed, crc, size };
      }),
    );
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The export's drawing thread stopped (exit code ${code}).`)));
  worker.unref();
  return current;
}

/** The drawing thread for one more export. */
function acquire(): DrawingThread {
  thread ??= startThread();
  thread.users++;
  return thread;
}

/** An export is done with the thread; the last one stops it. */
function release(current: DrawingThread) {
  current.users--;
  if (current.users > 0) return;
  if (thread === current) thread = undefined;
  void current.worker.terminate();
}

/** One batch drawn and packed, in order. */
function draw(current: DrawingThread, drawings: Drawing[]): Promise<PackedFile[]> {
  return new Promise((resolve, reject) => {
    const id = current.nextId++;
    current.waiting.set(id, { resolve, reject });
    current.worker.postMessage({ id, drawings } satisfies DrawRequest);
  });
}

async function* packedSources(names: string[], files: Promise<PackedFile[]>): AsyncGenerator<ZipSource> {
  const packed = await files;
  for (let i = 0; i < names.length; i++) {
    const file = packed[i]!;
    yield { name: names[i]!, content: () => file };
  }
}

/**
 * The archive's files from `batches`, drawn and packed on the drawing thread, in order. Each batch
 * is sent to be drawn before the batch before it is handed on, so the thread draws while the
 * server writes and sends; at most two batches' files are held at once. The thread is released when
 * the files end, fail, or the download is abandoned (the archive then returns this generator).
 */
export async function* drawnFiles(batches: AsyncIterable<NamedDrawing[]> | Iterable<NamedDrawing[]>): AsyncGenerator<ZipSource> {
  let current: DrawingThread | undefined;
  try {
    let ahead: { names: string[]; files: Promise<PackedFile[]> } | undefined;
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      current ??= acquire();
      const sent = { names: batch.map((file) => file.name), files: draw(current, batch.map((file) => file.drawing)) };
      // Awaited after the batch before it is handed on; until then a failure is not unhandled.
      sent.files.catch(() => {});
      if (ahead) yield* packedSources(ahead.names, ahead.files);
      ahead = sent;
    }
    if (ahead) yield* packedSources(ahead.names, ahead.files);
  } finally {
    if (current) release(current);
  }
}
