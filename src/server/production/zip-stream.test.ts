/**
 * The streamed ZIP: files are made only as the reader takes the archive (a reader that stops
 * stops the making), a reader that goes away ends the producer, and what comes out is a ZIP an
 * independent reader opens, every file in order with its bytes.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../tests/support/zip';
import { type ZipSource, zipStream } from './zip-stream';

/** `count` files of `size` random bytes (deflate cannot shrink them), counting what was asked and made. */
function sources(count: number, size: number) {
  const seen = { pulled: 0, made: 0, finished: false };
  async function* files(): AsyncGenerator<ZipSource> {
    try {
      for (let i = 0; i < count; i++) {
        seen.pulled += 1;
        yield {
          name: `fil-${i}.bin`,
          content: () => {
            seen.made += 1;
            return randomBytes(size);
          },
        };
      }
    } finally {
      seen.finished = true;
    }
  }
  return { files: files(), seen };
}

describe('zipStream', () => {
  it('makes files only as fast as the archive is read', async () => {
    const { files, seen } = sources(2000, 64 * 1024);
    const zip = zipStream(files, new Date('2027-03-01T12:00:00Z'));
    // Nothing made before anyone reads; one read starts it, and with no more reading it stops at
    // the stream's buffer (64 kB, one of these files).
    await sleep(100);
    expect(seen.pulled).toBe(0);
    zip.read(0);
    await sleep(300);
    expect(seen.made).toBeLessThanOrEqual(3);
    expect(seen.pulled).toBeLessThanOrEqual(3);
    zip.destroy();
    await sleep(50);
    expect(seen.finished).toBe(true);
    expect(seen.pulled).toBeLessThan(2000);
  });

  it('writes a ZIP a reader opens: every file, in order, with its bytes and date', async () => {
    const names = Array.from({ length: 300 }, (_, i) => `kode-${String(i).padStart(3, '0')}.svg`);
    async function* files(): AsyncGenerator<ZipSource> {
      for (const name of names) yield { name, content: () => `<svg>${name}</svg>` };
      yield { name: 'manifest.csv', content: () => Readable.from(['a;b\r\n', '1;2\r\n']) };
    }
    const entries = readZip(await buffer(zipStream(files(), new Date(2027, 2, 1, 12, 0, 0))));
    expect(entries.map((entry) => entry.name)).toEqual([...names, 'manifest.csv']);
    expect(entries[7]!.data.toString()).toBe('<svg>kode-007.svg</svg>');
    expect(entries.at(-1)!.data.toString()).toBe('a;b\r\n1;2\r\n');
    expect(entries[0]!.modified).toEqual(new Date(2027, 2, 1, 12, 0, 0));
  });

  it('ends the stream with the error when a file cannot be made', async () => {
    async function* files(): AsyncGenerator<ZipSource> {
      yield { name: 'a.svg', content: () => 'a' };
      yield {
        name: 'b.svg',
        content: () => {
          throw new Error('no font');
        },
      };
    }
    await expect(buffer(zipStream(files(), new Date()))).rejects.toThrow('no font');
  });

  it('copies a stored file in as it is read, chunk by chunk, and the result opens in its own reader and in unzip', async () => {
    const film = randomBytes(3 * 1024 * 1024 + 17);
    const chunks = { pulled: 0 };
    // 64 kB at a time, counting how far the archive has read the film.
    const filmStream = () =>
      Readable.from(
        (function* () {
          for (let at = 0; at < film.length; at += 64 * 1024) {
            chunks.pulled += 1;
            yield film.subarray(at, at + 64 * 1024);
          }
        })(),
      );
    async function* files(): AsyncGenerator<ZipSource> {
      yield { name: 'index.html', content: () => '<h1>Karen</h1>' };
      yield { name: 'film/ø.mp4', content: () => ({ stored: filmStream() }) };
      yield { name: 'data/mindeside.json', content: () => '{"name":"Karen"}' };
    }
    const zip = zipStream(files(), new Date(2027, 2, 1, 12, 0, 0));
    // Read a little: the film is not read far ahead of the reader.
    zip.read(0);
    await sleep(200);
    expect(chunks.pulled).toBeGreaterThan(0);
    expect(chunks.pulled).toBeLessThan(10);
    const bytes = await buffer(zip);
    const entries = readZip(bytes);
    expect(entries.map((entry) => entry.name)).toEqual(['index.html', 'film/ø.mp4', 'data/mindeside.json']);
    expect(entries[1]!.data.equals(film)).toBe(true);
    expect(entries[2]!.data.toString()).toBe('{"name":"Karen"}');
    // Info-ZIP's unzip checks every checksum, the data descriptor's against the directory's.
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-stream-'));
    try {
      writeFileSync(path.join(dir, 'a.zip'), bytes);
      expect(execFileSync('unzip', ['-t', path.join(dir, 'a.zip')]).toString()).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops reading a stored file when the reader goes away', async () => {
    let closed = false;
    const endless = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
      },
      destroy(error, callback) {
        closed = true;
        callback(error);
      },
    });
    async function* files(): AsyncGenerator<ZipSource> {
      yield { name: 'film.mp4', content: () => ({ stored: endless }) };
    }
    const zip = zipStream(files(), new Date());
    zip.read(0);
    await sleep(100);
    zip.destroy();
    await sleep(50);
    expect(closed).toBe(true);
  });

  it('writes ZIP64 records for what lies past the limit, which unzip, Python and our reader all open', async () => {
    const film = randomBytes(200 * 1024);
    async function* files(): AsyncGenerator<ZipSource> {
      yield { name: 'index.html', content: () => '<h1>Karen</h1>' };
      yield { name: 'film/a.mp4', content: () => ({ stored: Readable.from([film]) }) };
      for (let i = 0; i < 5; i++) yield { name: `billeder/${i}.jpg`, content: () => randomBytes(1000 + i) };
    }
    // As if 4 GB were 100 kB: every file after the film lies "past" it.
    const bytes = await buffer(zipStream(files(), new Date(2027, 2, 1, 12, 0, 0), { zip64Above: 100 * 1024 }));
    expect(bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThan(0);
    const entries = readZip(bytes);
    expect(entries.map((entry) => entry.name)).toEqual(['index.html', 'film/a.mp4', ...Array.from({ length: 5 }, (_, i) => `billeder/${i}.jpg`)]);
    expect(entries[1]!.data.equals(film)).toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-stream-'));
    try {
      const file = path.join(dir, 'a.zip');
      writeFileSync(file, bytes);
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
      const python = 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(z.testzip(), len(z.namelist()), z.getinfo("billeder/4.jpg").header_offset)';
      const [bad, count, lastOffset] = execFileSync('python3', ['-c', python, file]).toString().trim().split(' ');
      expect([bad, count]).toEqual(['None', '7']);
      expect(Number(lastOffset)).toBeGreaterThan(100 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
