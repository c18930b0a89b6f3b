/**
 * The legal pages (/privacy, /terms, /cookies, /reseller-terms) and /qr-info: one h1 each, the
 * data controller named where GDPR art. 13 wants it, the five cookie purposes and the storage we
 * use, readable for everyone (axe light and dark, a 360 px phone) and reachable by keyboard.
 * /gdpr-data-request: a visitor is asked to log in; a signed-in person downloads their data (deleting
 * the account is account-deletion.test.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PURPOSE_TEXTS } from '../../src/client/consent/purposes';
import { readFile } from 'node:fs/promises';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../src/shared/site';
import { expectNoAxeViolations } from '../support/browser';
import { registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { visible, waitForPath } from '../support/e2e-ui';
import { readZip } from '../support/zip';

const e2e = setupE2e({ qrCodes: 1 });

const PAGES = [
  { path: '/privacy', h1: 'Privatlivspolitik' },
  { path: '/terms', h1: 'Vilkår og betingelser' },
  { path: '/cookies', h1: 'Cookie-politik' },
  { path: '/reseller-terms', h1: 'Forhandlervilkår' },
  { path: '/qr-info', h1: 'Din konto begynder med QR-koden' },
];

/** The configuration the server wrote into the page (src/shared/site.ts). */
async function siteConfig(): Promise<SiteConfig> {
  const html = await (await fetch(`${e2e.server.baseUrl}/privacy`)).text();
  const match = new RegExp(`<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html);
  if (!match) throw new Error('no site configuration in the page');
  return JSON.parse(match[1]!) as SiteConfig;
}

async function open(page: Page, path: string, h1: string) {
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1, name: h1, exact: true }));
}

describe('the legal pages and /qr-info', () => {
  test('each has exactly one h1, a date where it is a legal text, and passes axe in light and dark', async () => {
    const { page } = e2e;
    for (const { path, h1 } of PAGES) {
      await open(page, path, h1);
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      // The privacy and cookie pages changed on their own when the purges came (LegalPage.tsx PRIVACY_UPDATED);
      // the reseller terms carry their version's date (RESELLER_TERMS_VERSION).
      const updated = path === '/privacy' || path === '/cookies' ? '25. november 2026' : path === '/reseller-terms' ? '28. november 2026' : '22. november 2026';
      if (path !== '/qr-info') await visible(page.getByText(`Senest opdateret ${updated}`));
      await expectNoAxeViolations(page);
    }
    await page.context().addInitScript(() => localStorage.setItem('theme', 'dark'));
    for (const { path, h1 } of PAGES) {
      await open(page, path, h1);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await expectNoAxeViolations(page);
    }
  });

  test('/privacy and /cookies name the data controller; /privacy lists the rights and how to use them', async () => {
    const { page } = e2e;
    const { dataController } = await siteConfig();
    for (const { path, h1 } of PAGES.filter((p) => p.path === '/privacy' || p.path === '/cookies')) {
      await open(page, path, h1);
      const address = page.getByRole('main').locator('address');
      await visible(address.getByText(dataController.name, { exact: true }));
      if (dataController.cvr) await visible(address.getByText(`CVR-nr. ${dataController.cvr}`));
    }
    await open(page, '/privacy', 'Privatlivspolitik');
    const main = page.getByRole('main');
    for (const right of ['indsigt', 'berigtigelse', 'sletning', 'begrænsning', 'dataportabilitet', 'indsigelse']) {
      await visible(main.getByText(new RegExp(`^${right}\\b`)));
    }
    await visible(main.getByText(/klage til Datatilsynet/));
    expect(await main.getByRole('link', { name: 'Anmodning om dine data' }).getAttribute('href')).toBe('/gdpr-data-request');
  });

  test('/cookies lists the five purposes and the cookies and storage in use', async () => {
    const { page } = e2e;
    await open(page, '/cookies', 'Cookie-politik');
    const main = page.getByRole('main');
    expect(PURPOSE_TEXTS).toHaveLength(5);
    for (const purpose of PURPOSE_TEXTS) {
      await visible(main.getByText(purpose.title, { exact: true }));
      await visible(main.getByText(purpose.description, { exact: true }));
    }
    for (const name of ['mindested_session', 'mindested_visitor', 'theme', 'mindested-consent', 'mindested-scanner']) await visible(main.locator('code', { hasText: new RegExp(`^${name}$`) }));
    await visible(main.getByText(/Service worker/));
  });

  test('/qr-info explains where a code comes from and why, keeps the code field, and links to /contact', async () => {
    const { page } = e2e;
    await open(page, '/qr-info', 'Din konto begynder med QR-koden');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 2, name: 'Sådan får du en QR-kode' }));
    await visible(main.getByRole('heading', { level: 2, name: 'Hvorfor skal jeg bruge en QR-kode?' }));
    await visible(main.getByLabel('QR-kode', { exact: true }));
    expect(await main.getByRole('link', { name: 'kontakt os' }).getAttribute('href')).toBe('/contact');
  });

  test('fit a 360 px phone without sideways scrolling', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path, h1 } of PAGES) {
      await open(page, path, h1);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
    }
  });

  test('the keyboard reaches the table of contents, and a link there moves to its section', async () => {
    const { page } = e2e;
    await open(page, '/terms', 'Vilkår og betingelser');
    let inMain = false;
    for (let i = 0; i < 40 && !inMain; i++) {
      await page.keyboard.press('Tab');
      inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    }
    expect(inMain, 'Tab reached the main content').toBe(true);
    // Skip to the first link of the table of contents, however the page's own links come first.
    for (let i = 0; i < 10; i++) {
      const inToc = await page.evaluate(() => Boolean(document.activeElement?.closest('nav[aria-labelledby="indholdsfortegnelse"]')));
      if (inToc) break;
      await page.keyboard.press('Tab');
    }
    const focused = await page.evaluate(() => ({ tag: document.activeElement?.tagName, href: document.activeElement?.getAttribute('href') }));
    expect(focused).toEqual({ tag: 'A', href: '#tjenesten' });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === '#tjenesten');
    await visible(page.getByRole('heading', { level: 2, name: /Om Mindested/ }));
  });

  test('/gdpr-data-request asks a visitor to log in, and gives a signed-in person their data as a ZIP', async () => {
    const { page, context } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, '/gdpr-data-request', 'Anmodning om dine data');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 2, name: 'Andre anmodninger' }));
    // A request without an account goes through the contact form, named as what it is.
    await main.getByRole('link', { name: 'Skriv til os' }).click();
    await waitForPath(page, '/contact', `?anmodning=data&emne=${encodeURIComponent('Anmodning om mine data')}`);
    expect(await page.getByLabel('Emne (valgfrit)').inputValue()).toBe('Anmodning om mine data');
    // Sent as a data request: the answer names the day we must answer by, a month on.
    await visible(page.getByRole('heading', { level: 2, name: 'Skriv din anmodning' }));
    await page.getByLabel('Navn', { exact: true }).fill('Jens Pårørende');
    await page.getByLabel('E-mail', { exact: true }).fill(`jens${Date.now()}@eksempel.dk`);
    await page.getByLabel('Besked', { exact: true }).fill('Jeg vil gerne have slettet min afdøde mors oplysninger.');
    await page.getByRole('button', { name: 'Send besked' }).click();
    await visible(page.getByText(/^Tak for din anmodning\. .* svarer senest \d{1,2}\. [a-zæøå]+ \d{4}, som loven kræver\.$/));
    await open(page, '/gdpr-data-request', 'Anmodning om dine data');
    // Both the download and the account's deletion ask a visitor to log in first, and bring them back.
    expect(await main.getByRole('region', { name: 'Slet din konto' }).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/gdpr-data-request')}`,
    );
    await main.getByRole('region', { name: 'Hent dine data' }).getByRole('link', { name: 'Log ind' }).click();
    await waitForPath(page, '/login', `?redirect=${encodeURIComponent('/gdpr-data-request')}`);

    const account = await registerAccount(e2e.server, { fullName: 'Anna Datasen' });
    await signInBrowser(context, e2e.server, account);
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await open(page, '/gdpr-data-request', 'Anmodning om dine data');
      await visible(main.getByRole('link', { name: 'Hent mine data' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
    }
    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: 'Hent mine data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mindested-mine-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = new Map(readZip(await readFile((await download.path())!)).map((entry) => [entry.name, entry.data.toString('utf8')]));
    expect(JSON.parse(entries.get('data/users.json')!)).toEqual([expect.objectContaining({ username: account.username, full_name: 'Anna Datasen' })]);
    expect(entries.get('LAES-MIG.txt')).toContain('Dine data fra Mindested');
  });
});
