/**
 * A memorial page's HTML as the server sends it: the preview tags for a shared link, the memorial
 * written in so the page needs no request before it paints, noindex where search engines must
 * stay away, and nothing at all about a private memorial for an outsider.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { givePremium } from '../../../tests/support/premium';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { eq, sql } from 'drizzle-orm';
import { DEMO_MEMORIAL_SLUGS } from '../../shared/demo-memorials';
import { type InlineMemorial, unpackMemorial } from '../../shared/inline-memorial';
import { MEMORIAL_DATA_ELEMENT_ID, type Memorial } from '../../shared/memorials';
import { memorials } from '../db/schema';
import { VERSION_TTL_MS, chooseEncoding } from './page-cache';

let t: TestApp;
let clientDir: string;
let cookie: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="da"><head><meta name="description" content="Sidens egen beskrivelse" /><title>Mindested</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ BASE_URL: 'https://mindested.test' }, { clientDir });
  cookie = await signIn(t, await createUser(t.database.db));
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

async function create(fields: object): Promise<Memorial> {
  const response = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie }, payload: fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const page = (url: string, withCookie = false) => t.request({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

function dataIn(html: string): Memorial | null {
  const match = new RegExp(`<script id="${MEMORIAL_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  return match ? unpackMemorial(JSON.parse(match[1]!) as InlineMemorial) : null;
}

describe('the encoding of a visitor’s page', () => {
  it('follows the browser’s q-values and wildcard, preferring brotli when both are alike', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('bread, ogzip')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});

describe('the HTML of a memorial page', () => {
  it('carries the title, description and share preview, and the memorial itself', async () => {
    const memorial = await create({ name: 'Karen "Mor" Jensen', birthDate: '1941-03-02', deathDate: '2023-10-30', epitaph: 'Elsket & savnet <altid>' });
    for (const prefix of ['/memorial', '/classic-memorial', '/enhanced-memorial']) {
      const response = await page(`${prefix}/${memorial.slug}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const html = response.body;
      expect(html).toContain('<title>Karen &quot;Mor&quot; Jensen (1941–2023) – Mindested</title>');
      expect(html).toContain('<meta name="description" content="Elsket &amp; savnet &lt;altid&gt;" />');
      expect(html).not.toContain('Sidens egen beskrivelse');
      expect(html).toContain('<meta property="og:title" content="Karen &quot;Mor&quot; Jensen (1941–2023)" />');
      expect(html).toContain(`<meta property="og:url" content="https://mindested.test/memorial/${memorial.slug}" />`);
      expect(html).toContain('<meta property="og:image" content="https://mindested.test/icons/icon-512.png" />');
      expect(html).toContain('<meta name="twitter:card" content="summary" />');
      expect(html).not.toContain('noindex');
      expect(dataIn(html)).toMatchObject({ id: memorial.id, name: 'Karen "Mor" Jensen', viewer: { role: null } });
    }
  });

  it('describes a memorial by its life story when there is no epitaph, and cannot be broken out of', async () => {
    const memorial = await create({ name: 'Poul Hansen', lifeStory: '<p>Poul var smed i Vejle </script><script>alert(1)</script> hele sit liv.</p>' });
    const html = (await page(`/memorial/${memorial.id}`)).body;
    expect(html).toContain('<meta name="description" content="Poul var smed i Vejle hele sit liv." />');
    expect(html).not.toContain('<script>alert(1)');
    expect(dataIn(html)?.lifeStory).toBe('<p>Poul var smed i Vejle  hele sit liv.</p>');
  });

  it('shows the portrait in the share preview once one is chosen', async () => {
    const memorial = await create({ name: 'Else Portræt' });
    const photo = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#a0522d' } }).jpeg().toBuffer();
    const boundary = 'graense-til-filen';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="else.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/media`, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id: portraitId } = uploaded.json<{ id: string }>();
    await t.request({ method: 'PUT', url: `/api/memorials/${memorial.id}`, headers: { cookie }, payload: { portraitId } });
    const html = (await page(`/memorial/${memorial.slug}`)).body;
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="https://mindested.test/media/memorials/${memorial.id}/${portraitId}/960.jpg" />`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('asks search engines to leave an unlisted memorial alone', async () => {
    const memorial = await create({ name: 'Inger Unlisted', privacy: 'unlisted' });
    const html = (await page(`/memorial/${memorial.slug}`)).body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(dataIn(html)?.name).toBe('Inger Unlisted');
  });

  it('reveals nothing of a private memorial to an outsider, and all of it to its owner', async () => {
    const memorial = await create({ name: 'Hemmelig Hansen', privacy: 'private', epitaph: 'Kun for familien' });
    const outsider = await page(`/memorial/${memorial.slug}`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toMatch(/Hemmelig|familien|og:title/);
    expect(outsider.body).toContain('<meta name="robots" content="noindex" />');
    expect(dataIn(outsider.body)).toBeNull();

    const owner = await page(`/memorial/${memorial.slug}`, true);
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toContain('<meta name="robots" content="noindex" />');
    expect(dataIn(owner.body)).toMatchObject({ name: 'Hemmelig Hansen', viewer: { role: 'owner', canEdit: true } });
  });

  it('answers 404 with the app for a memorial that does not exist; deeper memorial addresses are the app’s own', async () => {
    const missing = await page('/memorial/findes-ikke-1900-2000');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect((await page('/memorial/karen/admin')).statusCode).toBe(200);
    const enhancedMissing = await page('/enhanced-memorial/findes-ikke-1900-2000');
    expect(enhancedMissing.statusCode).toBe(404);
    expect(enhancedMissing.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('writes the demo memorial into the demo pages once it exists, kept out of search engines', async () => {
    const before = await page('/test-memorial');
    expect(before.statusCode).toBe(200);
    expect(dataIn(before.body)).toBeNull();

    const demo = await create({ name: 'Karen Margrethe Lund', birthDate: '1939-04-17', deathDate: '2023-11-02', epitaph: 'Elsket og savnet' });
    const moved = await t.request({ method: 'PUT', url: `/api/memorials/${demo.id}`, headers: { cookie }, payload: { slug: DEMO_MEMORIAL_SLUGS.classic } });
    expect(moved.statusCode, moved.body).toBe(200);

    for (const address of ['/test-memorial', '/theme-test']) {
      const after = await page(address);
      expect(dataIn(after.body), address).toMatchObject({ slug: DEMO_MEMORIAL_SLUGS.classic, viewer: { role: null, canEdit: false } });
      expect(after.body).toContain('<meta name="robots" content="noindex" />');
    }
    expect(dataIn((await page('/gallery-demo')).body)).toBeNull();
  });

  it('gives visitors the page made for the memorial as it is now, compressed as asked, and nothing once it is private', async () => {
    const memorial = await create({ name: 'Svend Aage Holm', epitaph: 'Første udgave' });
    // With Premium, for the film below (a lapsed memorial's page is premium-gates.test.ts's).
    await givePremium(t.database.db, memorial.id);
    const visit = (encoding?: string) => t.request({ method: 'GET', url: `/memorial/${memorial.slug}`, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const change = (url: string, payload: object, method: 'PUT' | 'POST' = 'PUT') => t.request({ method, url, headers: { cookie }, payload });

    const brotli = await visit('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('Første udgave');
    const gzip = await visit('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('Første udgave');
    expect((await visit()).body).toContain('Første udgave');

    // Every change is seen by the next visitor, even within the same millisecond on the test clock.
    expect((await change(`/api/memorials/${memorial.id}`, { epitaph: 'Anden udgave' })).statusCode).toBe(200);
    expect((await visit()).body).toContain('Anden udgave');
    const film = await change(`/api/memorials/${memorial.id}/media`, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Sølvbryllup 1985' }, 'POST');
    expect(film.statusCode, film.body).toBe(201);
    expect(dataIn((await visit()).body)?.media.map((item) => item.caption)).toEqual(['Sølvbryllup 1985']);
    expect((await change(`/api/memorials/${memorial.id}/media/${film.json<{ id: string }>().id}`, { caption: 'Sølvbryllup i Ribe' })).statusCode).toBe(200);
    expect(dataIn((await visit()).body)?.media.map((item) => item.caption)).toEqual(['Sølvbryllup i Ribe']);

    const closed = await change(`/api/memorials/${memorial.id}`, { privacy: 'private' });
    expect(closed.statusCode).toBe(200);
    const hidden = await visit('br');
    expect(hidden.statusCode).toBe(404);
    expect(brotliDecompressSync(hidden.rawPayload).toString()).not.toContain('Svend Aage');
    // Its new address (a private memorial's has a random end) is no way in for a visitor either,
    // and its owner still gets it there (made for them, not from the visitors' pages).
    const privateAddress = `/memorial/${closed.json<Memorial>().slug}`;
    expect((await t.request({ method: 'GET', url: privateAddress })).statusCode).toBe(404);
    expect(dataIn((await page(privateAddress, true)).body)).toMatchObject({ name: 'Svend Aage Holm', privacy: 'private' });
  });

  it('sees a change made by another server instance within a second', async () => {
    const memorial = await create({ name: 'Bodil Krogh', epitaph: 'Som det var' });
    const visit = () => t.request({ method: 'GET', url: `/memorial/${memorial.slug}` });
    expect((await visit()).body).toContain('Som det var');

    // Another instance changes the memorial: this one is not told, only the database knows.
    await t.database.db.update(memorials).set({ epitaph: 'Som det blev', updatedAt: sql`${memorials.updatedAt} + interval '1 millisecond'` }).where(eq(memorials.id, memorial.id));
    expect((await visit()).body).toContain('Som det var');
    t.clock.advance(VERSION_TTL_MS);
    expect((await visit()).body).toContain('Som det blev');

    await t.database.db.update(memorials).set({ privacy: 'private' }).where(eq(memorials.id, memorial.id));
    t.clock.advance(VERSION_TTL_MS);
    const hidden = await visit();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Bodil');
  });
});
