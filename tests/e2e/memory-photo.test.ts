/**
 * A shared memory with a photo (issue 6 item 1): a visitor on a phone picks a photo, sees it as a
 * thumbnail, is told plainly when a file is not a photo, and shares the memory; the owner sees the
 * photo in the queue and approves it; then every visitor sees it on the page, in the server's own
 * HTML too. Axe on the form and on the page. With MINDESTED_SCREENSHOTS set, the form and the
 * memory are photographed at 360 and 1280 px, light and dark, into .scratch/.
 */
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, openAlive, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 4 });
const shots = process.env.MINDESTED_SCREENSHOTS ? '.scratch' : null;

async function createMemorial(name: string): Promise<{ memorial: Memorial; owner: Account }> {
  const owner = await registerAccount(e2e.server);
  const session = (await login(e2e.server, owner.username, owner.password)).session!;
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name, birthDate: '1941-05-02', deathDate: '2024-01-17', privacy: 'public' } });
  expect(created.status).toBe(201);
  return { memorial: created.body, owner };
}

/** A summer photo, as a phone's PNG: sky over a sea over a beach, 1200×900. */
async function summerPhoto(): Promise<Buffer> {
  const band = (height: number, colour: { r: number; g: number; b: number }) => sharp({ create: { width: 1200, height, channels: 3, background: colour } }).png().toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 135, g: 190, b: 230 } } })
    .composite([
      { input: await band(250, { r: 40, g: 110, b: 160 }), top: 420, left: 0 },
      { input: await band(230, { r: 225, g: 200, b: 150 }), top: 670, left: 0 },
    ])
    .png()
    .toBuffer();
}

const memories = (page: Page) => page.getByRole('region', { name: 'Minder' });

/** The photo has really arrived and is drawn (not a broken image, not still waiting). */
async function expectLoaded(page: Page, alt: string) {
  const image = await visible(page.getByRole('img', { name: alt }));
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  return image;
}

async function photograph(page: Page, name: string, shoot: () => Promise<void>) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await memories(page).screenshot({ path: `${shots}/memory-photo-${name}-${width}-${theme}.png`, animations: 'disabled' });
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
  }
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 360, height: 740 });
}

