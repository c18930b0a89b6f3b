/**
 * /admin/qr-export (issue 23, item 3) in Chromium against the production server: with no packages
 * the page says so; with two, an admin finds one by its reseller's name, chooses it, and each of
 * its five downloads is a plain link the browser takes as a named attachment; the package page's
 * "Eksportér" opens the page with the package chosen, its voided code named; an unknown package
 * in the address says it is not found. Axe finds nothing at a phone's and a desk's width.
 *
 * Staff log in through the API. With MINDESTED_SCREENSHOTS set, the page is also photographed into .scratch/ at 360 and
 * 1280 px, light and dark, for looking at (not compared).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/shared/consent';
import type { PackageCodesPage } from '../../src/shared/production';
import { type BrowserPage, CHROMIUM, CHROMIUM_ARGS, expectNoAxeViolations, personsAgent, watchContext } from '../support/browser';
import { callApi } from '../support/e2e-api';
import { resellerRecordSql } from '../support/e2e-resellers';
import { createAdmin, useSession as putSession, verifiedStaffSession } from '../support/e2e-staff';
import { visible, waitForPath } from '../support/e2e-ui';
import { type E2eServer, startE2eServer } from '../support/server-process';

const DEALER = 'Stenhuggeriet Ærø ApS';
const SHOTS = process.env.MINDESTED_SCREENSHOTS ? path.resolve('.scratch') : undefined;

let server: E2eServer;
let browser: Browser;
let session: string;
let current: BrowserPage | undefined;

beforeAll(async () => {
  server = await startE2eServer();
  const admin = await createAdmin(server, 'Birthe Bagkontor');
  ({ session } = await verifiedStaffSession(server, admin));
  await server.sql(resellerRecordSql(null, { companyName: DEALER, status: 'approved' }));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  const open = current;
  current = undefined;
  const problems = open?.takeUnexpectedProblems() ?? [];
  await open?.close();
  const serverErrors = server.takeServerErrors();
  const lines = [...(problems.length ? ['Unexpected errors in the browser:', ...problems] : []), ...(serverErrors.length ? ['Errors logged by the server:', ...serverErrors] : [])];
  if (lines.length) throw new Error(lines.join('\n'));
});

async function staffPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'da-DK', viewport: { width: 1280, height: 900 }, userAgent: personsAgent(browser), acceptDownloads: true });
  current = await watchContext(context);
  const choices = { necessary: true, analytics: false, marketing: false, performance: false, social_media: false };
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify({ timestamp: Date.now(), choices })]);
  await putSession(context, server, session);
  return current.page;
}

/** Axe at a phone's width and at a desk's, light; with MINDESTED_SCREENSHOTS set, pictures of both themes too. */
async function checkPage(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    if (!SHOTS) continue;
    await mkdir(SHOTS, { recursive: true });
    const steady = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`), fullPage: true });
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await steady.evaluate((element) => (element as Element).remove());
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('/admin/qr-export', () => {
  test('says so when there is no package yet', async () => {
    const page = await staffPage();
    await page.goto('/admin/qr-export');
    await visible(page.getByRole('heading', { level: 1, name: 'Eksport' }));
    await visible(page.getByText('Der er ingen QR-pakker endnu.'));
    await visible(page.getByText('Vælg en pakke for at hente dens filer.'));
    await checkPage(page, 'qr-export-empty');
  });

  test('finds a package by its reseller, and each of its files is a named download', async () => {
    const { body: resellers } = await callApi<{ resellers: { id: string; name: string }[] }>(server, 'GET', '/api/admin/production/resellers', { session });
    const dealer = resellers.resellers.find((reseller) => reseller.name === DEALER)!;
    const made = await callApi<{ id: string }>(server, 'POST', '/api/admin/qr-packages', { session, body: { name: 'Ærø, forår 2027', size: 30, resellerId: dealer.id } });
    expect(made.status).toBe(201);
    expect((await callApi(server, 'POST', '/api/admin/qr-packages', { session, body: { name: 'Direkte salg, marts', size: 5, resellerId: null } })).status).toBe(201);
    const codes = await callApi<PackageCodesPage>(server, 'GET', `/api/admin/qr-packages/${made.body.id}/qr-codes`, { session });
    const voided = codes.body.codes[0]!.code;
    expect((await callApi(server, 'POST', `/api/admin/qr-codes/${voided}/void`, { session, body: { reason: 'Ridset i trykket.' } })).status).toBe(200);

    const page = await staffPage();
    await page.goto('/admin/qr-export');
    await visible(page.getByRole('button', { name: /Direkte salg, marts/ }));
    await page.getByRole('searchbox').fill('Ærø ApS');
    await page.getByRole('searchbox').press('Enter');
    await expect.poll(() => page.getByRole('button', { name: /Direkte salg, marts/ }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: /Ærø, forår 2027/ }).click();
    await waitForPath(page, '/admin/qr-export', `?package=${made.body.id}&q=%C3%86r%C3%B8+ApS`);
    const files = await visible(page.getByRole('region', { name: 'Filer til “Ærø, forår 2027”' }));
    await visible(files.getByText('1 kode er kasseret og kommer ikke med i tryk- og laserfilerne (29 koder gør).'));
    await expect.poll(() => page.getByRole('button', { name: /Ærø, forår 2027/ }).getAttribute('aria-pressed')).toBe('true');

    const expected = [
      ['Hent regneark (csv)', `codes.csv`, 'mindested-pakke-aeroe-foraar-2027.csv'],
      ['Hent trykark (a4-pdf)', `print.pdf`, null],
      ['Hent svg-filer (zip)', `svg.zip`, 'mindested-pakke-aeroe-foraar-2027-svg.zip'],
      ['Hent laser: én fil pr. kode (zip)', `laser.zip?layout=code`, 'mindested-pakke-aeroe-foraar-2027-laser-koder.zip'],
      ['Hent laser: plader (zip)', `laser.zip?layout=plate`, 'mindested-pakke-aeroe-foraar-2027-laser-plader.zip'],
    ] as const;
    for (const [name, file, filename] of expected) {
      const link = files.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(`/api/admin/qr-packages/${made.body.id}/${file}`);
      if (!filename) continue;
      // The browser's own download, as a click starts it: named by the server, the page left where it is.
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(filename);
      expect(await download.failure()).toBeNull();
    }
    expect(page.url()).toContain('/admin/qr-export?package=');
    await checkPage(page, 'qr-export');
  });

  test('opens from the package page with the package chosen; an unknown one is not found', async () => {
    const { body } = await callApi<{ packages: { id: string; name: string }[] }>(server, 'GET', '/api/admin/qr-packages?q=Direkte', { session });
    const pkg = body.packages[0]!;
    const page = await staffPage();
    await page.goto(`/admin/qr-packages/${pkg.id}`);
    await page.getByRole('link', { name: 'Eksportér' }).click();
    await waitForPath(page, '/admin/qr-export', `?package=${pkg.id}`);
    await visible(page.getByRole('region', { name: `Filer til “${pkg.name}”` }));

    // The look-up's 404 is the answer this part is about: Chromium logs it.
    current!.expectBrowserError(/status of 404 .*\/api\/admin\/qr-packages\/00000000-0000-4000-8000-000000000000/);
    await page.goto('/admin/qr-export?package=00000000-0000-4000-8000-000000000000');
    await visible(page.getByText('Pakken findes ikke. Vælg en anden i listen.'));
  });
});
