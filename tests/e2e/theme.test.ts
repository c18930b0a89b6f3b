/**
 * The colour theme (SPEC.md §3, §9): light by default, dark and "system" (shown light) chosen with
 * the header's button and kept across a reload in localStorage under `theme`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 0 });

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Tema: / });

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
    await page.context().addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await isDark(page)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoAxeViolations(page);
  });
});
