/**
 * Uploads that never finish, over a real loopback socket (the way an attacker, or a phone going
 * into a tunnel, leaves them): the sender sends the headers and part of the file, then goes. The
 * server must let go of everything the upload held (its open file and its temporary folder) and
 * answer nothing to no one, on both upload calls, on a real database (embedded, or PostgreSQL when
 * DATABASE_URL is set).
 */
import { readFile, readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, createImageDir, writeImage } from '../../../tests/support/images';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { MULTIPART_CONTENT_TYPE, MULTIPART_TAIL, multipartHead } from '../../../tests/support/multipart';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { UPLOAD_FOLDER_PREFIX } from '../lib/upload-folders';
import { UPLOAD_CUT_OFF } from './service';

let t: TestApp;
let images: ImageDir;
let port: number;
let cast: Cast;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_IP: '1000', RATE_LIMIT_POSTS_PER_MEMORIAL: '1000' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
  images = await createImageDir();
  cast = await castMemorial(t);
  // A photo big enough that half of it is many socket reads.
  jpeg = await readFile(await writeImage(images.dir, 'stor.jpg', 'jpeg', { width: 1600, height: 1200 }));
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

/**
 * Sends the request line, the headers and the body up to the middle of the file, then closes the
 * socket (`end`: a polite close; `destroy`: gone; `stall`: keeps it open, sending nothing more). `complete`: the Content-Length says the body is
 * that long, so the request is whole and only the multipart form ends too soon; otherwise it
 * promises the whole file, and the socket is closed while the server waits for the rest; a whole
 * request is closed once its answer has come (or after 5 s).
 */
function cutOff(url: string, fields: Record<string, string>, field: string, cookie: string | undefined, how: 'end' | 'destroy' | 'stall', complete: boolean): Promise<string> {
  const head = multipartHead(fields, { field, filename: 'stor.jpg', contentType: 'image/jpeg' });
  const sent = head.length + jpeg.length / 2;
  const body = Buffer.concat([head, jpeg, MULTIPART_TAIL]).subarray(0, complete ? sent : undefined);
  const request = [
    `POST ${url} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Origin: http://localhost:5000',
    `Content-Type: ${MULTIPART_CONTENT_TYPE}`,
    `Content-Length: ${body.length}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.write(request);
      socket.write(body.subarray(0, sent), () => {
        // Long enough for the server to have opened its temporary file and be waiting for more.
        if (how !== 'stall') timer = setTimeout(close, complete ? 5_000 : 200);
      });
    });
    let timer: NodeJS.Timeout | undefined;
    const close = () => (how === 'end' ? socket.end() : socket.destroy());
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (complete && answer.includes('\r\n\r\n{')) {
        clearTimeout(timer);
        close();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** Files this process holds open in upload folders, by the links in /proc/self/fd. */
async function openUploadFiles(): Promise<string[]> {
  const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return links.filter((link) => link.includes(UPLOAD_FOLDER_PREFIX));
}

// Other test processes may be uploading at the same time: only this process's folders.
const ownUploadFolders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(UPLOAD_FOLDER_PREFIX) && name.includes(`-${process.pid}-`));
const connections = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

async function settled(): Promise<{ files: string[]; folders: string[]; connections: number }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const state = { files: await openUploadFiles(), folders: await ownUploadFolders(), connections: await connections() };
    if ((state.files.length === 0 && state.folders.length === 0 && state.connections === 0) || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an upload cut off part-way', () => {
  it('leaves no open file, no temporary folder and no open request, twenty times over, on both upload calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? cutOff(`/api/memorials/${cast.memorial.id}/media`, { caption: 'Sommer' }, 'file', cast.owner.cookie, i % 4 < 2 ? 'end' : 'destroy', i % 8 < 4)
          : cutOff(`/api/memorials/${cast.memorial.id}/memories`, { name: 'Ole', message: 'Tak for alt' }, 'photo', undefined, i % 4 < 2 ? 'end' : 'destroy', i % 8 < 4),
      ),
    );
    expect(await settled()).toEqual({ files: [], folders: [], connections: 0 });
    // A whole request whose form ends inside the file is answered in Danish; a sender who left
    // mid-request gets no 201 (Node answers a half-closed one 400 itself). Nothing was stored.
    answers.forEach((answer, i) => {
      if (i % 8 < 4) expect(answer, `upload ${i}`).toContain(JSON.stringify({ message: UPLOAD_CUT_OFF, ...(i % 2 === 1 ? { field: 'photo' } : {}) }));
      expect(answer, `upload ${i}`).not.toMatch(/^HTTP\/1\.1 2/);
    });
    expect(await t.app.deps.storage.deletePrefix(`memorials/${cast.memorial.id}/`)).toBe(0);
  });

  it('is cut off by the server when the sender stalls instead of leaving', async () => {
    // Node's defaults under Fastify are 0: wait for ever.
    expect(t.app.server.requestTimeout).toBeGreaterThan(0);
    const idle = t.app.server.timeout;
    expect(idle).toBeGreaterThan(0);
    // The same mechanism as the real two minutes of silence, made short for the test.
    t.app.server.setTimeout(300);
    try {
      const stalled = await Promise.all([
        cutOff(`/api/memorials/${cast.memorial.id}/media`, {}, 'file', cast.owner.cookie, 'stall', false),
        cutOff(`/api/memorials/${cast.memorial.id}/memories`, { name: 'Ole', message: 'Tak' }, 'photo', undefined, 'stall', false),
      ]);
      expect(stalled).toEqual(['', '']);
      expect(await settled()).toEqual({ files: [], folders: [], connections: 0 });
    } finally {
      t.app.server.setTimeout(idle);
    }
  });
});
