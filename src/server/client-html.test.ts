import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../shared/site';
import { createTestDatabase } from '../../tests/support/test-database';
import { buildApp } from './app';
import { loadClientHtml } from './client-html';
import { loadConfig } from './config';
import type { Database } from './db/connection';

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', localStorage.getItem('theme') === 'dark');";
const TAPS_SCRIPT = "document.addEventListener('click', () => {}, true);";
const CONSENT_SCRIPT = "document.documentElement.setAttribute('data-consent', 'asking');";

/** How the server hands out the built client: the app shell with configuration, assets, the service worker. */
let database: Database;
let clientDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), `<!doctype html><html lang="da"><head><title>Mindested</title><script src="/theme-init.js"></script><script src="/early-taps.js"></script><script src="/consent-init.js"></script><meta name="description" content="${'Mindested forbinder mindestenen med en mindeside. '.repeat(30)}"></head><body><div id="root"></div></body></html>`);
  const script = `console.log(${JSON.stringify('mindested '.repeat(300))});`;
  await writeFile(path.join(clientDir, 'assets', 'main-abc123.js'), script);
  await writeFile(path.join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(clientDir, 'theme-init.js'), THEME_SCRIPT);
  await writeFile(path.join(clientDir, 'early-taps.js'), TAPS_SCRIPT);
  await writeFile(path.join(clientDir, 'consent-init.js'), CONSENT_SCRIPT);
  await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Mindested"}');
  database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SMTP_URL: 'smtp://127.0.0.1:9',
    CONTACT_EMAIL: 'hjaelp@mindested.test',
    // A name that tries to break out of the script element it is written into.
    DATA_CONTROLLER_NAME: 'Mindested </script><script>alert(1)</script> ApS',
    DATA_CONTROLLER_CVR: '12345678',
  });
  app = await buildApp({ config, db: database.db, clientDir, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(clientDir, { recursive: true, force: true });
});

