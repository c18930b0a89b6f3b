/**
 * The benches' lean HTTP client (lean-http.ts) against Node's own HTTP server on loopback: every
 * way our server ends an answer, answers on one connection in turn, and a server that goes away.
 * A wrong parse here would count answers that never came, or stall a bench.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { leanPool, requestBytes } from './lean-http';

const page = 'ø'.repeat(40_000); // 80,000 bytes of UTF-8: many reads.
let server: http.Server;
let origin: URL;
const connectionsSeen = new Set<unknown>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    connectionsSeen.add(request.socket);
    const url = new URL(request.url!, 'http://x');
    if (url.pathname === '/length') return response.writeHead(200, { 'content-length': Buffer.byteLength(page) }).end(page);
    if (url.pathname === '/chunks') {
      response.writeHead(201, { 'content-type': 'text/plain' });
      response.write('første del, ');
      setTimeout(() => response.end('anden del'), 5);
      return;
    }
    if (url.pathname === '/nothing') return response.writeHead(204).end();
    if (url.pathname === '/close') return response.writeHead(200, { connection: 'close', 'content-length': 2 }).end('ok');
    if (url.pathname === '/dies') return request.socket.destroy();
    if (url.pathname === '/echo') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body));
      return;
    }
    response.writeHead(404, { 'content-length': 0 }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string) => requestBytes(origin, { method: 'GET', path, headers: { accept: 'text/html' } });

describe('the lean HTTP client', () => {
  test('reads answers with a length, in chunks, and with no body, one after another on one connection', async () => {
    connectionsSeen.clear();
    const pool = leanPool(origin, 1);
    try {
      expect(await pool.request(get('/length'))).toEqual({ status: 200, bodyBytes: 80_000 });
      expect(await pool.request(get('/chunks'))).toEqual({ status: 201, bodyBytes: Buffer.byteLength('første del, anden del') });
      expect(await pool.request(get('/nothing'))).toEqual({ status: 204, bodyBytes: 0 });
      expect(await pool.request(get('/missing'))).toEqual({ status: 404, bodyBytes: 0 });
      expect(await pool.request(get('/length'))).toEqual({ status: 200, bodyBytes: 80_000 });
      expect(connectionsSeen.size).toBe(1);
    } finally {
      pool.destroy();
    }
  });

  test('sends a body with its length', async () => {
    const pool = leanPool(origin, 1);
    try {
      const body = JSON.stringify({ navn: 'Åse' });
      const bytes = requestBytes(origin, { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body });
      expect(await pool.request(bytes)).toEqual({ status: 200, bodyBytes: Buffer.byteLength(body) });
    } finally {
      pool.destroy();
    }
  });

  test('keeps at most its size of connections, the rest waiting their turn', async () => {
    connectionsSeen.clear();
    const pool = leanPool(origin, 3);
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => pool.request(get('/chunks'))));
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect(connectionsSeen.size).toBe(3);
    } finally {
      pool.destroy();
    }
  });

  test('opens a new connection after the server closes one, and fails a request whose connection dies', async () => {
    const pool = leanPool(origin, 1);
    try {
      expect(await pool.request(get('/close'))).toEqual({ status: 200, bodyBytes: 2 });
      expect(await pool.request(get('/length'))).toEqual({ status: 200, bodyBytes: 80_000 });
      await expect(pool.request(get('/dies'))).rejects.toThrow();
      expect(await pool.request(get('/length'))).toEqual({ status: 200, bodyBytes: 80_000 });
    } finally {
      pool.destroy();
    }
  });
});
