/**
 * A memorial's photos on its page: the portrait at the top and the gallery served in the sizes
 * the layout needs, and the lightbox that opens a photo large, moves by arrow keys and closes with
 * Escape, giving focus back to the thumbnail. The photos are real files the test makes.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { MediaItem } from '../../src/shared/media';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { setupE2e } from '../support/e2e-suite';
import { animationsSettled, visible } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage } from '../support/images';

const e2e = setupE2e({ qrCodes: 2 });
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

async function uploadPhoto(memorialId: string, session: string, file: string, caption: string): Promise<MediaItem> {
  const form = new FormData();
  form.set('caption', caption);
  form.set('file', new Blob([await readFile(file)], { type: 'image/jpeg' }), 'foto.jpg');
  const response = await fetch(`${e2e.server.baseUrl}/api/memorials/${memorialId}/media`, {
    method: 'POST',
    headers: { origin: e2e.server.baseUrl, cookie: `${SESSION_COOKIE}=${session}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as MediaItem;
}

describe('photos on the memorial page', () => {
  test('the portrait and the gallery in responsive sizes, and a lightbox that works by keyboard', async () => {
    const account = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
    const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Poul Hansen', birthDate: '1938-01-01', deathDate: '2022-05-05' } })).body;
    const portrait = await uploadPhoto(memorial.id, session!, await writeImage(images.dir, 'portraet.jpg', 'jpeg', { width: 1600, height: 2000 }), 'Poul på sin 80-års dag');
    await uploadPhoto(memorial.id, session!, await writeImage(images.dir, 'have.jpg', 'jpeg', { width: 2400, height: 1600 }), 'Haven i Vejle');
    expect((await callApi(e2e.server, 'PUT', `/api/memorials/${memorial.id}`, { session, body: { portraitId: portrait.id } })).status).toBe(200);

    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/memorial/${memorial.slug}`);
    const portraitImage = await visible(page.getByRole('img', { name: 'Portræt af Poul Hansen' }));
    // The share preview shows the portrait: a JPEG about 1000 px wide, by its full address.
    expect(await page.locator('head meta[property="og:image"]').getAttribute('content')).toMatch(new RegExp(`^${e2e.server.baseUrl}/media/.+/960\\.jpg$`));
    expect(await page.locator('head meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    // A 192 px circle asks for a small file, not the 2048 px one.
    await expect.poll(() => portraitImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/(320|640)\.(avif|webp|jpg)$/);
    expect(await portraitImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const thumbnail = await visible(page.getByRole('button', { name: 'Vis billede 2 af 2: Haven i Vejle' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The portrait, loaded at once, waits on its blurred placeholder; a thumbnail on a quiet tile.
    const background = (image: HTMLImageElement) => getComputedStyle(image).backgroundImage;
    expect(await portraitImage.evaluate(background)).toMatch(/^url\("data:image\/webp;base64,/);
    expect(await thumbnail.locator('img').evaluate(background)).toBe('none');
    await thumbnail.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Billede 2 af 2: Haven i Vejle' }));
    await visible(dialog.getByRole('img', { name: 'Haven i Vejle' }));
    await animationsSettled(page);
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('dialog', { name: 'Billede 1 af 2: Poul på sin 80-års dag' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Vis billede 2 af 2: Haven i Vejle');
  });
});

describe('a large gallery', () => {
  test('shows its first twelve items, the lightbox steps through all of them, and "Vis alle" shows the rest with focus on the first new one', async () => {
    const account = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
    const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Grethe Mortensen' } })).body;
    // Films are Premium's.
    await e2e.server.sql(premiumForGoodSql(memorial.id));
    // Films are quick to add (no photo to encode); one photo sits among the items the first view hides.
    const addFilm = async (n: number) => {
      const youtubeUrl = `https://www.youtube.com/watch?v=film${String(n).padStart(2, '0')}abcde`;
      expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/media`, { session, body: { youtubeUrl, caption: `Film ${n}` } })).status).toBe(201);
    };
    for (let n = 1; n <= 12; n++) await addFilm(n);
    await uploadPhoto(memorial.id, session!, await writeImage(images.dir, 'sommerhus.jpg', 'jpeg', { width: 1200, height: 900 }), 'Sommerhuset');
    for (let n = 14; n <= 16; n++) await addFilm(n);

    const { page } = e2e;
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<html lang="da"><title>Film</title></html>', contentType: 'text/html' }));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/memorial/${memorial.slug}`);
    const gallery = page.getByRole('region', { name: 'Billeder og film' });
    const thumbnails = gallery.getByRole('button', { name: /^Vis (film|billede) \d+ af 16/ });
    await visible(thumbnails.first());
    expect(await thumbnails.count()).toBe(12);
    await expect.poll(() => gallery.getByRole('button', { name: 'Vis billede 13 af 16: Sommerhuset' }).count()).toBe(0);

    // The lightbox goes on past the twelfth item.
    await gallery.getByRole('button', { name: 'Vis film 12 af 16: Film 12' }).click();
    // Focus is on the lightbox, not in the film's frame, whose keys would never reach the page.
    await visible(page.getByRole('dialog', { name: 'Film 12 af 16: Film 12' }));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
    await page.keyboard.press('ArrowLeft');
    await visible(page.getByRole('dialog', { name: 'Film 11 af 16: Film 11' }));
    await page.getByRole('dialog').getByRole('button', { name: 'Næste' }).click();
    const film = await visible(page.getByRole('dialog', { name: 'Film 12 af 16: Film 12' }));
    await film.getByRole('button', { name: 'Næste' }).click();
    const photo = await visible(page.getByRole('dialog', { name: 'Billede 13 af 16: Sommerhuset' }));
    await visible(photo.getByRole('img', { name: 'Sommerhuset' }));
    await page.keyboard.press('Escape');
    await photo.waitFor({ state: 'hidden' });

    const showAll = await visible(gallery.getByRole('button', { name: 'Vis alle 16 billeder og film' }));
    await expectNoAxeViolations(page);
    await showAll.click();
    await expect.poll(() => thumbnails.count()).toBe(16);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Vis billede 13 af 16: Sommerhuset');
    expect(await gallery.getByRole('button', { name: /^Vis alle/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
