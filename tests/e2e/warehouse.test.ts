/**
 * The warehouse's packing table (issue 23 item 6) in Chromium against the production server: a
 * production staff member makes a package for a stone dealer, prints its sheet (the codes are read
 * off it as a person would) and its box's label, then on /warehouse-scan takes it in to stock with a
 * simulated USB scanner (the code typed and Enter, no touch between scans): codes, the same code
 * twice, an unknown one, the package's label, and an undo; then out to the dealer, one code by the
 * fake camera (a second Chromium filming its symbol) and the rest by the label. Each answer is
 * seen (the banner's words and colour, the count) and heard (the tones the page's oscillators
 * play, recorded in the page). The dealer then finds the codes received on /reseller-dashboard.
 * Axe finds nothing on either page at a phone's and a desk's width.
 *
 * The staff member is an account whose role the operator's SQL sets (as `create-admin` does for an
 * admin), signed in over the API with the second factor passed there; the package is made and
 * moved to "produced" through the API (the package pages are another part of the issue).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page, chromium } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatCode } from '../../src/shared/qr-code';
import { CHROMIUM, CHROMIUM_ARGS, expectNoAxeViolations, watchContext } from '../support/browser';
import { type Account, callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { resellerRecordSql } from '../support/e2e-resellers';
import { useSession, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { visible } from '../support/e2e-ui';
import { FAKE_CAMERA_ARGS, writeQrVideo } from '../support/fake-camera';
import { decodePdf, pdfText } from '../support/qr-decode';

const e2e = setupE2e({ qrCodes: 3 });

const DEALER = 'Holm Stenhuggeri';
const COLOURS = { accepted: 'rgb(29, 107, 58)', already: 'rgb(245, 191, 60)', refused: 'rgb(162, 57, 46)' } as const;
/** The first tone of each outcome's sound (src/client/admin/warehouse/warehouse-sounds.ts). */
const TONES = { accepted: 1318.5, already: 784, refused: 130.8 } as const;

let staff: Account;
let dealer: Account;
let session: string;
let resellerId: string;

beforeAll(async () => {
  const { server } = e2e;
  [staff, dealer] = [await registerAccount(server, { fullName: 'Lene Lager' }), await registerAccount(server, { fullName: 'Jens Holm' })];
  // One batch of the operator's SQL (on the embedded database it restarts the server): the staff
  // member's role, and the dealer's approved record.
  await server.sql(`update users set role = 'production' where username = '${staff.username}'`, resellerRecordSql(dealer.username, { companyName: DEALER, status: 'approved', town: 'Vejle' }));
  ({ session } = await verifiedStaffSession(server, staff));
  const resellers = await callApi<{ resellers: { id: string; companyName: string }[] }>(server, 'GET', '/api/admin/warehouse/resellers', { session });
  resellerId = resellers.body.resellers.find((r) => r.companyName === DEALER)!.id;
});

/** Records the frequency of every tone the page starts, before any of its scripts run. */
async function recordTones(page: Page) {
  await page.context().addInitScript(() => {
    const tones: number[] = [];
    (window as unknown as { tones: number[] }).tones = tones;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<typeof start>) {
      tones.push(Math.round(this.frequency.value * 10) / 10);
      return start.apply(this, args);
    };
  });
}
const tonesSoFar = (page: Page) => page.evaluate(() => (window as unknown as { tones: number[] }).tones.splice(0));

const banner = (page: Page) => page.locator('[data-outcome]');

