/**
 * The two layouts of a memorial (issue 4 "Showing") and the demo pages: the same memorial as a
 * classic card and as the enhanced page with its cover, /memorial/{slug} choosing the family's own
 * layout, the seeded demo memorials on /test-memorial, /gallery-demo and /theme-test, and a calm
 * explanation when the demo is not there. Every page passes axe and fits a 360 px phone.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_MEMORIAL_SLUGS } from '../../src/shared/demo-memorials';
import { DEMO_LOGIN } from '../../src/server/seed';
import { expectNoAxeViolations } from '../support/browser';
import { callApi } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { visible } from '../support/e2e-ui';

// The demo is seeded on PostgreSQL too (always on the embedded database).
const e2e = setupE2e({ qrCodes: 1, env: { SEED_DEMO: '1' } });

const POUL = DEMO_MEMORIAL_SLUGS.enhanced;
const KAREN = DEMO_MEMORIAL_SLUGS.classic;

/** Axe in both site themes and no sideways scrolling on a 360 px phone. */
async function checkPage(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at 360 px, ${theme}`).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  }
}

const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));

describe('the two layouts', () => {
  test('show the same memorial as a classic card and as the enhanced page with its cover', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/enhanced-memorial/${KAREN}`);
    await heading(page, 'Karen Margrethe Lund');
    const article = page.locator('article[data-memorial-theme="rosa"]');
    await expect.poll(() => article.getAttribute('class')).toContain('memorial-enhanced');
    // Karen has no cover photo: a backdrop in her theme's colours takes its place.
    await visible(page.locator('.memorial-cover .memorial-backdrop'));
    const facts = page.getByRole('complementary', { name: 'Livet i korte træk' });
    await visible(facts.getByText('17. april 1939 i Skive'));
    await visible(facts.getByText('84 år'));
    await visible(facts.getByText('Afdeling C, gravsted 112'));
    expect(await facts.getByRole('link', { name: /Find graven/ }).getAttribute('href')).toContain('mlat=56.15552');
    // The life line sets each year in its own column, read out as the full date.
    await visible(page.getByRole('heading', { level: 3, name: 'Gift med Jens' }));
    // On a wide screen the facts stand beside the story, not under it.
    const story = await page.getByRole('heading', { name: 'Livshistorie' }).boundingBox();
    const aside = await facts.boundingBox();
    expect(aside!.x).toBeGreaterThan(story!.x + story!.width);

    await page.goto(`/classic-memorial/${POUL}`);
    await heading(page, 'Poul Erik Mikkelsen');
    await visible(page.getByText('Født i Esbjerg, død i Nordby, Fanø · 79 år'));
    expect(await page.locator('.memorial-cover').count()).toBe(0);
    expect(await page.getByRole('complementary').count()).toBe(0);
    await visible(page.getByRole('heading', { name: 'Gravsted' }));
  });

  test('the enhanced page asks for its cover in the full width and leads the gallery with the first photo', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/enhanced-memorial/${POUL}`);
    await heading(page, 'Poul Erik Mikkelsen');
    const cover = page.locator('.memorial-cover img');
    expect(await cover.getAttribute('sizes')).toBe('100vw');
    // The browser picked a variant at least as wide as the screen (the painted cover is 1920 px).
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThanOrEqual(1280);
    const gallery = page.getByRole('region', { name: 'Billeder og film' });
    const tiles = gallery.getByRole('listitem');
    expect(await tiles.count()).toBe(5);
    const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
    expect(first!.width).toBeGreaterThan(second!.width * 1.8);
    await gallery.getByRole('button', { name: /Aftenlys over Vesterhavet/ }).click();
    await visible(page.getByRole('dialog', { name: 'Billede 1 af 5: Aftenlys over Vesterhavet ved Fanø' }));
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('dialog', { name: 'Billede 2 af 5: Poul Erik på molen i Nordby' }));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  test('/memorial/{slug} shows the layout the family chose', async () => {
    const { page } = e2e;
    await page.goto(`/memorial/${POUL}`);
    await heading(page, 'Poul Erik Mikkelsen');
    await visible(page.locator('article.memorial-enhanced'));
    await page.goto(`/memorial/${KAREN}`);
    await heading(page, 'Karen Margrethe Lund');
    await visible(page.locator('article.memorial-paper'));
    expect(await page.locator('article.memorial-enhanced').count()).toBe(0);
  });

  test('both layouts pass axe and fit a 360 px phone, in the light and the dark theme', async () => {
    await checkPage(e2e.page, `/enhanced-memorial/${POUL}`, (page) => heading(page, 'Poul Erik Mikkelsen'));
    await checkPage(e2e.page, `/enhanced-memorial/${KAREN}`, (page) => heading(page, 'Karen Margrethe Lund'));
    await checkPage(e2e.page, `/classic-memorial/${POUL}`, (page) => heading(page, 'Poul Erik Mikkelsen'));
  });
});

describe('the demo pages', () => {
  test('/test-memorial shows the complete example memorial, marked as an example', async () => {
    const { page } = e2e;
    await page.goto('/test-memorial');
    await heading(page, 'Karen Margrethe Lund');
    await visible(page.getByText(/Et eksempel med opdigtede personer/));
    await visible(page.getByRole('heading', { name: 'Livshistorie' }));
    await visible(page.getByRole('img', { name: 'Portræt af Karen Margrethe Lund' }));
    await page.getByRole('link', { name: 'Se også det udvidede layout' }).click();
    await heading(page, 'Poul Erik Mikkelsen');
    expect(new URL(page.url()).pathname).toBe(`/memorial/${POUL}`);
    await checkPage(page, '/test-memorial', (p) => heading(p, 'Karen Margrethe Lund'));
  });

  test('/gallery-demo shows the example gallery and opens the lightbox', async () => {
    const { page } = e2e;
    await page.goto('/gallery-demo');
    await heading(page, 'Galleri');
    const buttons = page.getByRole('region', { name: 'Billeder og film' }).getByRole('button');
    expect(await buttons.count()).toBe(5);
    await buttons.nth(2).click();
    const lightbox = page.getByRole('dialog');
    await visible(page.getByRole('dialog', { name: 'Billede 3 af 5: E 417 Marie på vej ud en stille morgen' }));
    await lightbox.getByRole('button', { name: 'Næste' }).click();
    await visible(page.getByRole('dialog', { name: 'Billede 4 af 5: Fyret, hvor han fortalte sine historier' }));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Vis billede 3 af 5/);
    await checkPage(page, '/gallery-demo', (p) => heading(p, 'Galleri'));
  });

  test('/theme-test shows all five themes, light and dark, as previews of the same memorial', async () => {
    const { page } = e2e;
    await page.goto('/theme-test');
    await heading(page, 'Farvetemaer');
    for (const section of ['Lyst udseende', 'Mørkt udseende']) {
      const region = page.getByRole('region', { name: section });
      for (const name of ['Lys', 'Skumring', 'Skov', 'Hav', 'Rosa']) await visible(region.getByText(name, { exact: true }));
      expect(await region.getByText('Karen Margrethe Lund').count()).toBe(5);
    }
    // Each preview wears its theme: five different accents, and the dark ones on a dark ground.
    const accents = await page.locator('[data-memorial-theme]').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).getPropertyValue('--memorial-accent').trim()));
    expect(accents).toHaveLength(10);
    expect(new Set(accents.slice(0, 5)).size).toBe(5);
    expect(new Set(accents.slice(5)).size).toBe(5);
    expect(accents.slice(0, 5)).not.toEqual(accents.slice(5));
    await checkPage(page, '/theme-test', (p) => heading(p, 'Farvetemaer'));
  });

  test('explain calmly when the example memorial is not there', async () => {
    // The demo account deletes its example: to a visitor it is gone (410).
    const login = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: DEMO_LOGIN });
    expect(login.status).toBe(200);
    const removed = await callApi(e2e.server, 'DELETE', `/api/memorials/${KAREN}`, { session: login.session });
    expect(removed.status).toBe(204);
    e2e.expectBrowserError(/status of 410 .*\/api\/memorials\//);
    const { page } = e2e;
    for (const path of ['/test-memorial', '/theme-test']) {
      await page.goto(path);
      await heading(page, 'Eksemplet er ikke lagt ind her');
      await visible(page.getByRole('link', { name: 'Gå til forside' }));
    }
    await checkPage(page, '/test-memorial', (p) => heading(p, 'Eksemplet er ikke lagt ind her'));
  });
});
