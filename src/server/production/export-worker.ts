/**
 * The drawing thread of a package's exports (export-drawing.ts starts it): draws the files it is
 * sent (code-files.ts, and the laser's job sheet, job-sheet.ts) and deflates them for the ZIP, and
 * sends the packed bytes back.
 * It knows nothing of the database, the request or the archive: files in, packed files out, in
 * the order asked.
 */
import { buffer } from 'node:stream/consumers';
import { parentPort } from 'node:worker_threads';
import { laserPlateSvgPieces, laserTagSvg, printSymbolSvg } from './code-files';
import { jobSheetPdf } from './job-sheet';
import type { Drawing, DrawRequest, DrawResponse } from './export-drawing';
import { type PackedFile, packFile } from './zip-stream';

/**
 * The file's text as UTF-8, written into one buffer used again for every file (deflate reads it and
 * is done with it before the next): a fresh buffer, and a whole plate's 200 kB string, for every
 * file made the thread's memory grow in steps that were not given back. A plate is written a tag
 * at a time.
 */
let scratch = Buffer.allocUnsafe(512 * 1024);

function encoded(pieces: Iterable<string>): Buffer {
  let length = 0;
  for (const piece of pieces) {
    const bytes = Buffer.byteLength(piece);
    if (length + bytes > scratch.length) {
      const larger = Buffer.allocUnsafe(Math.max(length + bytes, 2 * scratch.length));
      scratch.copy(larger, 0, 0, length);
      scratch = larger;
    }
    length += scratch.write(piece, length);
  }
  return scratch.subarray(0, length);
}

function draw(drawing: Exclude<Drawing, { kind: 'job-sheet' }>): Iterable<string> {
  switch (drawing.kind) {
    case 'print':
      return [printSymbolSvg(drawing.url, drawing.code)];
    case 'tag':
      return [laserTagSvg(drawing.url, drawing.code)];
    case 'plate':
      return laserPlateSvgPieces(drawing.tags, drawing.title);
  }
}

/** A file packed: the job sheet (a PDF, made as a stream) when it is done, a drawing at once (in one step, as the buffer is shared). */
async function packed(drawing: Drawing): Promise<PackedFile> {
  if (drawing.kind === 'job-sheet') return packFile(await buffer(jobSheetPdf(drawing.sheet)));
  return packFile(encoded(draw(drawing)));
}

parentPort!.on('message', async ({ id, drawings }: DrawRequest) => {
  const files: PackedFile[] = [];
  try {
    for (const drawing of drawings) files.push(await packed(drawing));
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DrawResponse);
    return;
  }
  // One buffer of its own for the batch, handed over to the server's thread (transferred, not copied).
  const bytes = new Uint8Array(files.reduce((sum, file) => sum + file.packed.length, 0));
  let at = 0;
  for (const file of files) {
    bytes.set(file.packed, at);
    at += file.packed.length;
  }
  const response: DrawResponse = { id, bytes, files: files.map((file) => ({ length: file.packed.length, crc: file.crc, size: file.size })) };
  parentPort!.postMessage(response, [bytes.buffer]);
});