describe('a shared memory with a photo', () => {
  test('a visitor shares a memory with a photo, the owner approves it, and the page shows it', async () => {
    const { memorial, owner } = await createMemorial('Else Marie Lund');
    const { page } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 740 });
    const photo = { name: 'IMG_2041.png', mimeType: 'image/png', buffer: await summerPhoto() };

    const openForm = async () => {
      await openAlive(page, `/memorial/${memorial.slug}`);
      await memories(page).getByRole('button', { name: 'Del et minde' }).click();
      await visible(memories(page).getByLabel('Dit minde'));
    };
    await openForm();
    const form = memories(page);
    const picker = form.locator('input[type="file"]');
    // On a phone this opens the photo library: images only, and no `capture`, which would force the camera.
    expect(await picker.getAttribute('accept')).toMatch(/^image\//);
    expect(await picker.getAttribute('capture')).toBeNull();
    await visible(form.getByRole('button', { name: 'Tilføj et billede' }));

    // Not a photo, whatever its name: said at once, in Danish, and nothing chosen.
    await picker.setInputFiles({ name: 'ferie.jpg', mimeType: 'text/plain', buffer: Buffer.from('Dette er ikke et billede.') });
    await visible(form.getByRole('alert').getByText('Her kan du kun bruge et billede: JPEG, PNG, WebP, AVIF eller GIF.'));
    expect(await form.getByRole('button', { name: 'Fjern billedet' }).count()).toBe(0);

    await form.getByLabel('Dit navn').fill('Lise Holm');
    await form.getByLabel('Dit minde').fill('Sommeren i Skagen, hvor du lærte mig at finde rav i strandkanten.');
    await picker.setInputFiles(photo);
    await expectLoaded(page, 'Det billede, du har valgt');
    await visible(form.getByText('IMG_2041.png'));
    expect(await form.getByRole('alert').count()).toBe(0);
    // Removed and chosen again: the same file may be picked twice.
    await form.getByRole('button', { name: 'Fjern billedet' }).click();
    await visible(form.getByRole('button', { name: 'Tilføj et billede' }));
    await picker.setInputFiles(photo);
    await expectLoaded(page, 'Det billede, du har valgt');
    await expectNoAxeViolations(page);

    await photograph(page, 'form', async () => {
      await openForm();
      await memories(page).getByLabel('Dit navn').fill('Lise Holm');
      await memories(page).getByLabel('Dit minde').fill('Sommeren i Skagen, hvor du lærte mig at finde rav i strandkanten.');
      await memories(page).locator('input[type="file"]').setInputFiles(photo);
      await expectLoaded(page, 'Det billede, du har valgt');
    });
    if (shots) {
      await openForm();
      await form.getByLabel('Dit navn').fill('Lise Holm');
      await form.getByLabel('Dit minde').fill('Sommeren i Skagen, hvor du lærte mig at finde rav i strandkanten.');
      await picker.setInputFiles(photo);
    }

    const sent = page.waitForResponse((response) => response.url().endsWith('/memories') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Del mindet' }).click();
    expect((await sent).status()).toBe(201);
    await visible(form.getByRole('status').getByText('Tak for dit minde. Det vises, når familien har set det.'));
    const mine = form.getByRole('listitem').filter({ hasText: 'Lise Holm' });
    await visible(mine.getByText('Venter på godkendelse'));
    await expectLoaded(page, 'Billede delt af Lise Holm');

    // Nobody else sees it while it waits.
    const stranger = await e2e.openAnotherBrowser();
    await openAlive(stranger.page, `/memorial/${memorial.slug}`);
    await visible(memories(stranger.page).getByText('Ingen har delt et minde endnu.', { exact: false }));
    expect(await stranger.page.getByRole('img', { name: 'Billede delt af Lise Holm' }).count()).toBe(0);

    // The owner sees the photo in the queue, and approves.
    const family = await e2e.openAnotherBrowser();
    await consentGiven(family.page);
    await signInBrowser(family.context, e2e.server, owner);
    await family.page.goto(`/memorial/${memorial.slug}/admin`);
    await visible(family.page.getByRole('heading', { level: 1, name: 'Hilsner og lys' }));
    await expectLoaded(family.page, 'Billede delt af Lise Holm');
    await expectNoAxeViolations(family.page);
    await family.page.getByRole('button', { name: 'Godkend minde fra Lise Holm' }).click();
    await expectToast(family.page, 'Godkendt', { description: 'Minde fra Lise Holm vises nu på mindesiden.' });

    // Every visitor sees it now, drawn by the server in the page itself.
    const html = await (await fetch(`${e2e.server.baseUrl}/memorial/${memorial.slug}`)).text();
    expect(html).toContain('Billede delt af Lise Holm');
    expect(html).toMatch(new RegExp(`/media/memorials/${memorial.id}/posts/[0-9a-f-]{36}/\\d+\\.avif`));
    const reader = await e2e.openAnotherBrowser();
    await consentGiven(reader.page);
    await reader.page.setViewportSize({ width: 360, height: 740 });
    await reader.page.goto(`/memorial/${memorial.slug}`);
    const shown = await expectLoaded(reader.page, 'Billede delt af Lise Holm');
    expect(await shown.getAttribute('loading')).toBe('lazy');
    await visible(memories(reader.page).getByText('Sommeren i Skagen, hvor du lærte mig at finde rav i strandkanten.'));
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(reader.page);

    await photograph(reader.page, 'shown', async () => {
      await openAlive(reader.page, `/memorial/${memorial.slug}`);
      await expectLoaded(reader.page, 'Billede delt af Lise Holm');
      await reader.page.waitForLoadState('networkidle');
    });
  });
});
