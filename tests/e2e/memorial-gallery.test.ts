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
import { setupE2e } from '../support/e2e-suite';
import { visible } from '../support/e2e-ui';
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
    await thumbnail.click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Billede 2 af 2: Haven i Vejle' }));
    await visible(dialog.getByRole('img', { name: 'Haven i Vejle' }));
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('dialog', { name: 'Billede 1 af 2: Poul på sin 80-års dag' }));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Vis billede 2 af 2: Haven i Vejle');
  });
});