/** A USB scanner: the text typed and Enter, wherever focus is (no click first). */
async function scanByKeyboard(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** The banner once it says `message`: its outcome and colour, and the sound heard with it. */
async function expectAnswer(page: Page, outcome: keyof typeof COLOURS, message: string) {
  await visible(banner(page).getByText(message, { exact: true }));
  expect(await banner(page).getAttribute('data-outcome')).toBe(outcome);
  expect(await banner(page).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(COLOURS[outcome]);
  await expect.poll(() => tonesSoFar(page)).toContain(TONES[outcome]);
}

const countOf = (page: Page, heading: string) => page.getByRole('region', { name: heading }).locator('p').first();

describe('the packing table', () => {
  test('production staff make a package, print it, scan it in and out by USB scanner and camera, and the dealer sees the codes received', async () => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await recordTones(page);

    const made = await callApi<{ id: string }>(server, 'POST', '/api/admin/qr-packages', { session, body: { name: 'Holm uge 48', size: 6, resellerId } });
    expect(made.status).toBe(201);
    const packageId = made.body.id;

    // The print sheet, as the browser downloads it; the codes are read off the paper.
    const sheet = await page.request.get(`/api/admin/qr-packages/${packageId}/print.pdf`);
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toBe('application/pdf');
    const codes = [...new Set((await pdfText(await sheet.body())).match(/\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/g) ?? [])].map((printed) => printed.replace('-', ''));
    expect(codes).toHaveLength(6);
    // The box's label: its symbol is the package's page, which the scanner reads as the package.
    const labelPdf = await page.request.get(`/api/admin/qr-packages/${packageId}/label.pdf`);
    expect(labelPdf.headers()['content-type']).toBe('application/pdf');
    const [label] = await decodePdf(await labelPdf.body());
    expect(label).toBe(`${server.baseUrl}/admin/qr-packages/${packageId}`);
    expect((await callApi(server, 'POST', `/api/admin/qr-packages/${packageId}/status`, { session, body: { to: 'produced' } })).status).toBe(200);

    // In to stock, on the tablet's full screen.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/warehouse-scan');
    await visible(page.getByRole('heading', { level: 1, name: 'Lager' }));
    await visible(page.getByText('Klar til at scanne ind på lager.', { exact: true }));
    const field = page.getByRole('textbox', { name: 'Scan kode eller pakke-etiket' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

    await scanByKeyboard(page, formatCode(codes[0]!));
    await expectAnswer(page, 'accepted', `${formatCode(codes[0]!)} er på lager.`);
    await scanByKeyboard(page, codes[1]!.toLowerCase());
    await expectAnswer(page, 'accepted', `${formatCode(codes[1]!)} er på lager.`);
    await expect.poll(() => countOf(page, 'Taget på lager i dag').textContent()).toBe('2koder');

    await scanByKeyboard(page, codes[1]!);
    await expectAnswer(page, 'already', `${formatCode(codes[1]!)} er allerede på lager.`);
    await scanByKeyboard(page, 'ABCDE-FGHJK');
    await expectAnswer(page, 'refused', 'Ukendt kode „ABCDE-FGHJK“. Scan den igen, eller tjek at den er skrevet rigtigt.');
    await expect.poll(() => countOf(page, 'Taget på lager i dag').textContent()).toBe('2koder');

    await scanByKeyboard(page, label!);
    await expectAnswer(page, 'accepted', 'Pakken „Holm uge 48“ er på lager: 4 koder.');
    await expect.poll(() => countOf(page, 'Taget på lager i dag').textContent()).toBe('6koder');
    const list = page.getByRole('list', { name: 'Seneste scanninger' });
    expect(await list.getByRole('listitem').count()).toBe(5);

    // Undo the label's scan, then scan it again: the keys land in the field though focus was on the button.
    await page.getByRole('button', { name: 'Fortryd sidste scanning' }).click();
    await visible(banner(page).getByText('Fortrudt: Pakken „Holm uge 48“ er tilbage som produceret, ikke på lager: 4 koder.', { exact: true }));
    await expect.poll(() => countOf(page, 'Taget på lager i dag').textContent()).toBe('2koder');
    await visible(list.getByText('Fortrudt', { exact: true }));
    expect(await page.getByRole('button', { name: 'Fortryd sidste scanning' }).isDisabled()).toBe(true);
    await scanByKeyboard(page, label!);
    await expectAnswer(page, 'accepted', 'Pakken „Holm uge 48“ er på lager: 4 koder.');

    // Out to the dealer: chosen once, and still chosen after a reload.
    await page.getByText('Ud til forhandler', { exact: true }).click();
    await visible(page.getByText('Vælg forhandleren for at begynde.', { exact: true }));
    await page.getByRole('button', { name: 'Vælg forhandler' }).click();
    const picker = await visible(page.getByRole('dialog', { name: 'Hvem skal koderne sendes til?' }));
    await picker.getByRole('button', { name: new RegExp(`^${DEALER}`) }).click();
    await visible(page.getByText(`${DEALER}, Vejle`, { exact: true }));
    await page.reload();
    await visible(page.getByText(`${DEALER}, Vejle`, { exact: true }));
    await visible(page.getByText('Klar til at scanne ud til forhandleren.', { exact: true }));
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

    await scanByKeyboard(page, codes[0]!);
    await expectAnswer(page, 'accepted', `${formatCode(codes[0]!)} er sendt til ${DEALER}.`);

    // One code by the camera, on a second tablet whose camera films its symbol.
    const work = await mkdtemp(path.join(tmpdir(), 'mindested-warehouse-'));
    const video = path.join(work, 'code.y4m');
    await writeQrVideo(video, `${server.baseUrl}/qr/${codes[1]}`);
    const cameraBrowser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS(video)] });
    try {
      const context = await cameraBrowser.newContext({ baseURL: server.baseUrl, locale: 'da-DK', viewport: { width: 1024, height: 768 } });
      const tablet = await watchContext(context);
      await useSession(context, server, session);
      await context.addInitScript((id) => sessionStorage.setItem('mindested-warehouse-choice', JSON.stringify({ direction: 'out', resellerId: id })), resellerId);
      await tablet.page.goto('/warehouse-scan');
      await tablet.page.getByRole('button', { name: 'Start kamera' }).click();
      await visible(banner(tablet.page).getByText(`${formatCode(codes[1]!)} er sendt til ${DEALER}.`, { exact: true }));
      await tablet.page.getByRole('button', { name: 'Stop kamera' }).click();
      expect(tablet.takeUnexpectedProblems()).toEqual([]);
    } finally {
      await cameraBrowser.close();
      await rm(work, { recursive: true, force: true });
    }

    await scanByKeyboard(page, label!);
    await expectAnswer(page, 'accepted', `Pakken „Holm uge 48“ er sendt til ${DEALER}: 4 koder.`);
    await expect.poll(() => countOf(page, 'Sendt ud i dag').textContent()).toBe('6koder');

    // The dealer finds all six received.
    const dealerBrowser = await e2e.openAnotherBrowser();
    await signInBrowser(dealerBrowser.context, server, dealer);
    await dealerBrowser.page.goto('/reseller-dashboard');
    const received = dealerBrowser.page.locator('dl > div').filter({ has: dealerBrowser.page.locator('dt', { hasText: /^Modtaget$/ }) }).locator('dd');
    await expect.poll(() => received.textContent()).toBe('6');
    await dealerBrowser.page.getByRole('link', { name: 'Koder', exact: true }).click();
    for (const code of codes) {
      const row = dealerBrowser.page.locator('tr, li').filter({ hasText: formatCode(code), visible: true });
      await visible(row.getByText('Modtaget', { exact: true }));
    }
  });
});

