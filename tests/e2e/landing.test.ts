/**
 * The landing page / (SPEC.md §2 "Landing page"): every section in the specification's order,
 * the hidden advanced-features section, the buttons for a visitor and for a signed-in person,
 * and that it is readable for everyone (axe, light and dark, a 360 px phone).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 2 });

/** The visible h2s of the page, in order: one per section of SPEC.md's list after the hero. */
const SECTION_HEADINGS = [
  'En mindesten, der kan fortælle mere', // what the memorial stone is
  'Alt det, I vil huske, samlet ét sted', // feature cards
  'Et lys, hvor I end er', // light a candle
  'En gæstebog, der aldrig bliver fyldt', // guestbook
  'Musikken, der hørte til', // music
  'I bestemmer, hvad der vises', // administrator overview
  'Når I vil give mindesiden lidt mere', // extras
  'Mere plads til minderne', // premium
  'Giv minderne et sted at være', // closing call to action
  'Tilbyd jeres kunder en mindesten, der kan mere', // reseller call to action
];

const EXTRAS = ['Temaer', 'Minder fra andre', 'Påmindelse på mærkedage', 'Altid tilgængelig', 'Adgang med QR-kode'];

async function openLanding(page: Page) {
  await page.goto('/');
  // The hero's button appears once the page knows who is here.
  await visible(page.getByRole('main').getByRole('link', { name: /^(Kom i gang nu|Opret mindeside)$/ }));
}

async function hrefOf(page: Page, name: string) {
  return page.getByRole('main').getByRole('link', { name, exact: true }).getAttribute('href');
}

describe('the landing page', () => {
  test('has one h1 and every section in order; the advanced features are in the markup but hidden', async () => {
    const { page } = e2e;
    await openLanding(page);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await visible(page.getByRole('heading', { level: 1, name: 'Et mindested for dem, vi savner' }));

    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.map((h) => h.trim())).toEqual(SECTION_HEADINGS);

    const extras = page.locator('section#muligheder');
    for (const name of EXTRAS) await visible(extras.getByRole('heading', { level: 3, name, exact: true }));

    // It sells only what exists: no music player, family tree, AI, downloadable copy or Premium
    // layouts (both are free), hidden sections included, and never "kommer snart".
    const html = await page.locator('main').innerHTML();
    for (const claim of [/Musik på mindesiden/i, /Musik og stamtræ/i, /stamtræ/i, /\bAI\b/, /hente hele siden ned/i, /som en selvstændig hjemmeside/i, /Alle temaer og begge layouts/, /kommer snart/i]) {
      expect(html).not.toMatch(claim);
    }
    await visible(page.locator('section#premium').getByText('Ubegrænset plads til billeder og film'));

    // Hidden: present between the extras and premium, but neither seen nor read out.
    const advanced = page.locator('section#avanceret');
    expect(await advanced.count()).toBe(1);
    expect(await advanced.getAttribute('hidden')).not.toBeNull();
    expect(await advanced.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Avancerede funktioner' }).count()).toBe(0);
    const order = await page.evaluate(() =>
      ['muligheder', 'avanceret', 'premium'].map((id) => Array.from(document.querySelectorAll('section[id]')).findIndex((s) => s.id === id)),
    );
    expect(order[0]! < order[1]! && order[1]! < order[2]!, `section order ${order.join(',')}`).toBe(true);
  });

  test('a visitor gets "Kom i gang nu" to /qr-info, and the other buttons lead to their pages', async () => {
    const { page } = e2e;
    await openLanding(page);
    expect(await hrefOf(page, 'Kom i gang nu')).toBe('/qr-info');
    expect(await page.getByRole('main').getByRole('link', { name: 'Opret mindeside', exact: true }).count()).toBe(0);
    expect(await hrefOf(page, 'Opret dit mindested')).toBe('/create-memorial');
    expect(await hrefOf(page, 'Udforsk premium muligheder')).toBe('/pricing');
    expect(await hrefOf(page, 'Bliv forhandler nu')).toBe('/reseller-register');
    await visible(page.getByRole('main').getByRole('button', { name: 'Se video' }));

    await page.getByRole('main').getByRole('link', { name: 'Kom i gang nu' }).click();
    await waitForPath(page, '/qr-info');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Udforsk premium muligheder' }).click();
    await waitForPath(page, '/pricing');
    await visible(page.getByRole('heading', { level: 1, name: 'Priser' }));
  });

  test('a signed-in person gets "Opret mindeside" to /create-memorial, never the visitor\'s button', async () => {
    const { page, server, context } = e2e;
    // The header asks whether the person is a reseller; for an ordinary family it is not (404).
    e2e.expectBrowserError(/status of 404 .*\/api\/resellers\/me\)$/);
    await signInBrowser(context, server, await registerAccount(server));
    // Records whether the visitor's link was ever in the page, from the very first paint.
    await context.addInitScript(() => {
      const w = window as unknown as { visitorButtonSeen: boolean };
      w.visitorButtonSeen = false;
      const check = () => {
        if (Array.from(document.querySelectorAll('a')).some((a) => a.textContent?.includes('Kom i gang nu'))) w.visitorButtonSeen = true;
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await openLanding(page);
    expect(await hrefOf(page, 'Opret mindeside')).toBe('/create-memorial');
    expect(await page.getByRole('main').getByRole('link', { name: 'Kom i gang nu' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { visitorButtonSeen: boolean }).visitorButtonSeen)).toBe(false);
    expect(await hrefOf(page, 'Opret dit mindested')).toBe('/create-memorial');
    expect(await hrefOf(page, 'Udforsk premium muligheder')).toBe('/pricing');
    expect(await hrefOf(page, 'Bliv forhandler nu')).toBe('/reseller-register');
  });

  test('passes axe in the light and the dark theme', async () => {
    const { page, context } = e2e;
    await openLanding(page);
    await expectNoAxeViolations(page);

    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openLanding(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('fits a 360 px phone without sideways scrolling, with large tap targets', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await openLanding(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const name of ['Kom i gang nu', 'Opret dit mindested', 'Udforsk premium muligheder', 'Bliv forhandler nu']) {
      const box = await page.getByRole('main').getByRole('link', { name, exact: true }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
    const video = await page.getByRole('main').getByRole('button', { name: 'Se video' }).boundingBox();
    expect(video!.height).toBeGreaterThanOrEqual(44);
  });
});
