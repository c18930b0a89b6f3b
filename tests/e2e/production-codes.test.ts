/**
 * The production floor's codes, packages and scanner (issue 23 items 1, 2 and 4) in Chromium
 * against the production server: an admin makes a package for a reseller on /admin/qr-packages
 * (the form refusing 10.001 codes in Danish), opens it, takes its first warehouse step, and its
 * codes page shows each code's picture; /admin/qr finds a code typed with hyphens in lower case,
 * refuses a mistyped one by name, and voids a code with a reason that then stands in its log;
 * /admin/qr-scanner looks codes up as a USB scanner types them (keys and Enter, no click in the
 * field first), opens a package from its label, and reads a code from the fake camera. Axe finds
 * nothing at a phone's and a desk's width.
 *
 * One server and one Chromium for the file, started with Chromium's fake camera filming one of
 * the codes (tests/support/fake-camera.ts), written once that code exists. Staff log in through
 * the API. With MINDESTED_SCREENSHOTS set, the pages are also photographed into .scratch/ at 360 and 1280 px, light and
 * dark, for looking at (not compared).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/shared/consent';
import type { PackageCodesPage } from '../../src/shared/production';
import { formatCode } from '../../src/shared/qr-code';
import { type BrowserPage, CHROMIUM, CHROMIUM_ARGS, expectNoAxeViolations, personsAgent, watchContext } from '../support/browser';
import { callApi } from '../support/e2e-api';
import { resellerRecordSql } from '../support/e2e-resellers';
import { createAdmin, useSession as putSession, verifiedStaffSession } from '../support/e2e-staff';
import { expectFieldError, expectToast, visible, waitForPath } from '../support/e2e-ui';
import { FAKE_CAMERA_ARGS, writeQrVideo } from '../support/fake-camera';
import { type E2eServer, startE2eServer } from '../support/server-process';

const DEALER = 'Stenhuggeriet Skov ApS';
const SHOTS = process.env.MINDESTED_SCREENSHOTS ? path.resolve('.scratch') : undefined;

let server: E2eServer;
let browser: Browser;
let workDir: string;
let session: string;
/** The code the fake camera films, in a package of its own. */
let filmed: string;
let current: BrowserPage | undefined;

