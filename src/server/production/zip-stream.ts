/**
 * A ZIP written as it is read (yazl), from files made one at a time: a package's 10,000 SVGs never
 * sit in memory together, and none is made before the client has taken most of the ones before it.
 *
 * yazl's addBuffer writes into its output without waiting for the reader, so a fast producer and
 * a slow download would pile the whole archive up in memory. Each file is therefore added lazily
 * (addReadStreamLazy: yazl asks for its bytes when it gets to it, and pipes them with backpressure)
 * and the producer stays at most AHEAD files in front of what yazl has asked for. What stays for the
 * whole archive is yazl's list of entries (name, size, checksum), which the ZIP's central directory
 * at the end needs.
 */
import { type PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipSource {
  /** The path inside the archive. */
  name: string;
  /** The file's bytes, made when the archive gets to them. */
  content: () => string | Buffer | Readable;
}

/** Deflate's level: 3 packs SVG text nearly as tight as the default 6 (3 % larger), in less time. */
const LEVEL = 3;

/** How many files may wait, made or not, in front of the one being written. */
const AHEAD = 32;

const asStream = (content: string | Buffer | Readable) => (content instanceof Readable ? content : Readable.from([typeof content === 'string' ? Buffer.from(content) : content]));

/** The archive of `files`, in their order, each file dated `mtime`. An error in a file ends the stream with it. */
export function zipStream(files: AsyncIterable<ZipSource>, mtime: Date): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only a readable stream).
  const output = zip.outputStream as PassThrough;
  let added = 0;
  let asked = 0;
  let closed = false;
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  // A client that goes away ends the stream: stop making files for it.
  output.on('close', () => {
    closed = true;
    resume();
  });
  zip.on('error', (error: Error) => output.destroy(error));

  void (async () => {
    try {
      for await (const file of files) {
        while (!closed && added - asked >= AHEAD) await new Promise<void>((resolve) => (wake = resolve));
        if (closed) return;
        added += 1;
        zip.addReadStreamLazy(file.name, { mtime, compressionLevel: LEVEL }, (callback) => {
          asked += 1;
          resume();
          try {
            callback(null, asStream(file.content()));
          } catch (error) {
            callback(error, Readable.from([]));
          }
        });
      }
      if (!closed) zip.end();
    } catch (error) {
      output.destroy(error as Error);
    }
  })();
  return output;
}
