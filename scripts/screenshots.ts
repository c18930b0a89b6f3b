/**
 * Screenshots of the client's pages at phone and desktop width, light and dark, for looking at the
 * design (not a test). Run against a running server:
 *
 *   npx vite build && PORT=5077 DATA_DIR=/tmp/client-dev-data npx tsx src/server/main.ts
 *   DATA_DIR=/tmp/client-dev-data npx tsx scripts/screenshots.ts http://localhost:5077
 *
 * Writes /tmp/screens/{page}-{width}-{theme}.png. With DATA_DIR set it also reads the reset e-mail
 * the server writes there, to show the "new password" form. Uses the demo account (demo/mindested).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { CONSENT_STORAGE_KEY } from '../src/shared/consent';
import { generateCode } from '../src/shared/qr-code';
import { DEMO_MEMORIAL_SLUGS } from '../src/shared/demo-memorials';

const base = (process.argv[2] ?? 'http://localhost:5077').replace(/\/$/, '');
if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(base)) throw new Error('Only a local server, please.');
const outDir = '/tmp/screens';
const widths = [360, 1280];
const themes = ['light', 'dark'] as const;
const only = process.env.ONLY?.split(',');

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  /** Show the cookie banner of a first visit (otherwise consent is stored, so it stays out of the way). */
  firstVisit?: boolean;
  /** Something to do on the page before the picture. */
  act?: (page: Page) => Promise<void>;
  fullPage?: boolean;
}

const wellFormedCode = generateCode(randomBytes);

