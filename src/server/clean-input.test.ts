/**
 * What a probe sent to make the server fail (a 500), on a real database (embedded, or PostgreSQL
 * when DATABASE_URL is set): a NUL or a lone surrogate anywhere a caller can put text, a malformed
 * address or a broken request line. Each is the caller's mistake: a 4xx with a Danish `{ message }`,
 * and nothing stored. (A date in year 0: memorials/calendar-dates.test.ts.)
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, castMemorial } from '../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../tests/support/test-app';
import type { Memorial } from '../shared/memorials';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_POSTS_PER_IP: '100' });
  cast = await castMemorial(t);
});
afterAll(() => t.close());

/** A 400 whose body is one Danish sentence (and at most the field it is about). */
function expectDanish400(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { message: unknown };
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).filter((key) => key !== 'message' && key !== 'field')).toEqual([]);
  expect(body.message).toMatch(/[a-zæøå]/i);
  expect(body.message).not.toMatch(/Bad Request|Client Error|FST_|invalid/i);
}

const owner = () => ({ cookie: cast.owner.cookie });

describe('a NUL or a lone surrogate in text', () => {
  it.each([
    ['a NUL', 'Karen\u0000Jensen'],
    ['a lone high surrogate', 'Karen \ud800 Jensen'],
    ['a lone low surrogate', 'Karen \udc00'],
  ])('is refused with 400 in a JSON body (%s), and nothing is changed', async (_what, name) => {
    const created = await t.request({ method: 'POST', url: '/api/memorials', headers: owner(), payload: { name } });
    expectDanish400(created);
    const updated = await t.request({ method: 'PUT', url: `/api/memorials/${cast.memorial.id}`, headers: owner(), payload: { epitaph: name } });
    expectDanish400(updated);
    const read = await t.request({ method: 'GET', url: `/api/memorials/${cast.memorial.id}`, headers: owner() });
    expect(read.json<Memorial>().epitaph).toBe(cast.memorial.epitaph);
  });

  it('is refused deep inside a body and in a key, for a visitor too', async () => {
    const deep = { name: 'Karen Jensen', timeline: [{ date: '1950', title: 'Født', text: 'i \u0000 Aarhus' }] };
    expectDanish400(await t.request({ method: 'POST', url: '/api/memorials', headers: owner(), payload: deep }));
    expectDanish400(await t.request({ method: 'POST', url: '/api/login', payload: { username: 'anna\u0000', password: 'hemmelig-adgang' } }));
    expectDanish400(await t.request({ method: 'POST', url: '/api/login', payload: { username: 'anna', password: 'x', 'k\u0000': 1 } }));
    const candle = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/candles`, payload: { name: 'Ole\u0000', message: null, website: '' } });
    expectDanish400(candle);
  });

  it('is refused in a path parameter', async () => {
    expectDanish400(await t.request({ method: 'GET', url: '/api/memorials/abc%00def' }));
    expectDanish400(await t.request({ method: 'GET', url: '/api/memorials/abc%00def', headers: owner() }));
    expectDanish400(await t.request({ method: 'GET', url: '/api/qr-codes/AB%00CD/scan' }));
    expectDanish400(await t.request({ method: 'GET', url: `/api/memorials/${cast.memorial.id}%00/posts` }));
  });

  it('is refused in a query string', async () => {
    expectDanish400(await t.request({ method: 'GET', url: '/api/user?t=%00' }));
    expectDanish400(await t.request({ method: 'GET', url: '/api/health?x%00=1' }));
  });

  it('is refused in a multipart text field', async () => {
    const boundary = '----mindested-nul';
    const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.from(field('name', 'Ole') + field('message', 'Et minde\u0000 om Karen') + field('website', '') + `--${boundary}--\r\n`);
    const response = await t.request({
      method: 'POST',
      url: `/api/memorials/${cast.memorial.id}/memories`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectDanish400(response);
  });

  it('still takes every other character: astral, combining, right-to-left', async () => {
    const name = 'Åse Ǿ 𝔎𝔞𝔯𝔢𝔫 👩‍👧 é\u0301 שלום مرحبا';
    const created = await t.request({ method: 'POST', url: '/api/memorials', headers: owner(), payload: { name, epitaph: '\u200f\u2028' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Memorial>().name).toBe(name);
  });
});

describe('malformed requests', () => {
  it('answers an address that cannot be decoded with 400 in Danish', async () => {
    expectDanish400(await t.request({ method: 'GET', url: '/api/memorials/%E0%A4%A' }));
    expectDanish400(await t.request({ method: 'GET', url: '/api/memorials/%ED%A0%80' }));
    expectDanish400(await t.request({ method: 'POST', url: '/api/memorials/%zz/candles', payload: { name: 'Ole', website: '' } }));
  });

  it('answers a path segment over the router\'s length limit with 414 in Danish', async () => {
    const response = await t.request({ method: 'GET', url: `/api/memorials/${'x'.repeat(5000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'Adressen er for lang.' });
  });

  it('answers a broken request on the wire with 400 in Danish', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const head of ['POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad\u0000Header: 1\r\n\r\n']) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(head));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('utf8')));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 400/);
      const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({ message: expect.stringMatching(/[æøå]|kunne ikke/) });
    }
  });
});