beforeAll(async () => {
  server = await startE2eServer({ qrCodes: 1 });
  // The CLI restarts the embedded database's server: the admin first, before anyone is signed in.
  const admin = await createAdmin(server, 'Birthe Bagkontor');
  ({ session } = await verifiedStaffSession(server, admin));
  await server.sql(resellerRecordSql(null, { companyName: DEALER, status: 'approved' }));

  const made = await callApi<{ id: string }>(server, 'POST', '/api/admin/qr-packages', { session, body: { name: 'Kamerapakke', size: 2, resellerId: null } });
  expect(made.status).toBe(201);
  const codes = await callApi<PackageCodesPage>(server, 'GET', `/api/admin/qr-packages/${made.body.id}/qr-codes`, { session });
  filmed = codes.body.codes[0]!.code;

  workDir = await mkdtemp(path.join(tmpdir(), 'mindested-floor-'));
  const video = path.join(workDir, 'code.y4m');
  // What a printed code's symbol says: `{BASE_URL}/qr/{code}`.
  await writeQrVideo(video, `${server.baseUrl}/qr/${filmed}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS(video)] });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
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

/** A signed-in admin's browser at 1280 px, the cookie choice made, so the banner stays out of the way. */
async function staffPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'da-DK', viewport: { width: 1280, height: 900 }, userAgent: personsAgent(browser) });
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
    // The theme switched at once: a picture of a colour transition's first frame shows nothing.
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

/** A code with its check character changed: well formed, but mistyped. */
const mistyped = (code: string) => code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');

let packageId: string;
let packageCodes: string[];

describe('the production floor’s codes and packages', () => {
  test('an admin makes a package for a reseller, takes its first step, and sees its codes with their pictures', async () => {
    const page = await staffPage();
    await page.goto('/admin/qr-packages');
    await visible(page.getByRole('heading', { level: 1, name: 'QR-pakker' }));
    await visible(page.getByRole('link', { name: 'Kamerapakke' }).first());
    await checkPage(page, 'qr-packages');

    await page.getByRole('button', { name: 'Ny pakke' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Ny QR-pakke' }));
    await dialog.getByLabel('Navn på pakken').fill('Skov, januar');
    await dialog.getByLabel('Antal koder').fill('10001');
    await dialog.getByRole('button', { name: 'Opret pakke' }).click();
    await expectFieldError(dialog.getByLabel('Antal koder'), 'En pakke kan højst have 10.000 koder.');
    await expectFieldError(dialog.getByLabel('Forhandler'), 'Vælg en forhandler, eller vælg direkte salg.');
    await checkPage(page, 'qr-new-package');
    await dialog.getByLabel('Antal koder').fill('12');
    await dialog.getByLabel('Forhandler').selectOption({ label: DEALER });
    await dialog.getByRole('button', { name: 'Opret pakke' }).click();
    await expectToast(page, 'Pakken “Skov, januar” er oprettet', { description: `12 koder til ${DEALER}.` });
    await page.waitForURL(/\/admin\/qr-packages\/[0-9a-f-]{36}$/);
    packageId = new URL(page.url()).pathname.split('/').at(-1)!;

    await visible(page.getByRole('heading', { level: 1, name: 'Skov, januar' }));
    const facts = page.getByRole('region', { name: 'Pakken' });
    await visible(facts.getByText(DEALER, { exact: true }));
    await visible(page.getByRole('region', { name: 'Koderne' }).getByText('12', { exact: true }));
    expect(await page.getByRole('link', { name: 'Udskriv ark' }).getAttribute('href')).toBe(`/api/admin/qr-packages/${packageId}/print.pdf`);
    expect(await page.getByRole('link', { name: 'Etiket' }).getAttribute('href')).toBe(`/api/admin/qr-packages/${packageId}/label.pdf`);
    expect(await page.getByRole('link', { name: 'Eksportér' }).getAttribute('href')).toBe(`/admin/qr-export?package=${packageId}`);

    const step = page.getByRole('region', { name: 'Næste trin' });
    await step.getByRole('button', { name: 'Markér som produceret' }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Markér som produceret: “Skov, januar”?' }));
    await confirm.getByRole('button', { name: 'Markér som produceret' }).click();
    await expectToast(page, 'Pakken “Skov, januar” er flyttet', { description: '12 koder er nu Produceret.' });
    await visible(step.getByRole('button', { name: 'Markér som på lager' }));
    await visible(page.getByRole('region', { name: 'Historik' }).getByText('flyttede pakken fra Oprettet til Produceret (12 koder)', { exact: false }));
    await checkPage(page, 'qr-package');

    await page.getByRole('link', { name: 'Se koder' }).click();
    await waitForPath(page, `/admin/qr-packages/${packageId}/qr-codes`);
    await visible(page.getByRole('heading', { level: 1, name: 'Koder i Skov, januar' }));
    await visible(page.getByText('12 koder', { exact: true }));
    const rows = page.getByRole('list', { name: 'Koder' }).getByRole('listitem');
    expect(await rows.count()).toBe(12);
    packageCodes = await rows.getByRole('link').evaluateAll((links) => links.map((link) => (link.textContent ?? '').replace('-', '')));
    expect(packageCodes).toEqual([...packageCodes].sort());
    // Every picture loaded (drawn by the server for staff), at the print level Q.
    await page.waitForFunction(() => [...document.querySelectorAll('main li img')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), null, { timeout: 10_000 });
    expect(await rows.first().locator('img').getAttribute('src')).toBe(`/api/qr-codes/${packageCodes[0]}/qr.svg?ecc=Q`);
    await checkPage(page, 'qr-package-codes');

    await page.getByLabel('Tilstand').selectOption({ label: 'Oprettet' });
    await visible(page.getByText('Ingen koder i pakken står som Oprettet.'));
  }, 240_000); // the longest journey here (a package's page, its codes' 50 pictures, axe at two widths): twice the default on a loaded CI machine

  test('/admin/qr finds a code typed with hyphens, refuses a mistyped one by name, and voids a code with a reason', async () => {
    const page = await staffPage();
    await page.goto('/admin/qr');
    await visible(page.getByRole('heading', { level: 1, name: 'QR-koder' }));
    await checkPage(page, 'qr-empty');
    const field = page.getByLabel('Find en QR-kode');

    const wrong = formatCode(mistyped(packageCodes[0]!)).toLowerCase();
    await field.fill(wrong);
    await field.press('Enter');
    await visible(page.getByText(`Vi kender ingen QR-kode „${wrong}“. Tjek at den er skrevet rigtigt.`));
    expect(await field.inputValue()).toBe('');

    const code = packageCodes[1]!;
    const typed = formatCode(code).toLowerCase();
    await field.fill(typed);
    await field.press('Enter');
    await waitForPath(page, '/admin/qr', `?code=${typed}`);
    await visible(page.getByRole('heading', { level: 2, name: `QR-kode ${formatCode(code)}` }));
    await visible(page.getByRole('link', { name: 'Skov, januar' }));
    await visible(page.getByText(DEALER, { exact: true }));
    const timeline = page.getByRole('region', { name: 'Forløb' });
    expect(await timeline.getByRole('listitem').count()).toBe(2);
    await checkPage(page, 'qr-code');

    await page.getByRole('button', { name: 'Kassér kode' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: `Kassér ${formatCode(code)}?` }));
    await dialog.getByRole('button', { name: 'Kassér kode' }).click();
    await expectFieldError(dialog.getByLabel('Begrundelse'), 'Skriv hvorfor koden kasseres (mindst 3 tegn).');
    await checkPage(page, 'qr-void-dialog');
    await dialog.getByLabel('Begrundelse').fill('Ridset i trykket');
    await dialog.getByRole('button', { name: 'Kassér kode' }).click();
    await expectToast(page, `${formatCode(code)} er kasseret`, { description: 'Koden kan ikke længere bruges. Begrundelsen står i kodens forløb.' });
    await dialog.waitFor({ state: 'detached' });
    await visible(timeline.getByText('Ridset i trykket', { exact: true }));
    await visible(timeline.getByText('Kasseret', { exact: false }).first());
    const voidButton = page.getByRole('button', { name: 'Kassér kode' });
    expect(await voidButton.isDisabled()).toBe(true);
    await visible(page.getByText('QR-koden er allerede kasseret.', { exact: true }));
    // The dialog gone, the field has focus again: the next scan lands in it.
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent === 'Find en QR-kode', null, { timeout: 5_000 });

    const log = await callApi<{ status: string; events: { to: string; note: string | null }[] }>(server, 'GET', `/api/admin/qr-codes/${code}`, { session });
    expect(log.body.status).toBe('void');
    expect(log.body.events.at(-1)).toMatchObject({ to: 'void', note: 'Ridset i trykket' });
  });

  test('/admin/qr-scanner looks codes up as a USB scanner types them, opens a package from its label, and reads the camera', async () => {
    const page = await staffPage();
    await page.goto('/admin/qr-scanner');
    await visible(page.getByRole('heading', { level: 1, name: 'Scanner' }));
    const field = page.getByLabel('Scan en kode');
    // The field has focus by itself: the scanner's keys land there without a click.
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT', null, { timeout: 5_000 });
    await checkPage(page, 'qr-scanner-empty');

    const code = packageCodes[2]!;
    await page.keyboard.type(`${server.baseUrl}/qr/${code}`);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 2, name: `QR-kode ${formatCode(code)}` }));
    await visible(page.getByRole('main').getByText('Produceret', { exact: true }).first());
    expect(await field.inputValue()).toBe('');

    // Focus taken elsewhere (a button): the scanner's keys still arrive whole.
    await page.getByRole('button', { name: 'Start kamera' }).focus();
    const wrong = mistyped(packageCodes[3]!);
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await visible(page.getByText(`Vi kender ingen QR-kode „${wrong}“. Tjek at den er skrevet rigtigt.`));
    await checkPage(page, 'qr-scanner-refused');

    // A package's label: the package opens.
    await page.keyboard.type(`${server.baseUrl}/admin/qr-packages/${packageId}`);
    await page.keyboard.press('Enter');
    await waitForPath(page, `/admin/qr-packages/${packageId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Skov, januar' }));

    // The camera films the other package's code.
    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'Scanner' }));
    await page.getByRole('button', { name: 'Start kamera' }).click();
    await visible(page.getByRole('heading', { level: 2, name: `QR-kode ${formatCode(filmed)}` }));
    await visible(page.getByRole('link', { name: 'Kamerapakke' }));
    await visible(page.getByRole('status').getByText('Kameraet leder efter QR-koder.'));
    await checkPage(page, 'qr-scanner-camera');
    await page.getByRole('button', { name: 'Stop kamera' }).click();
    await visible(page.getByText('Kameraet er slukket.'));
  });
});