async function resetLink(): Promise<string | null> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) return null;
  const mailDir = path.join(dataDir, 'mail');
  const before = new Set(await readdir(mailDir).catch(() => []));
  await fetch(`${base}/api/password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'demo@mindested.dk' }),
  });
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const files = (await readdir(mailDir).catch(() => [])).filter((f) => !before.has(f));
    for (const file of files) {
      const text = (await readFile(path.join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '');
      const match = /\/reset-password\/([A-Za-z0-9_-]{20,})/.exec(text);
      if (match) return `/reset-password/${match[1]}`;
    }
  }
  return null;
}

async function shots(): Promise<Shot[]> {
  const reset = await resetLink();
  const list: Shot[] = [
    { name: 'home', path: '/' },
    { name: 'home-first-visit', path: '/', firstVisit: true, fullPage: false },
    {
      name: 'consent-settings',
      path: '/',
      firstVisit: true,
      fullPage: false,
      act: async (page) => {
        await page.getByRole('button', { name: 'Indstillinger' }).click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
      },
    },
    { name: 'home-signed-in', path: '/', signedIn: true },
    { name: 'login', path: '/login' },
    {
      name: 'login-errors',
      path: '/login',
      act: async (page) => {
        await page.getByRole('button', { name: 'Log ind', exact: true }).click();
        await page.getByText('Adgangskode skal være mindst 6 tegn.').waitFor();
      },
    },
    {
      name: 'login-failed',
      path: '/login',
      fullPage: false,
      act: async (page) => {
        await page.getByLabel('Brugernavn eller email').fill('karen.jensen');
        await page.getByLabel('Adgangskode', { exact: true }).fill('forkert-kode');
        await page.getByRole('button', { name: 'Log ind', exact: true }).click();
        await page.getByText('Login fejlede').first().waitFor();
      },
    },
    {
      name: 'login-forgot',
      path: '/login',
      fullPage: false,
      act: async (page) => {
        await page.getByRole('button', { name: 'Glemt adgangskode?' }).click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(300);
      },
    },
    { name: 'login-qr', path: `/qr-scan/${wellFormedCode}/login` },
    { name: 'register', path: `/register?qrCode=${wellFormedCode}` },
    {
      name: 'register-errors',
      path: `/register?qrCode=${wellFormedCode}`,
      act: async (page) => {
        await page.getByLabel('Adgangskode', { exact: true }).fill('hemmelig1');
        await page.getByLabel('Gentag adgangskode').fill('hemmelig2');
        await page.getByRole('button', { name: 'Opret konto', exact: true }).last().click();
        await page.getByText('De to adgangskoder er ikke ens.').waitFor();
      },
    },
    { name: 'register-malformed', path: '/register?qrCode=ABC123' },
    {
      name: 'register-without-code',
      path: '/register',
      fullPage: false,
      act: async (page) => {
        await page.waitForURL('**/qr-info');
        await page.getByText('Registrering kun med QR-kode').first().waitFor();
      },
    },
    { name: 'hidden-register', path: '/hidden-register-72391' },
    { name: 'qr-info', path: '/qr-info' },
    {
      name: 'qr-info-error',
      path: '/qr-info',
      act: async (page) => {
        await page.getByLabel('QR-kode').fill('7K3QM-XR8D3');
        await page.getByRole('button', { name: 'Fortsæt' }).click();
        await page.getByText('QR-koden er ikke gyldig').waitFor();
      },
    },
    { name: 'reset-invalid', path: '/reset-password/dette-link-findes-ikke-1234567890' },
    { name: 'profile', path: '/profile', signedIn: true },
    { name: 'not-found', path: '/findes-ikke/her' },
    { name: 'pricing', path: '/pricing' },
    { name: 'contact', path: '/contact' },
    { name: 'privacy', path: '/privacy' },
    { name: 'terms', path: '/terms' },
    { name: 'cookies', path: '/cookies' },
    { name: 'reseller-terms', path: '/reseller-terms' },
    { name: 'slug-redirect', path: '/karen-jensen-1941-2023', fullPage: false },
    { name: 'qr-redirect', path: `/qr/${wellFormedCode}`, fullPage: false },
    {
      name: 'video',
      path: '/',
      fullPage: false,
      act: async (page) => {
        // Never reach YouTube from here: the frame gets an empty page.
        await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<html></html>', contentType: 'text/html' }));
        await page.getByRole('button', { name: 'Se video' }).first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'menu',
      path: '/',
      signedIn: true,
      fullPage: false,
      act: async (page) => {
        const menu = page.getByRole('button', { name: 'Menu' });
        if (!(await menu.isVisible())) return;
        await menu.click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'menu-visitor',
      path: '/',
      fullPage: false,
      act: async (page) => {
        const menu = page.getByRole('button', { name: 'Menu' });
        if (!(await menu.isVisible())) return;
        await menu.click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
      },
    },
    { name: 'create-memorial', path: '/create-memorial', signedIn: true },
    { name: 'create-memorial-visitor', path: '/create-memorial' },
    { name: 'create-blank', path: '/create-memorial/blank', signedIn: true },
    { name: 'create-template', path: '/create-memorial/template', signedIn: true },
    { name: 'create-guided', path: '/create-memorial/guided', signedIn: true },
    { name: 'edit-memorial', path: `/edit-memorial/${DEMO_MEMORIAL_SLUGS.classic}`, signedIn: true },
    { name: 'memorial-classic', path: `/memorial/${DEMO_MEMORIAL_SLUGS.classic}` },
    { name: 'memorial-enhanced', path: `/memorial/${DEMO_MEMORIAL_SLUGS.enhanced}` },
  ];
  if (reset) list.push({ name: 'reset-form', path: reset });
  return list.filter((shot) => !only || only.includes(shot.name));
}

async function take(browser: Browser, shot: Shot, width: number, theme: (typeof themes)[number]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, locale: 'da-DK' });
  await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
  if (!shot.firstVisit) {
    const consent = { timestamp: Date.now(), choices: { necessary: true, analytics: false, marketing: false, performance: false, social_media: false } };
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify(consent)]);
  }
  try {
    if (shot.signedIn) {
      const response = await context.request.post(`${base}/api/login?t=${Date.now()}`, {
        headers: { origin: base },
        data: { username: 'demo', password: 'mindested' },
      });
      if (!response.ok()) throw new Error(`demo login failed: ${response.status()} ${await response.text()}`);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${shot.name}: ${error.message}`));
    await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    if (shot.act) await shot.act(page);
    await page.waitForTimeout(250);
    const file = path.join(outDir, `${shot.name}-${width}-${theme}.png`);
    await page.screenshot({ path: file, fullPage: shot.fullPage ?? true });
    console.log(file);
  } catch (error) {
    console.error(`${shot.name} ${width} ${theme}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await context.close();
  }
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const shot of await shots()) {
      for (const width of widths) for (const theme of themes) await take(browser, shot, width, theme);
    }
  } finally {
    await browser.close();
  }
}

await main();
