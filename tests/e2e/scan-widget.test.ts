/**
 * The QR scan widget (SPEC.md §2 "QR scan widget", §4 "QR scan dialog", §8;
 * docs/decisions/0016-scan-widget-navigation.md) on a phone running Mindested as an installed app,
 * with Chromium's fake camera filming a QR symbol.
 *
 * - Installed app: Chromium started with `--app={url}` shows the page in an app window, whose
 *   display mode is `standalone`, as an installed web app's is. That is the browser's own answer to
 *   `matchMedia('(display-mode: standalone)')`: DevTools' Emulation.setEmulatedMedia has no
 *   `display-mode` feature (Chromium 156 ignores it silently), and replacing `matchMedia` in the
 *   page would test the replacement. Pages opened in the same browser outside that window are
 *   ordinary tabs (`browser` mode).
 * - Phone: an Android Chrome user agent for the whole browser.
 * - Camera: `--use-fake-device-for-media-stream` with `--use-file-for-fake-video-capture`, a video
 *   written here (tests/support/fake-camera.ts). One browser per test, so each has its own video
 *   and its own storage.
 *
 * Whether the camera is released is read from the streams the page was given: getUserMedia is
 * wrapped before the app loads, and every track it handed out must have ended.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/shared/consent';
import type { Memorial } from '../../src/shared/memorials';
import { type BrowserPage, CHROMIUM, CHROMIUM_ARGS, expectNoAxeViolations, watchContext } from '../support/browser';
import { callApi, registerAccount } from '../support/e2e-api';
import { animationsSettled, expectToast, visible, waitForPath } from '../support/e2e-ui';
import { FAKE_CAMERA_ARGS, writeQrVideo } from '../support/fake-camera';
import { type E2eServer, startE2eServer } from '../support/server-process';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SCANNER_KEY = 'mindested-scanner';

let server: E2eServer;
let workDir: string;
let stone: { code: string; memorial: Memorial };
const videos = { ours: '', foreign: '' };
let opened: { browserPage: BrowserPage; profile: string }[] = [];

beforeAll(async () => {
  server = await startE2eServer({ qrCodes: 1 });
  workDir = await mkdtemp(path.join(tmpdir(), 'mindested-scan-'));
  // A family's stone: their code, linked to their memorial.
  const family = await registerAccount(server);
  const { session } = await callApi(server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
  const memorial = (await callApi<Memorial>(server, 'POST', '/api/memorials', { session, body: { name: 'Ingrid Skov', birthDate: '1938-04-02', deathDate: '2022-11-17' } })).body;
  expect((await callApi(server, 'POST', `/api/qr-codes/${family.qrCode}/link`, { session, body: { memorial: memorial.id } })).status).toBe(200);
  stone = { code: family.qrCode, memorial };

  videos.ours = path.join(workDir, 'ours.y4m');
  videos.foreign = path.join(workDir, 'foreign.y4m');
  // What the stone's symbol says: our printed address (`{BASE_URL}/qr/{code}`, src/server/qr/images.ts).
  await writeQrVideo(videos.ours, `${server.baseUrl}/qr/${stone.code}`);
  // Someone else's symbol: only its text is read, nothing is fetched from it.
  await writeQrVideo(videos.foreign, 'https://example.com/not-ours');
});

afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

// As setupE2e does: any unexpected error in a browser or in the server's log fails the test.
afterEach(async () => {
  const apps = opened;
  opened = [];
  const problems = apps.flatMap(({ browserPage }) => browserPage.takeUnexpectedProblems());
  await Promise.all(apps.map(({ browserPage }) => browserPage.close()));
  await Promise.all(apps.map(({ profile }) => rm(profile, { recursive: true, force: true })));
  const serverErrors = server.takeServerErrors();
  const lines = [
    ...(problems.length ? ['Unexpected errors in the browser:', ...problems] : []),
    ...(serverErrors.length ? ['Errors logged by the server:', ...serverErrors] : []),
  ];
  if (lines.length) throw new Error(lines.join('\n'));
});

interface AppOptions {
  userAgent: string;
  /** In the app window (display mode standalone), or in an ordinary tab. */
  standalone: boolean;
  /** Started with the fake camera: filming this video, or Chromium's own test pattern; allowed unless refused. */
  camera?: { video?: string; refused?: boolean };
}

const LAUNCH_TIMEOUT_MS = 30_000;

/**
 * Starts a browser with its own new profile. Under a loaded CI machine a Chromium started with
 * `--app=` once never answered Playwright (seen once in many runs, never alone); the launch then
 * held the test until its 120 s timeout said nothing of why. A launch gets 30 s (one takes about
 * one here) and a second, fresh try, and a second failure fails the test with both reasons.
 */
