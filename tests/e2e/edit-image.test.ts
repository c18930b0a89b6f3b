/**
 * /edit-image/{id}: a memorial's administrator turns and crops a photo on a phone, by keyboard and
 * by dragging the frame's handle, and the server cuts the kept original exactly so: the stored
 * variant has the new size, and the right part of the picture (red and blue halves tell a turn
 * clockwise from one anticlockwise). A second edit still reaches the whole original. Another
 * account, and a visitor who is not logged in, see no editor.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { MediaItem } from '../../src/shared/media';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, holdRequests, visible, waitForPath } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage } from '../support/images';

const e2e = setupE2e({ qrCodes: 5 });
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

/** An account with a memorial holding one 1200 × 800 photo: its left half red, its right half blue. */
async function memorialWithPhoto() {
  const account = await registerAccount(e2e.server);
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
  const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Ellen Margrethe Holm' } })).body;
  const form = new FormData();
  form.set('caption', 'Ellen ved stranden');
  form.set('file', new Blob([await readFile(await writeImage(images.dir, 'strand.jpg', 'jpeg', { width: 1200, height: 800 }))], { type: 'image/jpeg' }), 'strand.jpg');
  const response = await fetch(`${e2e.server.baseUrl}/api/memorials/${memorial.id}/media`, {
    method: 'POST',
    headers: { origin: e2e.server.baseUrl, cookie: `${SESSION_COOKIE}=${session}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return { account, session: session!, memorial, photo: (await response.json()) as MediaItem };
}

/** The crop's size as the page states it: "Udsnit: 1.200 × 800 pixels". */
async function statedSize(page: Page): Promise<{ width: number; height: number }> {
  const text = await page.getByText(/^Udsnit: [\d.]+ × [\d.]+ pixels$/).innerText();
  const [width, height] = text.match(/[\d.]+/g)!.map((n) => Number(n.replace(/\./g, '')));
  return { width: width!, height: height! };
}

/** The photo as the memorial now serves it, and the pixels of its largest JPEG. */
async function servedPhoto(session: string, memorialId: string, photoId: string) {
  const item = (await callApi<Memorial>(e2e.server, 'GET', `/api/memorials/${memorialId}`, { session })).body.media.find((m) => m.id === photoId)!;
  const largest = item.variants.filter((v) => v.format === 'jpeg').at(-1)!;
  const file = Buffer.from(await (await fetch(`${e2e.server.baseUrl}${largest.url}`)).arrayBuffer());
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
  };
  return { item, width: info.width, height: info.height, pixel };
}

const isRed = (p: { r: number; b: number }) => p.r > 200 && p.b < 60;
const isBlue = (p: { r: number; b: number }) => p.b > 200 && p.r < 60;

describe('cropping and turning a photo', () => {
  test('on a phone, by keyboard and by dragging; the server cuts the kept original, and a second edit reaches all of it', async () => {
    const { account, session, memorial, photo } = await memorialWithPhoto();
    const { page, context } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInBrowser(context, e2e.server, account);
    await page.goto(`/edit-image/${photo.id}`);

    await visible(page.getByRole('heading', { name: 'Beskær og drej billede', level: 1 }));
    const frame = await visible(page.getByRole('group', { name: 'Udsnit' }));
    expect(await statedSize(page)).toEqual({ width: 1200, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // A quarter clockwise: the picture stands, 800 × 1200; a square frame is the full width.
    await page.getByRole('button', { name: 'Drej til højre' }).click();
    expect(await statedSize(page)).toEqual({ width: 800, height: 1200 });
    await page.getByRole('button', { name: '1:1 portræt' }).click();
    expect(await page.getByRole('button', { name: '1:1 portræt' }).getAttribute('aria-pressed')).toBe('true');
    expect(await statedSize(page)).toEqual({ width: 800, height: 800 });

    // By keyboard: Shift and left arrow shrink the square (24 pixels a step), the down arrow moves it.
    await frame.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await statedSize(page)).toEqual({ width: 680, height: 680 });

    // By pointer: a free frame, its bottom-right handle dragged up 100 screen pixels.
    await page.getByRole('button', { name: 'Fri' }).click();
    const handle = frame.locator('[data-handle="right-bottom"]');
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 50, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 100, { steps: 4 });
    await page.mouse.up();
    const cropped = await statedSize(page);
    expect(cropped.width).toBe(680);
    expect(cropped.height).toBeGreaterThan(360);
    expect(cropped.height).toBeLessThan(500);

    const save = await holdRequests(page, /\/media\/[^/]+\/edit$/);
    await page.getByRole('button', { name: 'Gem' }).click();
    await save.held;
    await visible(page.getByRole('button', { name: 'Gemmer...' }));
    save.release();
    await expectToast(page, 'Billedet er gemt', { description: 'Det nye udsnit vises nu på mindesiden.' });
    await waitForPath(page, `/edit-memorial/${memorial.slug}`);

    const first = await servedPhoto(session, memorial.id, photo.id);
    expect(first.item.edit).toEqual({ rotate: 90, crop: { x: 0, y: 248, width: 680, height: cropped.height } });
    expect([first.item.width, first.item.height]).toEqual([680, cropped.height]);
    expect([first.width, first.height]).toEqual([680, cropped.height]);
    // Turned clockwise, the red left half is on top; the crop ends below the middle, in the blue.
    expect(isRed(first.pixel(340, 10))).toBe(true);
    expect(isBlue(first.pixel(340, cropped.height - 4))).toBe(true);

    // Again: the page starts from the saved cut laid over the whole original, and can go back to all of it.
    await page.goto(`/edit-image/${photo.id}`);
    await visible(page.getByRole('group', { name: 'Udsnit' }));
    expect(await statedSize(page)).toEqual(cropped);
    await page.getByRole('button', { name: 'Nulstil til hele billedet' }).click();
    expect(await statedSize(page)).toEqual({ width: 1200, height: 800 });
    await page.getByRole('button', { name: 'Gem' }).click();
    await expectToast(page, 'Billedet er gemt', { description: 'Det nye udsnit vises nu på mindesiden.' });
    await waitForPath(page, `/edit-memorial/${memorial.slug}`);
    const second = await servedPhoto(session, memorial.id, photo.id);
    expect(second.item.edit).toEqual({ rotate: 0 });
    expect([second.width, second.height]).toEqual([1200, 800]);
    expect(isRed(second.pixel(10, 400))).toBe(true);
    expect(isBlue(second.pixel(1190, 400))).toBe(true);
  });

  test('a finger moves the frame; an error from the server is shown, and the frame stays where it was', async () => {
    const { account, photo } = await memorialWithPhoto();
    const { page, context } = e2e;
    await signInBrowser(context, e2e.server, account);
    await page.goto(`/edit-image/${photo.id}`);
    await visible(page.getByRole('group', { name: 'Udsnit' }));
    await page.getByRole('button', { name: '16:9' }).click();
    const before = await statedSize(page);

    // A finger moves the frame (the same pointer events as a mouse), and the page does not scroll under it.
    const frame = page.getByRole('group', { name: 'Udsnit' });
    await frame.scrollIntoViewIfNeeded();
    const start = (await frame.boundingBox())!;
    const scrolled = await page.evaluate(() => scrollY);
    const cdp = await context.newCDPSession(page);
    const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 5; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + step * 4 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const moved = (await frame.boundingBox())!;
    expect(moved.y - start.y).toBeCloseTo(20, 0);
    expect([moved.x, moved.width, moved.height]).toEqual([start.x, start.width, start.height]);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    expect(await statedSize(page)).toEqual(before);
    e2e.expectBrowserError(/status of 409 .*\/edit\)$/);
    await page.route(/\/media\/[^/]+\/edit$/, (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Billedet blev ændret af en anden imens. Hent siden igen og prøv på ny.' }) }),
    );
    await page.getByRole('button', { name: 'Gem' }).click();
    await expectToast(page, 'Fejl ved opdatering', { description: 'Billedet blev ændret af en anden imens. Hent siden igen og prøv på ny.', destructive: true });
    expect(new URL(page.url()).pathname).toBe(`/edit-image/${photo.id}`);
    expect(await statedSize(page)).toEqual(before);
    expect(before.width / before.height).toBeCloseTo(16 / 9, 1);
  });
});

describe('who sees the editor', () => {
  test('another account and a visitor who is not logged in see a calm refusal, never the photo', async () => {
    const { photo } = await memorialWithPhoto();
    const { page, context } = e2e;
    e2e.expectBrowserError(/status of 401 .*\/api\/media\/[^/]+\)$/);
    await page.goto(`/edit-image/${photo.id}`);
    await visible(page.getByRole('heading', { name: 'Log ind for at redigere billedet' }));
    expect(await page.getByRole('link', { name: 'Log ind', exact: true }).last().getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/edit-image/${photo.id}`)}`);

    const other = await registerAccount(e2e.server);
    await signInBrowser(context, e2e.server, other);
    e2e.expectBrowserError(/status of 403 .*\/api\/media\/[^/]+\)$/);
    await page.goto(`/edit-image/${photo.id}`);
    await visible(page.getByRole('heading', { name: 'Billedet kan ikke redigeres her' }));
    await visible(page.getByText('Kun mindesidens administratorer kan ændre den.', { exact: false }));
    expect(await page.getByRole('group', { name: 'Udsnit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Gem' }).count()).toBe(0);
    expect(await page.locator('img[src*="/media/"]').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
