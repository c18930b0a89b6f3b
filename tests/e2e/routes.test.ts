/**
 * Routes of SPEC.md §2 that are only routing: /hidden-register, /qr/{code}, the catch-all /{slug}
 * with its reserved words, and the not-found page; and the API's own 404.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/shared/consent';
import { expectNoAxeViolations } from '../support/browser';
import { setupE2e } from '../support/e2e-suite';
import { visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 1 });

const notFoundHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' });

/** Records every text the page ever showed in <body>, so a message that is on screen only briefly can be checked. */
async function recordTexts(page: Page) {
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

describe('routing', () => {
  test('/hidden-register redirects to /hidden-register-72391', async () => {
    const { page } = e2e;
    await page.goto('/hidden-register');
    await waitForPath(page, '/hidden-register-72391');
    await visible(page.getByLabel('QR-kode', { exact: true }));
  });

  test('an unknown address shows "Siden blev ikke fundet" and "Gå til forside" leads to /', async () => {
    const { page } = e2e;
    // A deeper path: a single unknown segment is a memorial's address (SPEC.md §2 "Catch-all").
    await page.goto('/noget/der/ikke/findes');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: 'Siden blev ikke fundet' }));
    await visible(main.getByText('404', { exact: true }));
    await visible(
      main.getByText('Vi kunne desværre ikke finde den side, du leder efter. Den er måske blevet flyttet eller slettet.', { exact: true }),
    );
    await expectNoAxeViolations(page);

    await main.getByRole('link', { name: 'Gå til forside' }).click();
    await waitForPath(page, '/');
    // The landing page, with its visitor's button to /qr-info (SPEC.md §2 "Landing page").
    await visible(page.getByRole('main').getByRole('link', { name: 'Kom i gang nu' }));
    expect(await page.getByRole('heading', { name: 'Siden blev ikke fundet' }).count()).toBe(0);
  });

  test('/qr/{code} goes on to /qr-scan/{code}, replacing the history entry', async () => {
    const { page, server } = e2e;
    const code = server.codes[0]!;
    await page.goto('/login');
    await page.goto(`/qr/${code}`);
    await waitForPath(page, `/qr-scan/${code}`);
    await page.goBack();
    await waitForPath(page, '/login');
  });

  test('/{slug} says "Omdirigerer til mindeside..." and goes on to /memorial/{slug}', async () => {
    const { page } = e2e;
    await recordTexts(page);
    await page.goto('/karen-jensen-1941-2023');
    await waitForPath(page, '/memorial/karen-jensen-1941-2023');
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seen.some((text) => text.includes('Omdirigerer til mindeside...'))).toBe(true);
  });

  test('reserved words show the not-found page or their guarded page, never a memorial, and real pages win over /{slug}', async () => {
    const { page } = e2e;
    const stored = { timestamp: Date.now(), choices: { necessary: true, analytics: false, marketing: false, performance: false, social_media: false } };
    await page.context().addInitScript(([key, value]) => localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify(stored)]);
    for (const word of ['qr-setup', 'QR-Setup']) {
      await page.goto(`/${word}`);
      await visible(notFoundHeading(page));
      expect(new URL(page.url()).pathname).toBe(`/${word}`);
    }
    // The back office's words are pages behind the admin guard (SPEC.md §2, §4): a visitor is sent to /.
    for (const word of ['admin', 'warehouse-scan', 'production', 'Admin']) {
      await page.goto(`/${word}`);
      await waitForPath(page, '/');
    }
    await page.goto('/qr-setup');
    await visible(notFoundHeading(page));
    await expectNoAxeViolations(page);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(notFoundHeading(page));
    await expectNoAxeViolations(page);

    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Log ind på din konto' }));
    expect(new URL(page.url()).pathname).toBe('/login');
    for (const path of ['/pricing', '/contact', '/privacy', '/terms', '/cookies', '/qr-info']) {
      await page.goto(path);
      await visible(page.getByRole('main').getByRole('heading', { level: 1 }));
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await notFoundHeading(page).count(), path).toBe(0);
    }
  });

  test('a deeper unknown address under /memorial shows the not-found page', async () => {
    const { page } = e2e;
    await page.goto('/memorial/karen/ekstra');
    await visible(notFoundHeading(page));
  });

  test('an unknown API address answers JSON 404', async () => {
    const { page } = e2e;
    const response = await page.request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Adressen findes ikke.' });
  });
});
