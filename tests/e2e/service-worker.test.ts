/**
 * The service worker and the web app manifest (SPEC.md §2 "A service worker is registered at
 * startup"): it installs, takes control, never caches the API, and the app opens offline.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { setupE2e } from '../support/e2e-suite';
import { visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 0, serviceWorkers: true });

/** Waits until a service worker is active and controls this page. */
async function controlled(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

describe('the service worker', () => {
  test('registers at start-up and controls the page', async () => {
    const { page, server } = e2e;
    await page.goto('/');
    expect(await controlled(page)).toBe(`${server.baseUrl}/sw.js`);
    await page.reload();
    expect(await controlled(page)).toBe(`${server.baseUrl}/sw.js`);
    const names = await page.evaluate(() => caches.keys());
    expect(names.sort()).toEqual(['mindested-assets-v3', 'mindested-shell-v3']);
  });

  test('the manifest is linked, served and names the icons, which exist', async () => {
    const { page } = e2e;
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const response = await page.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; lang: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Mindested', short_name: 'Mindested', start_url: '/', display: 'standalone', lang: 'da' });
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of [...manifest.icons.map((i) => i.src), await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')]) {
      const file = await page.request.get(icon!);
      expect(file.status(), icon!).toBe(200);
    }
  });

  test('the tab icon is a small PNG of the size it declares (an SVG one is drawn as a document on the page\'s main thread)', async () => {
    const { page } = e2e;
    await page.goto('/');
    const link = page.locator('link[rel="icon"]');
    expect(await link.count()).toBe(1);
    const [href, type, sizes] = await Promise.all([link.getAttribute('href'), link.getAttribute('type'), link.getAttribute('sizes')]);
    expect(type).toBe('image/png');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const { format, width, height } = await sharp(await response.body()).metadata();
    expect({ format, size: `${width}x${height}` }).toEqual({ format: 'png', size: sizes });
  });

  test('offline, a reload still shows the app, and another address gets the app shell; the API is never cached', async () => {
    const { page, context } = e2e;
    await page.goto('/');
    await controlled(page);
    await page.reload();
    await controlled(page);
    await visible(page.getByRole('heading', { level: 1 }));

    // Installing, the worker cached every page's scripts and styles from the build's list.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    const built = (await (await page.request.get('/offline-assets.json')).json()) as string[];
    expect(built.some((url) => /\/assets\/PricingPage-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached).toEqual(expect.arrayContaining(built));
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(cached).toContain('/');

    e2e.expectBrowserError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/);
    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1 }));
    await visible(page.getByRole('banner').getByRole('link', { name: 'Mindested', exact: true }));

    // A page never opened before: its code comes from the worker's cache.
    await page.getByRole('banner').getByRole('link', { name: 'Priser', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: /Priser/ }));

    await page.goto('/noget/helt/andet');
    await visible(page.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' }));
    await context.setOffline(false);
  });
});
