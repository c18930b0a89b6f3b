/**
 * On a weak connection a person taps a link, sees the next page is slow to come, and goes back at
 * once. The page they came from must be there again, whole, and stay there when the other page's
 * code arrives late: a page left waiting for code it no longer needs must not leave the screen empty.
 * Both kinds of page: the landing page, drawn by the server and taken over, and a page the browser
 * draws itself.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setupE2e } from '../support/e2e-suite';
import { visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 0 });

/**
 * Holds every request for the code of one page (its chunk, e.g. QrInfoPage-<hash>.js) until
 * `release()`. On the context, so the service worker's own fetches are held too: it cannot cache
 * the file and hand it over behind the test's back.
 */
async function holdPageCode(context: BrowserContext, page: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let caught!: () => void;
  const held = new Promise<void>((resolve) => (caught = resolve));
  await context.route(new RegExp(`/assets/${page}-[\\w-]+\\.js$`), async (route) => {
    caught();
    await gate;
    await route.continue();
  });
  return { held, release: () => open() };
}

describe('going back before the next page has loaded', () => {
  test('from the landing page: it is whole again, and stays when the late code arrives', async () => {
    const { page, context } = e2e;
    const qrInfo = await holdPageCode(context, 'QrInfoPage');
    await page.goto('/');
    const start = page.getByRole('main').getByRole('link', { name: 'Kom i gang nu' });
    await visible(start);
    await start.click();
    await waitForPath(page, '/qr-info');
    await qrInfo.held;
    await page.goBack();
    await waitForPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'Et mindested for dem, vi savner' }));
    await visible(page.getByRole('main').getByRole('link', { name: 'Udforsk premium muligheder' }));

    qrInfo.release();
    await page.waitForLoadState('networkidle');
    await visible(page.getByRole('heading', { level: 1, name: 'Et mindested for dem, vi savner' }));
    expect(new URL(page.url()).pathname).toBe('/');
    // And the way forward still works.
    await page.getByRole('main').getByRole('link', { name: 'Udforsk premium muligheder' }).click();
    await waitForPath(page, '/pricing');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));
  });

  test('from a page the browser drew: the same', async () => {
    const { page, context } = e2e;
    const contact = await holdPageCode(context, 'ContactPage');
    await page.goto('/pricing');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));
    await page.getByRole('banner').getByRole('link', { name: 'Kontakt' }).first().click();
    await waitForPath(page, '/contact');
    await contact.held;
    await page.goBack();
    await waitForPath(page, '/pricing');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));

    contact.release();
    await page.waitForLoadState('networkidle');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });
});
