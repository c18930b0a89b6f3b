/**
 * A memorial at the grave with no signal (issue 26), in Chromium on a 360 px phone: a visitor opens
 * a public memorial once; with the network gone the page opens again from the service worker, with
 * the portrait already seen; a candle lit there waits on the phone, nothing reaches the server,
 * and it is lit when the network returns. A private memorial's page is never marked to be kept.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { MediaItem } from '../../src/shared/media';
import type { Memorial } from '../../src/shared/memorials';
import type { PostsResponse } from '../../src/shared/posts-api';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, openAlive, UI_TIMEOUT_MS, visible } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage } from '../support/images';

const e2e = setupE2e({ qrCodes: 3, serviceWorkers: true });
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

const CANDLE_NAME = 'Birte fra nabogravstedet';

/** Waits until a service worker is active and controls this page. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: UI_TIMEOUT_MS });
}

async function familyWithMemorial(privacy: 'public' | 'private') {
  const account = await registerAccount(e2e.server);
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
  const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Ejnar Kirkegaard', birthDate: '1931-03-02', deathDate: '2023-08-19', privacy } })).body;
  return { session: session!, memorial };
}

describe('a memorial with no network', () => {
  test('opens again as it was last seen, and a candle lit there is lit when the network returns', { timeout: 120_000 }, async () => {
    const { session, memorial } = await familyWithMemorial('public');
    const form = new FormData();
    form.set('caption', 'Ejnar ved båden');
    form.set('file', new Blob([await readFile(await writeImage(images.dir, 'ejnar.jpg', 'jpeg', { width: 1600, height: 2000 }))], { type: 'image/jpeg' }), 'ejnar.jpg');
    const uploaded = await fetch(`${e2e.server.baseUrl}/api/memorials/${memorial.id}/media`, { method: 'POST', headers: { origin: e2e.server.baseUrl, cookie: `${SESSION_COOKIE}=${session}` }, body: form });
    expect(uploaded.status).toBe(201);
    const portrait = (await uploaded.json()) as MediaItem;
    expect((await callApi(e2e.server, 'PUT', `/api/memorials/${memorial.id}`, { session, body: { portraitId: portrait.id } })).status).toBe(200);

    const { page, context } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 780 });
    const path = `/memorial/${memorial.slug}`;
    await openAlive(page, path);
    await controlled(page);
    // Opened again under the worker's control: it keeps the page and the photos it shows.
    await openAlive(page, path);
    const portraitShown = () =>
      page.waitForFunction(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0 && image.currentSrc.includes('/media/')), undefined, { timeout: UI_TIMEOUT_MS });
    await portraitShown();
    await expect.poll(() => page.evaluate(async (key) => Boolean(await caches.match(key, { ignoreVary: true })), path)).toBe(true);

    e2e.expectBrowserError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/);
    await context.setOffline(true);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Ejnar Kirkegaard' }));
    await portraitShown();

    await page.getByRole('button', { name: 'Tænd dit lys' }).click();
    await page.getByLabel('Dit navn', { exact: true }).fill(CANDLE_NAME);
    await page.getByLabel('Hilsen (valgfri)').fill('Vi tænker på dig i dag.');
    await page.getByRole('button', { name: 'Tænd lyset' }).click();
    await visible(page.getByText('Der er ingen forbindelse lige nu, men dit lys er gemt.'));
    await visible(page.getByText('Dit lys venter på forbindelse og bliver tændt, så snart der er net.'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    // As this visitor reads them (the browser's own cookies): a candle waiting for the family's approval is shown to the one who lit it.
    const candles = async () => {
      const { posts, waiting } = (await (await page.request.get(`/api/memorials/${memorial.id}/posts`)).json()) as PostsResponse;
      return [...posts, ...waiting].filter((post) => post.name === CANDLE_NAME);
    };
    expect(await candles()).toHaveLength(0);

    await context.setOffline(false);
    await visible(page.getByRole('status').filter({ hasText: 'Dit lys er tændt. Det blev sendt, da forbindelsen kom igen.' }));
    await expect.poll(async () => (await candles()).map((post) => [post.kind, post.message]), { timeout: UI_TIMEOUT_MS }).toEqual([['candle', 'Vi tænker på dig i dag.']]);
    await visible(page.getByRole('list', { name: 'Tændte lys' }).getByText(CANDLE_NAME));
    await expect.poll(() => page.getByText('Dit lys venter på forbindelse').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('mindested-waiting-candles'))).toBeNull();
  });

  test('only a memorial anyone with its address may read is marked to be kept', async () => {
    const open = await familyWithMemorial('public');
    const closed = await familyWithMemorial('private');
    const header = async (slug: string, session?: string) =>
      (await fetch(`${e2e.server.baseUrl}/memorial/${slug}`, { headers: session ? { cookie: `${SESSION_COOKIE}=${session}` } : {} })).headers.get('x-mindested-offline');
    expect(await header(open.memorial.slug)).toBe('keep');
    expect(await header(open.memorial.slug, open.session)).toBe('keep');
    expect(await header(closed.memorial.slug, closed.session)).toBeNull();
    expect(await header(closed.memorial.slug)).toBeNull();
  });
});
