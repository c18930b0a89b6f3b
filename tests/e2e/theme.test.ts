/**
 * The colour theme (SPEC.md §3, §9): light by default, dark and "system" (shown light) chosen with
 * the header's button and kept across a reload in localStorage under `theme`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/shared/consent';
import { expectNoAxeViolations } from '../support/browser';
import { setupE2e } from '../support/e2e-suite';
import { holdRequests, visible } from '../support/e2e-ui';
import { storeChoiceEarly } from '../support/stored-choices';

const e2e = setupE2e({ qrCodes: 0 });

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tema: / });

async function consentGiven(page: Page) {
  const value = { timestamp: Date.now(), choices: { necessary: true, analytics: false, marketing: false, performance: false, social_media: false } };
  await storeChoiceEarly(page.context(), CONSENT_STORAGE_KEY, JSON.stringify(value));
}

describe('the theme', () => {
  test('is light by default, with a radius of 0.5rem', async () => {
    const { page } = e2e;
    await consentGiven(page);
    await page.goto('/');
    await visible(toggle(page));
    expect(await isDark(page)).toBe(false);
    expect(await stored(page)).toBeNull();
    expect(await toggle(page).getAttribute('aria-label')).toBe('Tema: Lyst. Skift til mørkt tema');
    // The build writes 0.5rem as .5rem; rounded-lg is the radius itself: 8 px at the 16 px root size.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--radius').trim())).toMatch(/^0?\.5rem$/);
    expect(await toggle(page).evaluate((button) => getComputedStyle(button).borderRadius)).toBe('8px');
  });

  test('light → dark → system → light by keyboard, each surviving a reload', async () => {
    const { page } = e2e;
    await consentGiven(page);
    // A page the browser draws itself: the prerendered front page ignores a press until it has hydrated.
    await page.goto('/login');
    await visible(toggle(page));
    const box = await toggle(page).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await toggle(page).focus();
    await page.keyboard.press('Enter');
    expect(await isDark(page)).toBe(true);
    expect(await stored(page)).toBe('dark');
    await page.reload();
    await visible(toggle(page));
    expect(await isDark(page)).toBe(true);
    // The prerendered front page is drawn light and takes the stored setting once it has hydrated.
    await expect.poll(() => toggle(page).getAttribute('aria-label')).toBe('Tema: Mørkt. Skift til systemets tema');

    await toggle(page).focus();
    await page.keyboard.press('Space');
    expect(await stored(page)).toBe('system');
    // "system" is shown light (SPEC.md §3), whatever the system prefers.
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await visible(toggle(page));
    expect(await isDark(page)).toBe(false);
    await expect.poll(() => toggle(page).getAttribute('aria-label')).toBe('Tema: Følger systemet. Skift til lyst tema');

    await toggle(page).click();
    expect(await stored(page)).toBe('light');
    expect(await isDark(page)).toBe(false);
  });

  test('the front page passes axe in the dark theme, and on a phone', async () => {
    const { page } = e2e;
    await consentGiven(page);
    await storeChoiceEarly(page.context(), 'theme', 'dark');
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await isDark(page)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoAxeViolations(page);
  });
});

/**
 * Records when the page first reached for localStorage: 'loading' means while the HTML was still
 * parsed (the head scripts, before the first paint); later means the app.
 */
async function watchFirstStorageTouch(page: Page) {
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
    if (!own?.get) return;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        (window as unknown as { firstStorageTouch?: string }).firstStorageTouch ??= document.readyState;
        return own.get!.call(window);
      },
    });
  });
}
/** Reloads with the app's scripts held back and reads the page as the head scripts alone left it. */
async function headScriptsAlone<T>(page: Page, read: () => Promise<T>): Promise<T> {
  const scripts = await holdRequests(page, /\/assets\/.*\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await page.locator('#cookie-banner').waitFor({ state: 'attached' });
  await scripts.held;
  const result = await read();
  scripts.release();
  await page.waitForLoadState('load');
  await page.unroute(/\/assets\/.*\.js$/);
  return result;
}
const firstStorageTouch = (page: Page) => page.evaluate(() => (window as unknown as { firstStorageTouch?: string }).firstStorageTouch ?? null);

describe('the stored choices cookie (src/client/lib/stored-choices.ts)', () => {
  test('a first visit does not touch localStorage before the page is drawn; a saved theme sets the cookie and is read in time', async () => {
    const { page, server } = e2e;
    await watchFirstStorageTouch(page);
    await page.goto('/login');
    await visible(toggle(page));
    expect(await firstStorageTouch(page)).not.toBe('loading');
    expect((await page.context().cookies(server.baseUrl)).map((c) => c.name)).not.toContain('mindested_choices');

    await toggle(page).focus();
    await page.keyboard.press('Enter');
    expect(await stored(page)).toBe('dark');
    const cookie = (await page.context().cookies(server.baseUrl)).find((c) => c.name === 'mindested_choices');
    expect(cookie).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 60 * 60_000);

    // Without the app (its scripts held back), the head script alone draws the page dark.
    expect(await headScriptsAlone(page, () => isDark(page))).toBe(true);
    expect(await firstStorageTouch(page)).toBe('loading');
  });

  test('a theme and a cookie choice saved before the cookie existed are applied when the app starts, and in time on the next page', async () => {
    const { page, server } = e2e;
    const consent = { timestamp: Date.now(), choices: { necessary: true, analytics: false, marketing: false, performance: false, social_media: false } };
    await page.addInitScript(([key, json]) => {
      try {
        localStorage.setItem('theme', 'dark');
        localStorage.setItem(key!, json!);
      } catch {
        // about:blank
      }
    }, [CONSENT_STORAGE_KEY, JSON.stringify(consent)]);
    await page.goto('/pricing');
    // The head scripts did not look (no cookie); the app found the choices and applied them.
    await expect.poll(() => isDark(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-consent'))).toBe(false);
    expect((await page.context().cookies(server.baseUrl)).map((c) => c.name)).toContain('mindested_choices');

    const drawn = await headScriptsAlone(page, () => page.evaluate(() => ({ dark: document.documentElement.classList.contains('dark'), asking: document.documentElement.hasAttribute('data-consent') })));
    expect(drawn).toEqual({ dark: true, asking: false });
  });
});