function configIn(html: string) {
  const match = new RegExp(`<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  if (!match) throw new Error('no site config in the page');
  return JSON.parse(match[1]!) as SiteConfig;
}

describe('the app shell', () => {
  it('serves every page address as index.html with the public configuration written in', async () => {
    for (const url of ['/', '/pricing', '/karen-jensen-1941-2023', '/noget/dybere']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(configIn(response.body)).toEqual({
        contactEmail: 'hjaelp@mindested.test',
        dataController: { name: 'Mindested </script><script>alert(1)</script> ApS', address: '', cvr: '12345678', email: 'hjaelp@mindested.test' },
        // No AI provider here: the family's bar links neither extra. Never a key or an address of one.
        aiExtras: { greeting: false, song: false },
      });
      expect(response.body).not.toContain('<script>alert(1)');
    }
  });

  it('writes the theme, early-tap and consent scripts into the page and allows exactly them by their hashes', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.body).toContain(`<script>${THEME_SCRIPT}</script><script>${TAPS_SCRIPT}</script><script>${CONSENT_SCRIPT}</script>`);
    for (const name of ['theme-init', 'early-taps', 'consent-init']) expect(response.body).not.toContain(`src="/${name}.js"`);
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${hash(THEME_SCRIPT)} ${hash(TAPS_SCRIPT)} ${hash(CONSENT_SCRIPT)};`);
  });

  it('never serves the bare template', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('answers unknown API paths and missing assets with JSON 404, never the app', async () => {
    for (const [method, url] of [
      ['GET', '/api/findes-ikke'],
      ['GET', '/api/'],
      ['POST', '/api/findes/ikke'],
      ['GET', '/assets/main-old.js'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { origin: 'http://localhost:5000' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
    }
  });

  it('sends the build\'s compressed files as they are, and compresses API answers on the fly', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('mindested mindested');
    const plain = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('mindested mindested');
    const page = await app.inject({ method: 'GET', url: '/noget', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain(SITE_CONFIG_ELEMENT_ID);
    const plans = await app.inject({ method: 'GET', url: '/api/plans', headers: { 'accept-encoding': 'gzip' } });
    expect(plans.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(plans.rawPayload).toString()).plans.length).toBeGreaterThan(0);
  });

  it('caches hashed assets for a year and makes browsers re-check the service worker', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('loadClientHtml', () => {
  async function buildDir(prerender: string | null) {
    const dir = await mkdtemp(path.join(tmpdir(), 'mindested-build-'));
    await mkdir(path.join(dir, 'client'));
    await writeFile(path.join(dir, 'client', 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
    if (prerender !== null) {
      await mkdir(path.join(dir, 'ssr'));
      await writeFile(path.join(dir, 'ssr', 'prerender.js'), prerender);
    }
    return dir;
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', CONTACT_EMAIL: 'a@mindested.test' });
  const BANNER = '<section id="cookie-banner">Vi bruger cookies</section>';
  const PRERENDER = `export async function renderPage(pathname, site) { return \`<h1>Forside \${pathname} \${site.contactEmail}</h1>\`; }
    export function renderCookieBanner() { return '${BANNER}'; }`;

  it('puts the prerendered landing page into the root element, for / only', async () => {
    const dir = await buildDir(PRERENDER);
    try {
      const html = await loadClientHtml(path.join(dir, 'client'), config);
      expect(html.forPath('/')).toContain('<div id="root"><h1>Forside / a@mindested.test</h1></div>');
      expect(html.forPath('/pricing')).toContain('<div id="root"></div>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the cookie banner last into every page, the landing page and a memorial page too', async () => {
    const dir = await buildDir(PRERENDER);
    try {
      const html = await loadClientHtml(path.join(dir, 'client'), config);
      const memorialPage = html.withHead({ title: 'Karen', description: 'Mindeside', tags: [] }, { pathname: '/memorial/karen', body: '<h1>Karen</h1>' });
      for (const page of [html.forPath('/'), html.forPath('/pricing'), memorialPage]) {
        expect(page).toContain(`</div>${BANNER}\n  </body>`);
        expect(page.split(BANNER)).toHaveLength(2);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("writes a page's data after the page it describes, so the visible page arrives first", async () => {
    const dir = await buildDir(PRERENDER);
    try {
      const html = await loadClientHtml(path.join(dir, 'client'), config);
      const data = { elementId: 'memorial-data', value: { name: 'Karen </script>' } };
      for (const page of [
        html.withHead({ title: 'Karen', description: 'Mindeside', tags: [], data }, { pathname: '/memorial/karen', body: '<h1>Karen</h1>' }),
        html.withHead({ title: 'Karen', description: 'Mindeside', tags: [], data }),
      ]) {
        const head = page.slice(0, page.indexOf('</head>'));
        expect(head).not.toContain('memorial-data');
        const root = page.indexOf('<div id="root"');
        const script = page.indexOf('<script id="memorial-data" type="application/json">');
        expect(root).toBeGreaterThan(-1);
        expect(script).toBeGreaterThan(page.indexOf('</div>', root));
        expect(script).toBeLessThan(page.indexOf(BANNER));
        const json = page.slice(script).match(/^<script[^>]*>(.*?)<\/script>/)![1]!;
        expect(JSON.parse(json)).toEqual(data.value);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves the empty app shell when the prerender fails or was not built', async () => {
    const failing = await buildDir('export async function renderPage() { throw new Error("window is not defined"); }');
    const missing = await buildDir(null);
    try {
      const warnings: unknown[] = [];
      const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Parameters<typeof loadClientHtml>[2];
      expect((await loadClientHtml(path.join(failing, 'client'), config, log)).forPath('/')).toContain('<div id="root"></div>');
      expect(warnings).toHaveLength(1);
      expect((await loadClientHtml(path.join(missing, 'client'), config)).forPath('/')).toContain('<div id="root"></div>');
      expect((await loadClientHtml(path.join(missing, 'client'), config)).forPath('/')).not.toContain('cookie-banner');
    } finally {
      await rm(failing, { recursive: true, force: true });
      await rm(missing, { recursive: true, force: true });
    }
  });
});
