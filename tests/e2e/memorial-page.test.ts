/**
 * The memorial page a visitor's phone opens (issue 4, "Showing"): painted from the memorial the
 * server wrote into the HTML (no request for it), readable and accessible in both themes and at
 * 360 px, taken over only when the visitor reaches for it, and a private memorial that stays
 * hidden from a visitor while its owner sees it.
 */
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { setupE2e } from '../support/e2e-suite';
import { visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 5 });

/** A memorial with `fields`; one in a Premium theme has Premium for good (bought or not is not the point here). */
async function createMemorial(fields: Record<string, unknown>): Promise<{ memorial: Memorial; account: Awaited<ReturnType<typeof registerAccount>> }> {
  const account = await registerAccount(e2e.server);
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
  const { theme, ...rest } = fields;
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: rest });
  expect(created.status).toBe(201);
  if (!theme) return { memorial: created.body, account };
  await e2e.server.sql(premiumForGoodSql(created.body.id));
  const themed = await callApi<Memorial>(e2e.server, 'PUT', `/api/memorials/${created.body.id}`, { session, body: { theme } });
  expect(themed.status).toBe(200);
  return { memorial: themed.body, account };
}

const KAREN = {
  name: 'Karen Jensen',
  birthDate: '1941-03-02',
  deathDate: '2023-10-30',
  birthPlace: 'Aarhus',
  deathPlace: 'Vejle',
  epitaph: 'Elsket og savnet',
  lifeStory: '<p>Karen var sygeplejerske i fyrre år.</p><p><img src=x onerror="window.__hacked = true">Hun elskede sin have.</p>',
  timeline: [{ date: '1962', title: 'Gift med Poul', text: '' }],
  restingPlace: { cemetery: 'Vejle Nordre Kirkegård', section: 'C', graveNumber: '214', latitude: 55.7161, longitude: 9.5366 },
  theme: 'hav',
};

describe('the memorial page', () => {
  test('is taken over only when the visitor reaches for it, and the first tap is answered once', async () => {
    const { memorial } = await createMemorial({ name: 'Inger Holm', birthDate: '1950-05-05', deathDate: '2024-01-01' });
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const appStarted = () => requested.filter((path) => /^\/assets\/start-app-/.test(path) || path === '/api/user');
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Inger Holm' }));
    // The cookie banner asks at once: it does not wait for the app.
    await visible(page.getByRole('region', { name: 'Vi bruger cookies' }));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    // Only read so far: the app (router, query cache) is not fetched, nor who is signed in.
    expect(appStarted()).toEqual([]);

    // The first tap starts the app and is answered once: the theme turns dark and stays dark.
    await page.getByRole('button', { name: /^Tema: Lyst/ }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect.poll(() => appStarted().length).toBe(2);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await visible(page.getByRole('button', { name: /^Tema: Mørkt/ }));

    // A keyboard user starts it with the first key.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Inger Holm' }));
    await page.waitForLoadState('networkidle');
    requested.length = 0;
    await page.waitForTimeout(300);
    expect(appStarted()).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(() => requested.includes('/api/user')).toBe(true);
  });

  test('paints from the HTML without asking for the memorial, and reads like a memorial card', async () => {
    const { memorial } = await createMemorial(KAREN);
    const { page } = e2e;
    const asked: string[] = [];
    page.on('request', (request) => request.url().includes('/api/memorials/') && asked.push(request.url()));
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Karen Jensen' }));
    await visible(page.getByText('2. marts 1941 – 30. oktober 2023'));
    await visible(page.getByText('Født i Aarhus, død i Vejle · 82 år'));
    await visible(page.getByText('Elsket og savnet'));
    await visible(page.getByText('Hun elskede sin have.'));
    await visible(page.getByRole('heading', { name: 'Gift med Poul' }));
    const map = page.getByRole('link', { name: /Find graven/ });
    expect(await map.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=55.7161&mlon=9.5366#map=19/55.7161/9.5366');
    await expect.poll(() => page.title()).toBe('Karen Jensen (1941–2023) – Mindested');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    // The life story's HTML was cleaned on the server: the handler never ran.
    expect(await page.evaluate(() => (window as { __hacked?: boolean }).__hacked)).toBeUndefined();

    // The share preview a messenger or Facebook reads from the served HTML; a public page may be indexed.
    const meta = (key: string) => page.locator(`head meta[property="${key}"], head meta[name="${key}"]`).getAttribute('content');
    expect(await meta('og:title')).toBe('Karen Jensen (1941–2023)');
    expect(await meta('og:description')).toContain('Elsket og savnet');
    expect(await meta('og:url')).toBe(`${e2e.server.baseUrl}/memorial/${memorial.slug}`);
    expect(await meta('twitter:card')).toBe('summary');
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);

    // The same page by id and as /classic-memorial/.
    await page.goto(`/classic-memorial/${memorial.id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Karen Jensen' }));
  });

  test('an unlisted memorial is shown with its preview but asks search engines not to index it', async () => {
    const { memorial } = await createMemorial({ ...KAREN, privacy: 'unlisted' });
    const { page } = e2e;
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Karen Jensen' }));
    expect(await page.locator('head meta[property="og:title"]').getAttribute('content')).toBe('Karen Jensen (1941–2023)');
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  test('passes axe in the light and the dark theme, and fits a 360 px phone', async () => {
    const { memorial } = await createMemorial({ ...KAREN, theme: 'rosa' });
    const { page } = e2e;
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`/memorial/${memorial.slug}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Karen Jensen' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
    }
  });

  test('a private memorial is hidden from a visitor and shown to its owner', async () => {
    const { memorial, account } = await createMemorial({ name: 'Hemmelig Hansen', privacy: 'private' });
    const { page, context } = e2e;
    const visitor = await page.goto(`/memorial/${memorial.slug}`);
    expect(visitor?.status()).toBe(404);
    e2e.expectBrowserError(/status of 404 .*\/api\/memorials\//);
    e2e.expectBrowserError(/status of 404 .*\/memorial\//);
    await visible(page.getByRole('heading', { level: 1, name: 'Mindesiden findes ikke' }));
    expect(await page.content()).not.toContain('Hemmelig');
    expect(await page.locator('head meta[property="og:title"]').count()).toBe(0);
    expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');

    await signInBrowser(context, e2e.server, account);
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Hemmelig Hansen' }));
  });
});