async function launchApp(options: NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>): Promise<{ context: BrowserContext; profile: string }> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const profile = await mkdtemp(path.join(tmpdir(), 'mindested-scan-profile-'));
    try {
      return { context: await chromium.launchPersistentContext(profile, { ...options, timeout: LAUNCH_TIMEOUT_MS }), profile };
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0];
      failures.push(`try ${attempt}: ${reason}`);
      console.warn(`Chromium did not start (try ${attempt} of 2): ${reason}`);
      await rm(profile, { recursive: true, force: true });
    }
  }
  throw new Error(`Chromium did not start twice:\n${failures.join('\n')}`);
}

/**
 * A fresh Chromium (own profile) on `pathname`, with the cookie choice already made (so the banner
 * stays out of the way) and the camera streams recorded.
 */
async function openApp(pathname: string, { userAgent, standalone, camera }: AppOptions): Promise<Page> {
  const { context, profile } = await launchApp({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...(camera ? FAKE_CAMERA_ARGS(camera.video, !camera.refused) : []), ...(standalone ? [`--app=${server.baseUrl}/`] : [])],
    baseURL: server.baseUrl,
    locale: 'da-DK',
    userAgent,
    viewport: { width: 412, height: 860 },
  });
  const browserPage = await watchContext(context, context.pages()[0]);
  opened.push({ browserPage, profile });
  const { page } = browserPage;
  const choices = { necessary: true, analytics: false, marketing: false, performance: false, social_media: false };
  await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify({ timestamp: Date.now(), choices })]);
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      streams.push(stream);
      return stream;
    };
  });
  await page.goto(pathname);
  // The premise of every test here: the browser, not the app, says which display mode this is.
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches), 'display mode standalone').toBe(standalone);
  return page;
}

/** The camera streams the page was given: how many, and how many tracks still run. */
function cameraUse(page: Page) {
  return page.evaluate(() => {
    const streams = (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams;
    return { streams: streams.length, live: streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length };
  });
}

/** Resolves once every animation on the page has finished (axe judges the colours a dialog settles on). */

const scanButton = (page: Page) => page.getByRole('button', { name: 'Scan QR-kode' });
const scanDialog = (page: Page) => page.getByRole('dialog', { name: 'Scan QR-kode' });

/** Records the body of every POST /api/qr-codes/validate. */
function validations(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/qr-codes/validate') bodies.push(request.postDataJSON());
  });
  return bodies;
}

