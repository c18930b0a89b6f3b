/**
 * A scanned code on a real database: where GET /api/qr-codes/{code}/scan sends each person in each
 * of PRODUCT.md's cases, and a memorial read by its stone's code (SPEC.md: /memorial/{id} is "id or
 * code"), as the API and as the visitor's HTML, hidden when private, and current the moment the
 * code is linked or unlinked.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { formatCode, generateCode } from '../../shared/qr-code';
import type { ScanResult } from '../../shared/qr-lifecycle';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html lang="da"><head><title>Mindested</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ BASE_URL: 'https://mindested.test' }, { clientDir });
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

interface Person {
  id: string;
  cookie: string;
}
const person = (): Promise<Person> => signedInUser(t);
const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Person, payload?: object) =>
  t.request({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const scan = async (code: string, who?: Person) => {
  const response = await request('GET', `/api/qr-codes/${encodeURIComponent(code)}/scan`, who);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<ScanResult>();
};

async function linkedStone(fields: object = {}, second?: object) {
  const family = await person();
  const memorial = (await request('POST', '/api/memorials', family, { name: 'Else Bach', ...fields })).json<Memorial>();
  const other = second ? (await request('POST', '/api/memorials', family, { name: 'Hans Bach', ...second })).json<Memorial>() : undefined;
  const { code } = await createCode(t.database.db);
  expect((await request('POST', `/api/qr-codes/${code}/lock`, family)).statusCode).toBe(200);
  const linked = await request('POST', `/api/qr-codes/${code}/link`, family, { memorial: memorial.id, ...(other ? { secondMemorial: other.id } : {}) });
  expect(linked.statusCode, linked.body).toBe(200);
  return { family, memorial, code };
}

describe('GET /api/qr-codes/{code}/scan', () => {
  it('sends everyone to a linked code’s memorial by the code, and to the shared page for two', async () => {
    const { family, code } = await linkedStone();
    for (const who of [undefined, family, await person()]) expect(await scan(code, who)).toEqual({ next: 'memorial', code, path: `/memorial/qr/${code}` });
    const shared = await linkedStone({}, {});
    expect(await scan(shared.code)).toEqual({ next: 'memorial', code: shared.code, path: `/memorial/qr/${shared.code}/dual` });
  });

  it('sends the holder of an unlinked code to set it up, and anyone else to an explanation that names nobody', async () => {
    const holder = await person();
    const { code } = await createCode(t.database.db);
    await request('POST', `/api/qr-codes/${code}/lock`, holder);
    expect(await scan(formatCode(code).toLowerCase(), holder)).toEqual({ next: 'setup', code });
    for (const who of [undefined, await person()]) {
      const answer = await scan(code, who);
      expect(answer).toEqual({ next: 'taken', code });
      expect(JSON.stringify(answer)).not.toContain(holder.id);
    }
  });

  it('offers a free code for activation in every state before it is locked, and calls the rest invalid', async () => {
    for (const status of ['created', 'produced', 'in_stock', 'shipped'] as const) {
      const { code } = await createCode(t.database.db, { status });
      expect(await scan(`https://mindested.dk/qr/${code}`)).toEqual({ next: 'activate', code });
    }
    const voided = await createCode(t.database.db, { status: 'void' });
    for (const input of [voided.code, generateCode(() => new Uint8Array(9).fill(5)), 'noget-andet']) expect(await scan(input)).toEqual({ next: 'invalid' });
  });
});

describe('a memorial by its stone’s code', () => {
  it('is read by the API and drawn for a visitor at /memorial/{code}, with the slug as its canonical address', async () => {
    const { memorial, code } = await linkedStone({ epitaph: 'Altid i vore hjerter' });
    const api = await request('GET', `/api/memorials/${code}`);
    expect(api.statusCode).toBe(200);
    expect(api.json<Memorial>()).toMatchObject({ id: memorial.id, name: 'Else Bach' });

    const html = await request('GET', `/memorial/${formatCode(code).toLowerCase()}`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<title>Else Bach – Mindested</title>');
    expect(html.body).toContain(`<link rel="canonical" href="https://mindested.test/memorial/${memorial.slug}" />`);
  });

  it('keeps a private memorial from an outsider who scans its stone, and shows it to its family', async () => {
    const { family, memorial, code } = await linkedStone({ name: 'Privat Person', privacy: 'private' });
    for (const url of [`/api/memorials/${code}`, `/memorial/${code}`]) {
      const outsider = await request('GET', url);
      expect(outsider.statusCode).toBe(404);
      expect(outsider.body).not.toContain('Privat Person');
      expect(outsider.body).not.toContain(memorial.slug);
    }
    expect((await request('GET', `/api/memorials/${code}`, family)).statusCode).toBe(200);
  });

  it('follows the link at once: unlinked, the code opens nothing; linked again, the new memorial', async () => {
    const { family, memorial, code } = await linkedStone();
    expect((await request('GET', `/memorial/${code}`)).body).toContain('Else Bach');
    expect((await request('POST', `/api/qr-codes/${code}/unlink`, family)).statusCode).toBe(204);
    expect((await request('GET', `/memorial/${code}`)).statusCode).toBe(404);
    expect((await request('GET', `/api/memorials/${code}`)).statusCode).toBe(404);

    const other = (await request('POST', '/api/memorials', family, { name: 'Ib Bach' })).json<Memorial>();
    expect((await request('POST', `/api/qr-codes/${code}/link`, family, { memorial: other.slug })).statusCode).toBe(200);
    const page = await request('GET', `/memorial/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ib Bach');
    expect(page.body).not.toContain(memorial.slug);
  });
});

describe('GET /api/qr-codes/{code}/memorials', () => {
  it('lists a shared stone’s memorials in order, leaving out a private one for an outsider', async () => {
    const shared = await linkedStone({ name: 'Else Bach' }, { name: 'Hans Bach', privacy: 'private' });
    const list = (who?: Person) => request('GET', `/api/qr-codes/${shared.code}/memorials`, who);
    const forFamily = await list(shared.family);
    expect(forFamily.statusCode).toBe(200);
    expect(forFamily.json<{ memorials: { slug: string }[] }>().memorials.map((m) => m.slug)).toEqual([shared.memorial.slug, expect.stringMatching(/^hans-bach/)]);
    const forVisitor = await list();
    expect(forVisitor.json<{ memorials: { slug: string }[] }>().memorials.map((m) => m.slug)).toEqual([shared.memorial.slug]);
    expect(forVisitor.body).not.toContain('hans-bach');
    // One of the two deleted (decision 0034): the stone still opens the other, for visitors and the family.
    const halfGone = await linkedStone({ name: 'Else Bach' }, { name: 'Hans Bach' });
    const [, hans] = (await request('GET', `/api/qr-codes/${halfGone.code}/memorials`, halfGone.family)).json<{ memorials: { id: string }[] }>().memorials;
    expect((await request('DELETE', `/api/memorials/${hans!.id}`, halfGone.family)).statusCode).toBe(204);
    for (const who of [undefined, await person()]) {
      const left = await request('GET', `/api/qr-codes/${halfGone.code}/memorials`, who);
      expect(left.statusCode).toBe(200);
      expect(left.json<{ memorials: { slug: string }[] }>().memorials.map((m) => m.slug)).toEqual([halfGone.memorial.slug]);
    }

    const alone = await linkedStone({ name: 'Kun Privat', privacy: 'private' });
    const hidden = await request('GET', `/api/qr-codes/${alone.code}/memorials`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'QR-koden åbner ikke en mindeside, du kan se.' });
    const { code: free } = await createCode(t.database.db);
    expect((await request('GET', `/api/qr-codes/${free}/memorials`)).statusCode).toBe(404);
  });
});