describe('the warehouse pages for every eye', () => {
  test.each([360, 1280])('axe finds no violations on /admin/warehouse-scanner and /warehouse-scan at %i px, light and dark', async (width) => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await page.setViewportSize({ width, height: 900 });
    for (const [pathname, heading] of [
      ['/admin/warehouse-scanner', 'Lager'],
      ['/warehouse-scan', 'Lager'],
    ] as const) {
      await page.goto(pathname);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      // A refusal on the banner, so its colours are judged too.
      await scanByKeyboard(page, 'ikke-en-kode');
      await visible(banner(page).getByText('Ukendt kode „ikke-en-kode“. Scan den igen, eller tjek at den er skrevet rigtigt.', { exact: true }));
      await visible(page.getByRole('list', { name: 'Seneste scanninger' }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${pathname} fits ${width} px`).toBeLessThanOrEqual(width);
      for (const dark of [false, true]) {
        await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
        await expectNoAxeViolations(page);
      }
    }
  });

  test('a dealer or a family member who opens the pages lands on the front page', async () => {
    const { page, server } = e2e;
    const { session: dealerSession } = await login(server, dealer.username, dealer.password);
    await useSession(page.context(), server, dealerSession!);
    for (const pathname of ['/admin/warehouse-scanner', '/warehouse-scan']) {
      await page.goto(pathname);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    }
  });
});