describe('the QR scan widget in the installed app on a phone', () => {
  test('a stone’s code: the server says it is ours, "QR-kode scannet!", and the app opens the memorial', async () => {
    const page = await openApp('/', { userAgent: ANDROID, standalone: true, camera: { video: videos.ours } });
    const asked = validations(page);
    // The page weight: the dialog, the camera code and the decoder load when the button is pressed.
    const dialogCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ScanDialog-[\w-]+\.js$/.test(request.url())) dialogCode.push(request.url());
    });
    const button = await visible(scanButton(page));
    expect(dialogCode).toEqual([]);
    await button.click();
    const dialog = await visible(scanDialog(page));
    expect(dialogCode).toHaveLength(1);
    await visible(dialog.getByText('Kun Mindesteds egne QR-koder kan scannes.'));
    await dialog.getByRole('button', { name: 'Start scanning' }).click();

    await expectToast(page, 'QR-kode scannet!', { description: 'Åbner mindeside...' });
    // /qr-scan/{code} decides, and a linked code ends at its memorial.
    await waitForPath(page, `/memorial/qr/${stone.code}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Ingrid Skov' }));
    expect(await scanDialog(page).count()).toBe(0);
    expect(asked).toEqual([{ code: `${server.baseUrl}/qr/${stone.code}` }]);
    expect(await cameraUse(page)).toEqual({ streams: 1, live: 0 });

    const preference = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SCANNER_KEY)) ?? 'null') as Record<string, unknown>;
    expect(preference).toEqual({ hasPermission: true, lastUsedCameraId: expect.stringMatching(/\S/) });
  });

  test('someone else’s QR code: "Ugyldig QR-kode", the app stays where it is, and the camera is released', async () => {
    const page = await openApp('/pricing', { userAgent: ANDROID, standalone: true, camera: { video: videos.foreign } });
    const asked = validations(page);
    await (await visible(scanButton(page))).click();
    const dialog = await visible(scanDialog(page));
    await dialog.getByRole('button', { name: 'Start scanning' }).click();

    await visible(dialog.getByRole('status').filter({ hasText: 'Denne QR-kode tilhører ikke vores system.' }));
    expect(asked).toEqual([{ code: 'https://example.com/not-ours' }]);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(await cameraUse(page)).toEqual({ streams: 1, live: 0 });
    expect(await dialog.locator('video').evaluate((video: HTMLVideoElement) => video.srcObject)).toBeNull();
    // The scan was aborted, not the dialog: it can start again.
    await visible(dialog.getByRole('button', { name: 'Start scanning' }));

    // The toast: while the (modal) dialog is open, Radix hides the rest of the page from the
    // accessibility tree, the toast too (a screen reader hears it through Radix Toast's own
    // announcement, and reads the dialog's status line above).
    const toast = page.getByRole('listitem', { includeHidden: true }).filter({ hasText: 'Ugyldig QR-kode' });
    await toast.waitFor({ state: 'visible' });
    expect((await toast.innerText()).replace(/\s+/g, ' ').trim()).toBe('Ugyldig QR-kode Denne QR-kode tilhører ikke vores system.');
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    // (Escape would close the toast first, the newest layer: closed by its button instead.)
    await dialog.getByRole('button', { name: 'Luk', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Scan QR-kode');
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });

  test('"Stop scanning" and closing the dialog turn the camera off; focus returns to the button', async () => {
    // Chromium's own test pattern: a camera that never shows a QR code.
    const page = await openApp('/', { userAgent: ANDROID, standalone: true, camera: {} });
    const button = await visible(scanButton(page));
    await button.click();
    let dialog = await visible(scanDialog(page));
    await dialog.getByRole('button', { name: 'Start scanning' }).click();
    await visible(dialog.getByRole('status').filter({ hasText: 'Leder efter en QR-kode...' }));
    expect(await cameraUse(page)).toEqual({ streams: 1, live: 1 });

    await dialog.getByRole('button', { name: 'Stop scanning' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cameraUse(page)).toEqual({ streams: 1, live: 0 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Scan QR-kode');

    // Escape while the camera runs: the dialog closes and the camera is released with it.
    await button.click();
    dialog = await visible(scanDialog(page));
    await dialog.getByRole('button', { name: 'Start scanning' }).click();
    await visible(dialog.getByRole('button', { name: 'Stop scanning' }));
    await expect.poll(() => cameraUse(page)).toEqual({ streams: 2, live: 1 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cameraUse(page)).toEqual({ streams: 2, live: 0 });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('a refused camera: "Fejl ved scanning", what to do about it, and the refusal remembered', async () => {
    const page = await openApp('/', { userAgent: ANDROID, standalone: true, camera: { video: videos.ours, refused: true } });
    await (await visible(scanButton(page))).click();
    const dialog = await visible(scanDialog(page));
    await visible(dialog.getByText('Første gang spørger telefonen, om Mindested må bruge kameraet.'));
    await dialog.getByRole('button', { name: 'Start scanning' }).click();

    await visible(dialog.getByText('Mindested fik ikke lov til at bruge kameraet. Giv adgang til kameraet i telefonens indstillinger, og prøv igen.'));
    const toast = page.getByRole('listitem', { includeHidden: true }).filter({ hasText: 'Fejl ved scanning' });
    expect((await (await visible(toast)).innerText()).replace(/\s+/g, ' ').trim()).toBe('Fejl ved scanning Kunne ikke behandle QR-koden. Prøv igen.');
    await visible(dialog.getByRole('button', { name: 'Start scanning' }));
    expect(await cameraUse(page)).toEqual({ streams: 0, live: 0 });
    const preference = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SCANNER_KEY)) ?? 'null') as unknown;
    expect(preference).toEqual({ hasPermission: false, lastUsedCameraId: null });
  });

  test('the open dialog passes axe in both themes, works by keyboard, and has large tap targets', async () => {
    const page = await openApp('/', { userAgent: ANDROID, standalone: true });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      const button = await visible(scanButton(page));
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = await visible(scanDialog(page));
      const start = await visible(dialog.getByRole('button', { name: 'Start scanning' }));
      expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(48);
      // Focus moves into the dialog, onto its first button.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Start scanning');
      await animationsSettled(page);
      await expectNoAxeViolations(page);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Scan QR-kode');
    }
  });

  test('is not there on a desktop in an app window, nor on a phone in an ordinary browser tab', async () => {
    for (const [userAgent, standalone] of [
      [DESKTOP, true],
      [ANDROID, false],
    ] as const) {
      const page = await openApp('/', { userAgent, standalone });
      // The overlays (where the button lives) have been drawn once their host is there: one render, in one task.
      await page.locator('#overlays').waitFor({ state: 'attached' });
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await scanButton(page).count(), `${userAgent}, standalone ${standalone}`).toBe(0);
    }
  });
});
