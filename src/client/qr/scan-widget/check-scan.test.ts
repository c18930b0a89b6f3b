/**
 * The server's word on a decoded text (SPEC.md §4, §7; docs/decisions/0016): which request is
 * made, and that a refusal or a failed request counts as "not ours".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkCharacter } from '@/shared/qr-code';
import { checkScan } from './check-scan';

const CODE = `7K3QMXR8D${checkCharacter('7K3QMXR8D')}`;

/** Answers every request with `respond`, and records method, path and body. */
function serverAnswering(respond: () => Response | Promise<Response>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ method: init.method!, path: url, body: init.body ? JSON.parse(init.body as string) : undefined });
    return respond();
  });
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('checkScan', () => {
  it('asks POST /api/qr-codes/validate with the text as read, and opens /qr-scan/{code} when it is valid', async () => {
    const calls = serverAnswering(() => json(200, { valid: true }));
    const text = `https://mindested.dk/qr/${CODE.toLowerCase()}`;
    expect(await checkScan(text)).toBe(`/qr-scan/${CODE}`);
    expect(calls).toEqual([{ method: 'POST', path: '/api/qr-codes/validate', body: { code: text } }]);
  });

  it('asks the server about foreign text too, and opens nothing', async () => {
    const calls = serverAnswering(() => json(200, { valid: false }));
    expect(await checkScan('https://example.com/not-ours')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('counts a code the server does not know as not ours', async () => {
    serverAnswering(() => json(200, { valid: false }));
    expect(await checkScan(CODE)).toBeNull();
  });

  it('opens a /memorial/{id} link when GET /api/memorials/{id} answers, and not when it is refused', async () => {
    const calls = serverAnswering(() => json(200, { id: 'x' }));
    expect(await checkScan('https://mindested.dk/memorial/karen-jensen')).toBe('/memorial/karen-jensen');
    expect(calls).toEqual([{ method: 'GET', path: '/api/memorials/karen-jensen', body: undefined }]);

    serverAnswering(() => json(404, { message: 'Mindesiden findes ikke.' }));
    expect(await checkScan('https://mindested.dk/memorial/karen-jensen')).toBeNull();
  });

  it('counts a refused request and no connection as not ours', async () => {
    serverAnswering(() => json(429, { message: 'For mange forsøg.' }));
    expect(await checkScan(CODE)).toBeNull();
    serverAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkScan(CODE)).toBeNull();
  });

  it('passes an abort on: the dialog was closed while the server was asked', async () => {
    const abort = new AbortController();
    serverAnswering(() => {
      abort.abort();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    });
    await expect(checkScan(CODE, abort.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
