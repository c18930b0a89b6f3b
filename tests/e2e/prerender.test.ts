/**
 * The landing page arrives rendered by the server (docs/decisions/0007) and the browser takes it
 * over without redrawing it: readable before any JavaScript has run, and without a hydration error
 * (any console error fails the test, see tests/support/browser.ts).
 */
import { describe, expect, test } from 'vitest';
import { LANDING_VIDEO_TITLE } from '../../src/client/home/landing-video';
import { visible, waitForPath } from '../support/e2e-ui';
import { setupE2e } from '../support/e2e-suite';

const e2e = setupE2e({ qrCodes: 0 });

describe('the prerendered landing page', () => {
  test('the HTML for / already holds the page; other addresses get the empty shell', async () => {
    const landing = await (await fetch(`${e2e.server.baseUrl}/`)).text();
    // The lazy page's server HTML sits between the markers that let hydration keep it while its code loads.
    expect(landing).toMatch(/<div id="root"><!--\$s-->.*<h1[ >].*<!--\/\$s--><\/div>/s);
    // Every part is written in place: nothing waits in a <template> for a reveal script.
    expect(landing).not.toContain('<template');
    expect(landing.match(/<script>/g)).toHaveLength(3); // theme-init.js, early-taps.js and consent-init.js, allowed by hash
    const other = await (await fetch(`${e2e.server.baseUrl}/pricing`)).text();
    expect(other).toContain('<div id="root"></div>');
  });

  test('reads without JavaScript', async () => {
    const browser = e2e.context.browser()!;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2e.server.baseUrl });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await visible(page.getByRole('heading', { level: 1 }));
      await visible(page.getByRole('contentinfo'));
    } finally {
      await context.close();
    }
  });

  test('hydrates without errors and then navigates in the browser', async () => {
    const { page } = e2e;
    await page.goto('/');
    const heading = await visible(page.getByRole('heading', { level: 1 }));
    // The server's heading element is the one the browser keeps, not a new one.
    await heading.evaluate((element) => element.setAttribute('data-from-server', 'ja'));
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1[data-from-server="ja"]').count()).toBe(1);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privatlivspolitik' }).click();
    await waitForPath(page, '/privacy');
  });

  test('a tap on "Se video" before the JavaScript has arrived opens the video once the page is live', async () => {
    const { page } = e2e;
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<html lang="da"><title>Video</title></html>', contentType: 'text/html' }));
    // A slow connection: the page's entry script arrives well after the HTML has been drawn.
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('button', { name: 'Se video' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    releaseScript();
    await visible(page.getByRole('dialog', { name: LANDING_VIDEO_TITLE }));
  });
});
